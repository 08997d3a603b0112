// A whole file read into memory, refused when it holds more than a limit. The length is
// never taken from the file system's word for it: the reading stops one byte past the limit,
// so a device, a pipe or a file that grows while being read (`/dev/zero` named as an image)
// costs at most the limit, never an endless read.
#if canImport(Glibc)
import Glibc
#endif

/// Reads files whole, up to a limit.
enum BoundedFileReader {
    /// Why a file could not be read: a sentence without the path (the caller's error names it).
    struct Failure: Error { var reason: String }

    /// The bytes of the file at `path`; throws when it cannot be opened or read, or when it
    /// holds more than `limit` bytes.
    static func contents(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(reason: "cannot open the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else {
                throw Failure(reason: "the file holds more than the limit \(limit) bytes")
            }
            bytes.append(contentsOf: block[..<n])
        }
    }
}
