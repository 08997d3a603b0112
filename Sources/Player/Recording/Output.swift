// Small output helpers for the player and the commands: unbuffered lines to stderr, and
// whole text files written and read with errors that name the path.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to stderr (logs, the summary, errors), unbuffered.
public func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Writes `text` to the file at `path`, replacing it; throws naming the path.
public func writeTextFile(_ text: String, to path: String) throws(PlayerError) {
    guard let f = fopen(path, "w") else {
        throw PlayerError("\(path): cannot open for writing: \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    if fputs(text, f) < 0 { throw PlayerError("\(path): write failed: \(String(cString: strerror(errno)))") }
}

/// The contents of the file at `path`; throws naming the path.
public func readTextFile(_ path: String) throws(PlayerError) -> String {
    guard let f = fopen(path, "r") else {
        throw PlayerError("\(path): cannot open: \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if n < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
