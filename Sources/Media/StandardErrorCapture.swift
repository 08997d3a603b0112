// Libraries' own messages kept off the terminal. SDL, SDL_image and libpng write warnings
// straight to the process's standard error (file descriptor 2), beside the player's one-line
// messages. `StandardErrorCapture.run` points descriptor 2 at an anonymous temporary file for
// the duration of one library call, then restores it and hands back what was written, so the
// caller can fold it into its own line or drop it. Descriptor 2 is process-wide: captures are
// serialised by one lock, and anything another thread writes meanwhile is captured too.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a library call with standard error captured.
public enum StandardErrorCapture {
    private static let lock = NSLock()
    /// At most this many bytes of captured text are returned.
    public static let maximumLength = 4096

    /// Runs `body` with descriptor 2 redirected; returns its result and what it wrote there
    /// (at most `maximumLength` bytes). When redirection is impossible `body` runs as is.
    public static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, output: String) {
        lock.lock()
        defer { lock.unlock() }
        fflush(nil)
        let saved = dup(2)
        guard saved >= 0, let file = tmpfile() else {
            if saved >= 0 { close(saved) }
            return (try body(), "")
        }
        defer { fclose(file) }
        let fd = fileno(file)
        dup2(fd, 2)
        let outcome: Result<T, E>
        do { outcome = .success(try body()) } catch { outcome = .failure(error) }
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        var bytes = [UInt8](repeating: 0, count: maximumLength)
        let n = pread(fd, &bytes, maximumLength, 0)
        let text = n > 0 ? String(decoding: bytes[..<n], as: UTF8.self) : ""
        return (try outcome.get(), text)
    }
}
