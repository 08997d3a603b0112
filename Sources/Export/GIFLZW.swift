// GIF's variable-length-code LZW (GIF89a specification, appendix F): codes start one bit
// wider than the minimum code size, a clear code first, the code width grows as the table
// fills, and at 4096 codes a clear code starts a new table. The string table is a hash of
// (prefix code, next byte) → code with linear probing, cleared with the table. Codes are
// packed least significant bit first, then cut into sub-blocks of at most 255 bytes.

/// LZW-compresses palette indices as a GIF image's data: the minimum code size byte, the
/// sub-blocks and the block terminator.
public func gifLZW(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int = 8) -> [UInt8] {
    let minSize = max(2, min(8, minimumCodeSize))
    let clear = 1 << minSize, end = clear + 1
    let tableSize = 1 << 13                        // > 4096 entries, power of two for the mask
    var keys = [Int32](repeating: -1, count: tableSize)
    var codes = [UInt16](repeating: 0, count: tableSize)
    // At most one code per index plus a clear code every 4096 − 258 codes, 12 bits each.
    let capacity = (indices.count + indices.count / 2048 + 8) * 12 / 8 + 16
    let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { packed.deallocate() }
    var length = 0
    var bits: UInt64 = 0, bitCount = 0
    var codeSize = minSize + 1, next = end + 1
    @inline(__always) func emit(_ code: Int) {
        bits |= UInt64(code) << UInt64(bitCount)
        bitCount += codeSize
        while bitCount >= 8 { packed[length] = UInt8(truncatingIfNeeded: bits); length &+= 1; bits >>= 8; bitCount -= 8 }
    }
    keys.withUnsafeMutableBufferPointer { keys in
        codes.withUnsafeMutableBufferPointer { codes in
            emit(clear)
            guard let first = indices.first else { return }
            var prefix = Int(first) & (clear - 1)
            for i in 1..<max(1, indices.count) where i < indices.count {
                let byte = Int(indices[i]) & (clear - 1)
                let key = Int32(prefix << 8 | byte)
                var slot = (prefix &* 4099 ^ byte &* 31) & (tableSize - 1)
                while keys[slot] >= 0 && keys[slot] != key { slot = (slot + 1) & (tableSize - 1) }
                if keys[slot] == key { prefix = Int(codes[slot]); continue }
                emit(prefix)
                if next < 4096 {
                    keys[slot] = key; codes[slot] = UInt16(next)
                    // The decoder widens its codes once its table reaches 2^codeSize entries.
                    if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    next += 1
                } else {
                    emit(clear)
                    for j in 0..<tableSize { keys[j] = -1 }
                    codeSize = minSize + 1; next = end + 1
                }
                prefix = byte
            }
            emit(prefix)
        }
    }
    emit(end)
    if bitCount > 0 { packed[length] = UInt8(truncatingIfNeeded: bits); length += 1 }
    var out: [UInt8] = [UInt8(minSize)]
    out.reserveCapacity(length + length / 255 + 3)
    var i = 0
    while i < length {
        let n = min(255, length - i)
        out.append(UInt8(n))
        out.append(contentsOf: UnsafeBufferPointer(start: packed + i, count: n))
        i += n
    }
    out.append(0)
    return out
}
