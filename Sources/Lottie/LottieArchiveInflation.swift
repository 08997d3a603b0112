// A compressed `.lottie` entry inflated from exactly its own stored bytes. ZIPFoundation's
// extraction feeds zlib from the archive file until the deflate stream ends; a corrupted
// stream that never reaches its end makes it read past the end of the file for ever (each
// read returns nothing and the loop asks again). Here the stored bytes are found through the
// archive's central directory (APPNOTE 4.3.12: the relative offset of the entry's local
// header; 4.3.7: the local header, then the name and extra field, then the data) and handed
// to ZIPFoundation's own `Data.decompress`, whose provider says "truncated" once they are used
// up, so every entry ends: inflated, or refused in one line.
import Foundation
import LayerKit
import ZIPFoundation

enum LottieArchiveInflation {
    /// The bytes of `entry` (a compressed entry named `path`) inflated, at most `limit` of them.
    static func inflate(_ path: String, entry: Entry, archiveBytes bytes: [UInt8], limit: UInt64) throws(DocumentError) -> [UInt8] {
        guard let stored = storedRange(of: path, in: bytes, compressedSize: entry.compressedSize) else {
            throw DocumentError(path, "cannot be located in the archive (damaged central directory or local header)")
        }
        var out: [UInt8] = []
        var next = stored.lowerBound
        let crc: CRC32
        do {
            crc = try Data.decompress(size: Int64(entry.uncompressedSize), bufferSize: 16 * 1024, skipCRC32: false,
                                      provider: { (_, size) -> Data in
                guard next < stored.upperBound else { throw Failure.truncated }
                let end = min(stored.upperBound, next + size)
                defer { next = end }
                // ZIPFoundation's decode tells zlib every chunk holds `size` bytes (avail_in =
                // bufferSize), so a shorter last chunk would be read past its end (found by the
                // fuzzer: a heap over-read in inflate). The stored bytes, then zeros up to `size`:
                // a stream that ends stops before them; one that runs into them is damaged and
                // ends refused (bad data, or "truncated" at the next call).
                var chunk = Data(bytes[next..<end])
                if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                return chunk
            }, consumer: { (chunk: Data) in
                guard UInt64(out.count + chunk.count) <= limit else { throw Failure.tooLarge }
                out.append(contentsOf: chunk)
            })
        } catch Failure.truncated {
            throw DocumentError(path, "compressed data ends before its deflate stream does")
        } catch Failure.tooLarge {
            throw DocumentError(path, "inflates to more than the limit \(limit) bytes")
        } catch {
            throw DocumentError(path, "compressed data is damaged (\(error))")
        }
        guard crc == entry.checksum else { throw DocumentError(path, "checksum does not match its data") }
        return out
    }

    private enum Failure: Error { case truncated, tooLarge }

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
