// Exactness of premultiplied source-over, global alpha and clearing, and of a colour's
// rounding to bytes.
import Testing
import RasterFuzzing
@testable import Raster

@Suite struct CompositingTests {
    @Test func scaleIsExactlyRoundedForEveryPair() {
        for k in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                let want = UInt32((Double(c * k) / 255).rounded())
                let p = (c << 24) | (c << 16) | (c << 8) | c
                let got = lkScale(p, k)
                #expect(got == (want << 24) | (want << 16) | (want << 8) | want)
                if got != (want << 24) | (want << 16) | (want << 8) | want { return }
            }
        }
    }

    func square() -> FlatPath { polygon([Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)]) }

    @Test func table() {
        let b = Bitmap(width: 4, height: 4)
        let c = Canvas(b)
        // Opaque, full coverage: exactly the colour, over anything.
        b.clear(Color(0.2, 0.4, 0.6, 0.7))
        let teal = Color(0.1, 0.6, 0.55)
        c.fill(square(), color: teal, rule: .nonZero)
        #expect(b[1, 1] == teal.premultipliedARGB)
        // 50 % white over transparent: 128 premultiplied.
        b.clear()
        c.fill(square(), color: Color(1, 1, 1, 0.5), rule: .nonZero)
        #expect(b[1, 1] == 0x8080_8080)
        // 50 % over 50 %: 0.5 + 0.5·(1 − 0.5) = 0.75 → 192 (from 128 + round(128·127/255) = 192).
        c.fill(square(), color: Color(1, 1, 1, 0.5), rule: .nonZero)
        #expect(b[1, 1] == 0xC0C0_C0C0)
        // Global alpha multiplies the colour's alpha.
        b.clear()
        c.fill(square(), color: .red, rule: .nonZero, opacity: 0.5)
        #expect(b[1, 1] == 0x8080_0000)
        // 50 % black over opaque white: 128 + 255·127/255 → alpha 255, grey 127.
        b.clear(.white)
        c.fill(square(), color: Color(0, 0, 0, 0.5), rule: .nonZero)
        #expect(b[1, 1] == 0xFF7F_7F7F)
        // Zero opacity, NaN opacity: nothing.
        c.fill(square(), color: .red, rule: .nonZero, opacity: 0)
        c.fill(square(), color: .red, rule: .nonZero, opacity: .nan)
        #expect(b[1, 1] == 0xFF7F_7F7F)
        // Clear erases by coverage.
        c.clear(polygon([Point(0, 0), Point(2, 0), Point(2, 4), Point(0, 4)]))
        #expect(b[0, 0] == 0 && b[1, 3] == 0 && b[2, 0] == 0xFF7F_7F7F)
        c.clear(polygon([Point(2, 0), Point(2.5, 0), Point(2.5, 4), Point(2, 4)]))
        #expect(b[2, 0] == 0x7F3F_3F3F)     // coverage 128 keeps 127/255
    }
}

@Suite struct ColorRoundingTests {
    /// `Color.roundedByte` against `rounded()` at every half, just below and above each, at the
    /// sums that round up onto an integer, and at random values over 0…255.
    @Test func roundedByteIsRoundedForEveryKindOfValue() {
        var values: [Double] = [0, 0.25, 0.5, 1, 254.5, 255, 0.5 - 0x1p-54, 0.5.nextDown, 0.5.nextUp]
        for n in 0...255 {
            let half = Double(n) + 0.5
            values += [Double(n), half, half.nextDown, half.nextUp, half.nextDown.nextDown]
        }
        var rng = SplitMix64(seed: 11)
        for _ in 0..<100_000 { values.append(Double(rng.next() >> 11) * 0x1p-53 * 255) }
        for v in values where v <= 255 {
            #expect(Color.roundedByte(v) == UInt32(v.rounded()), "v \(v)")
        }
    }
}
