// The chunk layout of a PNG file, checked in memory before libpng sees a byte. A PNG is the
// 8-byte signature followed by chunks, each a 4-byte big-endian length, a 4-byte type, that
// many bytes of data and a 4-byte CRC (PNG specification, 5.3: "The length counts only the
// data field ... Although encoders and decoders should treat the length as unsigned, its value
// shall not exceed 2^31-1 bytes"; "Each byte of a chunk type is restricted to the decimal
// values 65 to 90 and 97 to 122"). IHDR comes first with 13 bytes of data, IEND last (5.6).
// libpng reads through a callback that cannot report a short read, so a chunk whose length runs
// past the end of the file made it read and checksum up to 2 GiB of nothing; a layout that
// holds together is the condition for decoding at all. The walk is linear in the number of
// chunks and touches only their 8-byte headers.

/// Checks the chunk structure of a PNG held in memory.
enum PNGChunkLayout {
    /// The largest chunk length the specification allows.
    static let maximumChunkLength = 0x7FFF_FFFF

    /// Why the chunks of `bytes` (a whole file starting with the PNG signature) do not hold
    /// together, or nil when every chunk lies inside the file, IHDR opens them and IEND ends
    /// them. Places are byte offsets into the file.
    static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
        var offset = PNGHeader.signature.count
        var index = 0
        while true {
            guard offset + 8 <= count else {
                return "the PNG ends at byte \(count) before its IEND chunk"
            }
            let length = be32(offset)
            let type = (0..<4).map { bytes[offset + 4 + $0] }
            guard type.allSatisfy(isLetter) else {
                return "the chunk at byte \(offset) has a type that is not four ASCII letters"
            }
            let name = String(decoding: type, as: UTF8.self)
            guard length <= maximumChunkLength else {
                return "chunk \(name) at byte \(offset) claims \(length) bytes, above the PNG limit \(maximumChunkLength)"
            }
            if index == 0, name != "IHDR" || length != 13 {
                return "the first chunk is \(name) of \(length) bytes, not IHDR of 13"
            }
            let end = offset + 12 + length
            guard end <= count else {
                return "chunk \(name) at byte \(offset) claims \(length) bytes, past the end of the file (\(count) bytes)"
            }
            if name == "IEND" { return nil }
            offset = end
            index += 1
        }
    }
}
