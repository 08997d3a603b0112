// The frames of an export rendered on every core and written in order. Each worker thread
// loads the source in its own Core Animation context (layers and animations belong to one
// context) and takes runs of consecutive frames, so its renderer redraws only what changed
// from one frame to the next (`RenderTree` + `LayerRenderer.renderFrame`, as `play` draws);
// it also draws the frame before its run, which the encoders compare against (GIF and APNG
// write only the changed rectangle). The worker does the encoder's per-frame work
// (`FrameEncoder.prepare`: quantizing, compressing); the calling thread writes the prepared
// frames in order, shows progress on a terminal, and stops everything at the first error or
// at SIGINT. Frames waiting to be written are bounded (by count and bytes).
import ArgumentParser
import Export
import Foundation
import Lottie
import LayerKit
import Media
import Player
#if canImport(Glibc)
import Glibc
#endif

/// What the workers render: the source's path, the canvas, and the frame times.
struct ExportJob: Sendable {
    let path: String
    let lottie: LottieLoadOptions
    let canvas: Size
    let scale: Double
    let background: Color
    let times: [Double]
    /// How each frame's raster is split over threads.
    let frameThreads: FrameThreads
}

/// Renders `job` on `jobs` threads into `encoder`, in order.
final class ExportPipeline: @unchecked Sendable {
    let job: ExportJob
    let encoder: FrameEncoder
    let jobs: Int
    /// Frames a worker takes at a time.
    let runLength: Int
    /// At most this many frames rendered ahead of the writer.
    let ahead: Int
    private let lock = NSCondition()
    private var ready: [Int: PreparedFrame] = [:]
    private var nextRun = 0
    private var written = 0
    private var failure: Error?
    private var stopped = false

    init(job: ExportJob, encoder: FrameEncoder, jobs: Int) {
        self.job = job
        self.encoder = encoder
        self.jobs = max(1, jobs)
        let frameBytes = max(1, Int(job.canvas.width * job.scale) * Int(job.canvas.height * job.scale) * 4)
        // Enough to keep every worker busy; no more than about 512 MB of frames in waiting.
        ahead = max(2 * self.jobs, min(64 * self.jobs, (512 << 20) / frameBytes))
        runLength = max(1, min(16, ahead / (2 * self.jobs), (job.times.count + self.jobs - 1) / self.jobs))
    }

    func run() throws {
        var threads: [Thread] = []
        let done = DispatchGroup()
        for _ in 0..<jobs {
            done.enter()
            let t = Thread { [self] in
                defer { done.leave() }
                CAAnimationContext(clock: CAMediaClock()).run { self.work() }
            }
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
        let progress = ExportProgress(total: job.times.count)
        defer {
            lock.lock(); stopped = true; lock.broadcast(); lock.unlock()
            done.wait()
            progress.finish()
        }
        for i in 0..<job.times.count {
            let frame = try take(i)
            try encoder.write(frame)
            progress.update(done: i + 1)
        }
        if ExportInterrupt.raised { throw ExportInterrupted() }
        try encoder.finish()
    }

    /// Waits for frame `i`, polling for SIGINT and worker failures.
    private func take(_ i: Int) throws -> PreparedFrame {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if ExportInterrupt.raised { throw ExportInterrupted() }
            if let failure { throw failure }
            if let frame = ready.removeValue(forKey: i) {
                written = i + 1
                lock.broadcast()
                return frame
            }
            _ = lock.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
    }

    /// One worker: its own copy of the source, then runs of frames until none are left.
    private func work() {
        do {
            let source = try openAnimationSource(job.path, quiet: true, lottie: job.lottie)
            let layer = source.frameLayer(width: job.canvas.width, height: job.canvas.height)
            let (w, h) = try source.pixelSize(width: job.canvas.width, height: job.canvas.height, scale: job.scale)
            let bitmap = Bitmap(width: w, height: h)
            let canvas = Canvas(bitmap)
            let renderer = source.makeRenderer(scale: job.scale, background: job.background)
            renderer.rasterizer.frameThreads = job.frameThreads
            let tree = RenderTree()
            // The canvas in points: what lies beyond it is left out of the update (RenderTree.update).
            let visible = Rect(0, 0, Double(w) / job.scale, Double(h) / job.scale)
            func render(_ i: Int) throws -> RGBAImage {
                let t = job.times[i]
                source.setTime(t)
                _ = renderer.renderFrame(tree.update(layer, at: t, visibleRect: visible), into: canvas)
                if let n = renderer.refusedDrawnPixels {
                    throw ExportError("\(source.fileName): \(drawnPixelsRefusal(n, at: t))")
                }
                return RGBAImage(bitmap)
            }
            while let range = claimRun() {
                var previous = range.lowerBound > 0 ? try render(range.lowerBound - 1) : nil
                for i in range {
                    if isStopped { return }
                    let image = try render(i)
                    let prepared = try encoder.prepare(image, previous: previous, index: i)
                    previous = image
                    deliver(prepared)
                }
            }
        } catch {
            lock.lock()
            if failure == nil { failure = error is ExitCode ? ExportError("a worker could not load the source") : error }
            lock.broadcast()
            lock.unlock()
        }
    }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped || failure != nil
    }

    /// The next run of frames, waiting while too many frames are ahead of the writer.
    private func claimRun() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        while !stopped && failure == nil && nextRun < job.times.count && nextRun - written >= ahead {
            _ = lock.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        guard !stopped, failure == nil, nextRun < job.times.count else { return nil }
        let r = nextRun..<min(job.times.count, nextRun + runLength)
        nextRun = r.upperBound
        return r
    }

    private func deliver(_ frame: PreparedFrame) {
        lock.lock()
        ready[frame.index] = frame
        lock.broadcast()
        lock.unlock()
    }
}

/// `[#####.....] 120/889 frames  45.2 fps  0:17 left` on stderr, redrawn at most ten times a
/// second, only when stderr is a terminal.
final class ExportProgress {
    let total: Int
    let enabled = isatty(2) != 0
    private let start = MonotonicTime.seconds()
    private var lastDraw = 0.0
    private var drawn = false

    init(total: Int) { self.total = total }

    func update(done: Int) {
        guard enabled else { return }
        let now = MonotonicTime.seconds()
        guard now - lastDraw >= 0.1 || done == total else { return }
        lastDraw = now
        let elapsed = max(1e-6, now - start), rate = Double(done) / elapsed
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
        let width = 30, filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = "\r[\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", rate)) fps  \(left / 60):\(String(format: "%02d", left % 60)) left"
        FileHandle.standardError.write(line.data(using: .utf8)!)
        drawn = true
    }

    /// Clears the bar's line.
    func finish() {
        guard drawn else { return }
        FileHandle.standardError.write("\r\u{1b}[2K".data(using: .utf8)!)
    }
}
