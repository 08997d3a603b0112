// A compressed `.lottie` entry inflated from exactly its own stored bytes, by zlib's own
// checked interface: the whole stored range is zlib's input, with `avail_in` its true length,
// so zlib can never read a byte beyond it (zlib.h: "next_in … avail_in: number of bytes
// available at next_in"). ZIPFoundation 0.9.20's `Data.decode` sets `avail_in` to its buffer
// size before asking its provider for a chunk and never to the chunk's length, so a stream
// whose stored block claims bytes that are not there makes zlib read past the chunk (a
// SIGSEGV on a 129-byte archive); its extraction from a file also keeps reading past the end
// of a stream that never ends. The stored bytes are found through the archive's central
// directory (APPNOTE 4.3.12: the relative offset of the entry's local header; 4.3.7: the local
// header, then the name and extra field, then the data). The output grows in 64 KiB steps up to
// the entry's declared size (checked against the file limit before anything is allocated),
// and an entry that inflates to more or to fewer bytes than it declares, whose stream ends
// early or is damaged, or whose CRC-32 differs is refused in one line.
import CZlib
import Foundation
import LayerKit
import ZIPFoundation

enum LottieArchiveInflation {
    /// The bytes of `entry` (a compressed entry named `path`) inflated, at most `limit` of them.
    static func inflate(_ path: String, entry: Entry, archiveBytes bytes: [UInt8], limit: UInt64) throws(DocumentError) -> [UInt8] {
        guard entry.uncompressedSize <= limit else {
            throw DocumentError(path, "entry of \(entry.uncompressedSize) bytes exceeds the limit \(limit) bytes")
        }
        guard let stored = storedRange(of: path, in: bytes, compressedSize: entry.compressedSize) else {
            throw DocumentError(path, "cannot be located in the archive (damaged central directory or local header)")
        }
        let out = try inflateRaw(bytes[stored], declaredSize: Int(entry.uncompressedSize), path: path)
        let crc = out.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == entry.checksum else { throw DocumentError(path, "checksum does not match its data") }
        return out
    }

    /// A raw deflate stream (RFC 1951, as ZIP stores it) inflated to exactly `declaredSize`
    /// bytes, or refused.
    static func inflateRaw(_ input: ArraySlice<UInt8>, declaredSize: Int, path: String) throws(DocumentError) -> [UInt8] {
        let step = 64 * 1024
        var out = [UInt8](repeating: 0, count: min(declaredSize, step))
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DocumentError(path, "zlib cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var produced = 0
        var result = Z_OK
        input.withUnsafeBufferPointer { src in
            stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
            stream.avail_in = uInt(src.count)
            while true {
                if produced == out.count {
                    // One byte beyond the declared size is room enough to learn that it lies.
                    let grown = min(declaredSize + 1, out.count + step)
                    guard grown > out.count else { result = Z_BUF_ERROR; return }
                    out.append(contentsOf: repeatElement(0, count: grown - out.count))
                }
                out.withUnsafeMutableBufferPointer { dst in
                    stream.next_out = dst.baseAddress! + produced
                    stream.avail_out = uInt(dst.count - produced)
                    result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = dst.count - Int(stream.avail_out)
                }
                if result != Z_OK { return }
                // No progress with input left can only be a full output (grown above); no
                // input left before the stream's end is a truncated stream.
                if stream.avail_in == 0 && stream.avail_out != 0 { result = Z_BUF_ERROR; return }
            }
        }
        switch result {
        case Z_STREAM_END:
            guard produced == declaredSize else {
                throw DocumentError(path, "inflates to \(produced) bytes, not the \(declaredSize) bytes its directory entry declares")
            }
            out.removeLast(out.count - produced)
            return out
        case Z_BUF_ERROR where produced > declaredSize:
            throw DocumentError(path, "inflates to more than the \(declaredSize) bytes its directory entry declares")
        case Z_BUF_ERROR:
            throw DocumentError(path, "compressed data ends before its deflate stream does")
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(result)"
            throw DocumentError(path, "compressed data is damaged (\(reason))")
        }
    }

    /// Where the stored bytes of the first central-directory entry named `path` lie in `bytes`
    /// (nil when the directory or the local header is damaged, or uses ZIP64 fields).
    static func storedRange(of path: String, in bytes: [UInt8], compressedSize: UInt64) -> Range<Int>? {
        func u16(_ i: Int) -> Int? { i >= 0 && i + 2 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : nil }
        func u32(_ i: Int) -> Int? {
            guard let lo = u16(i), let hi = u16(i + 2) else { return nil }
            return lo | hi << 16
        }
        // The end of central directory record: signature 0x06054b50, at most 65,535 bytes of
        // comment after it.
        var eocd: Int?
        var i = bytes.count - 22
        while i >= max(0, bytes.count - 22 - 65_535) {
            if u32(i) == 0x0605_4b50 { eocd = i; break }
            i -= 1
        }
        guard let e = eocd, let count = u16(e + 10), var p = u32(e + 16), p != 0xFFFF_FFFF else { return nil }
        let name = Array(path.utf8)
        for _ in 0..<count {
            guard u32(p) == 0x0201_4b50, let n = u16(p + 28), let x = u16(p + 30), let c = u16(p + 32),
                  let local = u32(p + 42), p + 46 + n <= bytes.count else { return nil }
            if Array(bytes[(p + 46)..<(p + 46 + n)]) == name {
                guard local != 0xFFFF_FFFF, compressedSize < 0xFFFF_FFFF, u32(local) == 0x0403_4b50,
                      let ln = u16(local + 26), let lx = u16(local + 28) else { return nil }
                let start = local + 30 + ln + lx
                let end = start + Int(compressedSize)
                guard start <= bytes.count, end <= bytes.count else { return nil }
                return start..<end
            }
            p += 46 + n + x + c
        }
        return nil
    }
}
