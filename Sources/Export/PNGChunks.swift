// PNG's pieces (PNG specification, ISO/IEC 15948): the signature, chunks with their CRC-32,
// IHDR for 8-bit RGBA, and image data as filtered rows (per row the filter among None, Sub,
// Up and Paeth with the least sum of absolute values, the spec's suggested heuristic)
// compressed by zlib. APNGEncoder and PNGFolderEncoder write with these.
import CDeflate

enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    /// Length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        return be32(data.count) + typeBytes + data + be32(Int(crc))
    }

    /// IHDR of a `width`×`height` 8-bit RGBA image.
    static func header(width: Int, height: Int) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
    }

    /// The zlib stream of `rect` of `image`, rows filtered, at zlib `level` (0…9).
    static func compressedRows(_ image: RGBAImage, rect: PixelRect, level: Int32) throws -> [UInt8] {
        let stride = rect.width * 4
        var raw = [UInt8](repeating: 0, count: (stride + 1) * rect.height)
        var candidate = [UInt8](repeating: 0, count: stride)
        // The row above the first: zeros, as the spec has it.
        let zeros = [UInt8](repeating: 0, count: stride)
        raw.withUnsafeMutableBufferPointer { raw in
            candidate.withUnsafeMutableBufferPointer { cand in
              zeros.withUnsafeBufferPointer { zeros in
                for row in 0..<rect.height {
                    let line = UnsafePointer(image.bytes + ((rect.y + row) * image.width + rect.x) * 4)
                    let up: UnsafePointer<UInt8> = row > 0 ? UnsafePointer(image.bytes + ((rect.y + row - 1) * image.width + rect.x) * 4) : zeros.baseAddress!
                    let out = raw.baseAddress! + row * (stride + 1)
                    var bestSum = Int.max
                    for filter in 0...4 where filter != 3 {
                        var sum = 0
                        for i in 0..<stride {
                            let a = i >= 4 ? Int(line[i &- 4]) : 0, b = Int(up[i])
                            let c = i >= 4 ? Int(up[i &- 4]) : 0
                            let predicted: Int
                            switch filter {
                            case 0: predicted = 0
                            case 1: predicted = a
                            case 2: predicted = b
                            default:
                                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                            }
                            let v = UInt8(truncatingIfNeeded: Int(line[i]) - predicted)
                            cand[i] = v
                            sum += v < 128 ? Int(v) : 256 - Int(v)
                        }
                        if sum < bestSum {
                            bestSum = sum
                            out[0] = UInt8(filter)
                            (out + 1).update(from: cand.baseAddress!, count: stride)
                        }
                    }
                }
              }
            }
        }
        var size = compressBound(UInt(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(size))
        let status = compressed.withUnsafeMutableBufferPointer { c in
            raw.withUnsafeBufferPointer { r in compress2(c.baseAddress, &size, r.baseAddress, UInt(r.count), level) }
        }
        guard status == Z_OK else { throw ExportError("zlib could not compress a frame (status \(status))") }
        compressed.removeSubrange(Int(size)...)
        return compressed
    }

    /// A whole PNG file of `image`.
    static func file(_ image: RGBAImage, level: Int32) throws -> [UInt8] {
        let rect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        return signature + header(width: image.width, height: image.height)
            + chunk("IDAT", try compressedRows(image, rect: rect, level: level)) + chunk("IEND", [])
    }
}

/// Big-endian 32 bits.
@inline(__always) func be32(_ v: Int) -> [UInt8] {
    [UInt8((v >> 24) & 0xff), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
}
@inline(__always) func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
