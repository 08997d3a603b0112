// The pixel clear (lk_clear.h): its string-store path, its library path and the dispatch between
// them set exactly the n pixels asked for, at small and odd lengths and on both sides of the
// dispatch threshold (half the level-2 cache), and leave the pixels on either side as they were.
import Testing
import CRasterSIMD

@Suite struct ClearKernelTests {
    typealias Clear = @Sendable (UnsafeMutablePointer<UInt32>, Int, UInt32) -> Void

    static let paths: [(String, Clear)] = [
        ("dispatch", { lk_clear_pixels($0, $1, $2) }),
        ("string", { lk_clear_pixels_string($0, $1, $2) }),
        ("library", { lk_clear_pixels_library($0, $1, $2) }),
    ]

    @Test(arguments: [0, 1, 2, 3, 7, 64, 1023, 1024, 1025, 4097, lk_level2_cache_bytes() / 8, lk_level2_cache_bytes() / 8 + 1, 480_001])
    func everyPathSetsExactlyTheRequestedPixels(count: Int) {
        let canary: UInt32 = 0xDEAD_BEEF, value: UInt32 = 0x80FF_4020
        for (name, clear) in Self.paths {
            for offset in 0..<2 {                 // 8-byte aligned and 4-byte misaligned starts
                var pixels = [UInt32](repeating: canary, count: count + 6)
                pixels.withUnsafeMutableBufferPointer { b in clear(b.baseAddress! + 2 + offset, count, value) }
                let start = 2 + offset
                #expect(pixels[..<start].allSatisfy { $0 == canary }, "\(name) n \(count): before")
                #expect(pixels[start..<(start + count)].allSatisfy { $0 == value }, "\(name) n \(count)")
                #expect(pixels[(start + count)...].allSatisfy { $0 == canary }, "\(name) n \(count): after")
            }
        }
    }

    @Test func aNegativeCountWritesNothing() {
        for (name, clear) in Self.paths {
            var pixels = [UInt32](repeating: 7, count: 4)
            pixels.withUnsafeMutableBufferPointer { b in clear(b.baseAddress! + 2, -3, 1) }
            #expect(pixels == [7, 7, 7, 7], "\(name)")
        }
    }
}
