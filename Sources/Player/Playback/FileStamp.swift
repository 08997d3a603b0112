// What tells that a file changed: its device, inode, size and modification time to the
// nanosecond, read with stat(2). An editor that saves by renaming a new file over the old one
// changes the inode; one that rewrites in place changes the size or the time.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One observation of a file; nil fields when the file could not be read.
public struct FileStamp: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    /// The file at `path` now, nil when stat fails (missing, no permission).
    public static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        let mtime = st.st_mtimespec
        #else
        let mtime = st.st_mtim
        #endif
        return FileStamp(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                         modifiedSeconds: Int64(mtime.tv_sec), modifiedNanoseconds: Int64(mtime.tv_nsec))
    }
}

/// Watches one file by polling its stamp: a change is reported once the new stamp has been
/// seen twice in a row (so a file still being written is not read half-way).
public struct FileChangeWatcher: Sendable {
    public let path: String
    /// The stamp of the version last reported (or the one at the start).
    public private(set) var reported: FileStamp?
    private var candidate: FileStamp??

    public init(path: String) {
        self.path = path
        reported = FileStamp.of(path)
    }

    /// Looks at the file once; true when it changed since the last report and has stayed
    /// the same since the previous look.
    public mutating func poll() -> Bool {
        let now = FileStamp.of(path)
        guard now != reported else { candidate = nil; return false }
        guard case .some(let seen) = candidate, seen == now else { candidate = .some(now); return false }
        reported = now
        candidate = nil
        return true
    }
}
