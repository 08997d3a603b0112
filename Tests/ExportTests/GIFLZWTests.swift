// GIF's LZW (GIFLZW.swift) checked against a decoder written from the GIF89a specification's
// appendix F: random indices, long runs (the table fills and is cleared), small code sizes.
import Testing
@testable import Export

/// Decodes GIF image data (minimum code size byte, sub-blocks, terminator) to indices.
func decodeGIFLZW(_ data: [UInt8]) -> [UInt8]? {
    guard let minSize = data.first.map(Int.init), minSize >= 2, minSize <= 8 else { return nil }
    var packed: [UInt8] = []
    var i = 1
    while i < data.count {
        let n = Int(data[i]); i += 1
        if n == 0 { break }
        guard i + n <= data.count else { return nil }
        packed += data[i..<(i + n)]; i += n
    }
    let clear = 1 << minSize, end = clear + 1
    var table: [[UInt8]] = (0..<clear).map { [UInt8($0)] } + [[], []]
    var codeSize = minSize + 1
    var out: [UInt8] = []
    var previous: [UInt8]? = nil
    var bitPos = 0
    while bitPos + codeSize <= packed.count * 8 {
        var code = 0
        for b in 0..<codeSize { code |= Int((packed[(bitPos + b) / 8] >> ((bitPos + b) % 8)) & 1) << b }
        bitPos += codeSize
        if code == clear { table = Array(table[0..<(clear + 2)]); codeSize = minSize + 1; previous = nil; continue }
        if code == end { return out }
        var entry: [UInt8]
        if code < table.count { entry = table[code] } else if let p = previous, code == table.count { entry = p + [p[0]] } else { return nil }
        out += entry
        if let p = previous, table.count < 4096 {
            table.append(p + [entry[0]])
            if table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        }
        previous = entry
    }
    return nil
}

@Suite struct GIFLZWTests {
    func roundTrip(_ indices: [UInt8], minimumCodeSize: Int = 8) -> [UInt8]? {
        let data = indices.withUnsafeBufferPointer { gifLZW($0, minimumCodeSize: minimumCodeSize) }
        return decodeGIFLZW(data)
    }

    @Test func randomIndicesRoundTrip() {
        var g = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 255, 256, 5_000, 70_000] {
            let indices = (0..<count).map { _ in UInt8.random(in: 0...255, using: &g) }
            #expect(roundTrip(indices) == indices, "count \(count)")
        }
    }

    @Test func runsFillAndClearTheTable() {
        // Few distinct values: long strings, the table reaches 4096 codes many times.
        var g = SystemRandomNumberGenerator()
        let indices = (0..<200_000).map { i in UInt8((i / 7 + Int.random(in: 0...1, using: &g)) % 4) }
        #expect(roundTrip(indices) == indices)
        let flat = [UInt8](repeating: 9, count: 100_000)
        #expect(roundTrip(flat) == flat)
    }

    @Test func smallCodeSizes() {
        let indices: [UInt8] = (0..<10_000).map { UInt8(($0 * 7 + $0 / 13) % 4) }
        #expect(roundTrip(indices, minimumCodeSize: 2) == indices)
    }

    @Test func subBlocksAreAtMost255Bytes() {
        let indices = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }
        let data = indices.withUnsafeBufferPointer { gifLZW($0) }
        var i = 1, blocks = 0
        while data[i] != 0 { #expect(data[i] <= 255); i += Int(data[i]) + 1; blocks += 1 }
        #expect(i == data.count - 1)
        #expect(blocks > 1)
    }
}
