// The size a PNG file declares, read from its first chunk without decoding anything. A PNG
// starts with the 8-byte signature 89 50 4E 47 0D 0A 1A 0A, then the IHDR chunk: a 4-byte
// length, the type "IHDR", and the image width and height as 4-byte big-endian integers
// (PNG specification, 5.2 and 11.2.2).

/// Reads the declared size of a PNG file.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The declared size in the first 24 bytes of a file, nil when they are not a PNG's.
    static func size(ofHeader head: [UInt8]) -> (width: Int, height: Int)? {
        guard head.count >= 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
