// A file written through a buffer with one clear error line on failure (C stdio underneath).
#if canImport(Glibc)
import Glibc
#endif

/// A file opened for writing; `write` buffers, `close` flushes and reports.
final class OutputFile {
    private var handle: UnsafeMutablePointer<FILE>?
    let path: String

    init(path: String) throws {
        self.path = path
        guard let h = fopen(path, "wb") else {
            let dir = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            throw ExportError("cannot create a file in \(dir.isEmpty ? "/" : dir): \(String(cString: strerror(errno)))")
        }
        handle = h
    }

    deinit { if let handle { fclose(handle) } }

    func write(_ bytes: [UInt8]) throws {
        guard let handle else { throw ExportError("\(path): written after close") }
        let n = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        guard n == bytes.count else { throw ExportError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    func close() throws {
        guard let h = handle else { return }
        handle = nil
        guard fclose(h) == 0 else { throw ExportError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}
