// The `--record-timings` CSV and the `--trace` JSON written while the run goes on, a chunk of
// frames at a time: the files are opened (and refused) before the first frame, each chunk is
// formatted and appended on a serial queue of its own so that the frame loop does no I/O, and
// `finish` waits for the queue, closes the trace's JSON and the files. Memory stays one chunk
// whatever the length of the run.
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Writes the timing files of one run as its frames arrive.
final class FrameTimingFiles {
    private var csv: UnsafeMutablePointer<FILE>?
    private var trace: UnsafeMutablePointer<FILE>?
    private let csvPath: String?, tracePath: String?
    private let queue = DispatchQueue(label: "layerplay.frame-timing-files")
    /// The first frame's timestamp (CSV times) and start (trace times), once a chunk came.
    private var origins: (timestamp: Double, start: Double)?

    /// Opens the files named (either may be nil) and writes their openings.
    init(csvPath: String?, tracePath: String?) throws(PlayerError) {
        self.csvPath = csvPath; self.tracePath = tracePath
        if let csvPath {
            csv = try Self.open(csvPath)
            fputs(FrameTimingCSV.header + "\n", csv)
        }
        if let tracePath {
            trace = try Self.open(tracePath)
            fputs(TraceEventWriter.opening + TraceEventWriter.metadata.joined(separator: ",\n"), trace)
        }
    }

    deinit {
        if let csv { fclose(csv) }
        if let trace { fclose(trace) }
    }

    private static func open(_ path: String) throws(PlayerError) -> UnsafeMutablePointer<FILE> {
        guard let f = fopen(path, "w") else {
            throw PlayerError("\(path): cannot open for writing: \(String(cString: strerror(errno)))")
        }
        return f
    }

    /// Whether any file is being written (without one, chunks are dropped).
    var isWriting: Bool { csv != nil || trace != nil }

    /// Appends a chunk of frames (in order) to the files, on the files' queue.
    func write(_ chunk: ArraySlice<FrameTiming>) {
        guard isWriting, let first = chunk.first else { return }
        let origins = self.origins ?? (first.timestamp, first.start)
        self.origins = origins
        let frames = Array(chunk)
        let csv = self.csv.map(Stream.init), trace = self.trace.map(Stream.init)
        queue.async {
            if let csv { fputs(FrameTimingCSV.rows(frames[...], origin: origins.timestamp), csv.file) }
            if let trace { fputs(",\n" + TraceEventWriter.events(frames[...], origin: origins.start), trace.file) }
        }
    }

    /// A C stream handed to the queue: between `init` and `finish` only the queue writes to
    /// it, one chunk after another, and `finish` waits for the queue before closing it.
    private struct Stream: @unchecked Sendable { let file: UnsafeMutablePointer<FILE> }

    /// Waits for the queued chunks, ends the trace's JSON and closes the files; throws naming
    /// the first file whose writing failed.
    func finish() throws(PlayerError) {
        queue.sync {}
        if let trace { fputs(TraceEventWriter.closing, trace) }
        let files = [(csv, csvPath), (trace, tracePath)]
        csv = nil; trace = nil
        var failure: PlayerError?
        for (file, path) in files {
            guard let file, let path else { continue }
            let failed = ferror(file) != 0
            let closed = fclose(file) == 0
            if (failed || !closed) && failure == nil {
                failure = PlayerError("\(path): write failed: \(String(cString: strerror(errno)))")
            }
        }
        if let failure { throw failure }
    }
}
