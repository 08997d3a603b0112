// The group composite's row kernel (`lk_composite_row`, AVX-512 or AVX2 where the CPU has it,
// each path also called by itself) against its
// portable path and against the Swift loops it replaced, per pixel: bit-identical on random
// rows of every length up to 27 (every tail after the eight-pixel steps), with and without a
// mask, at full and partial opacity, on premultiplied pixels and on arbitrary bytes (sources
// of alpha 0 with colour left in them). Then the masked box composite of a group against the
// multiply-then-composite it stands for, on bitmaps.
import CRasterSIMD
@testable import Raster
import Testing

@Suite struct CompositeRowKernelTests {
    /// What the Swift loops did: the mask multiply (Bitmap.multiply's rounding), then the box
    /// composite's branches.
    static func reference(_ d: UInt32, _ s: UInt32, _ m: UInt32?, _ alpha: UInt32) -> UInt32 {
        var sp = s
        if let m {
            let k = m >> 24
            if k == 0 { sp = 0 } else if k != 255 { sp = lkScale(sp, k) }
        }
        if alpha == 255 {
            let sa = sp >> 24
            if sa == 255 { return sp }
            return sa != 0 ? lkSourceOver(sp, d) : d
        }
        return sp != 0 ? lkSourceOver(lkScale(sp, alpha), d) : d
    }

    @Test func vectorPortableAndSwiftPathsAgree() {
        var rng = SplitMix(seed: 0xC0_4B05)
        var mismatches = 0
        for round in 0..<6_000 {
            let n = round % 28
            let arbitrary = round % 5 == 4
            let src = (0..<n).map { _ in arbitrary ? rng.random(UInt32.max) : rng.premultiplied() }
            let dst = (0..<n).map { _ in rng.premultiplied() }
            let mask: [UInt32]? = round % 3 == 0 ? nil : (0..<n).map { _ in [0, 255, rng.random(255)][Int(rng.random(2))] << 24 | rng.random(0xFF_FFFF) }
            let alpha: UInt32 = [255, 128, 1, rng.random(255)][round % 4]
            var vector = dst, portable = dst
            vector.withUnsafeMutableBufferPointer { d in
                if let mask { lk_composite_row(d.baseAddress, src, mask, n, alpha) } else { lk_composite_row(d.baseAddress, src, nil, n, alpha) }
            }
            portable.withUnsafeMutableBufferPointer { d in
                if let mask { lk_composite_row_portable(d.baseAddress, src, mask, n, alpha) } else { lk_composite_row_portable(d.baseAddress, src, nil, n, alpha) }
            }
            for i in 0..<n {
                let swift = Self.reference(dst[i], src[i], mask?[i], alpha)
                if vector[i] != portable[i] || vector[i] != swift { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The box row (`lk_composite_box_row`) over runs of transparent sources (the eight-pixel
    /// steps its AVX2 path leaves unread) and of zero mask alpha, at every offset and length,
    /// beside drawn pixels: the same pixels as the portable path and the Swift loops, and the
    /// destination untouched under them.
    @Test func transparentRunsLeaveTheDestination() {
        var rng = SplitMix(seed: 0x7A_0E)
        var mismatches = 0, touched = 0
        for round in 0..<3_000 {
            let n = 8 + round % 41
            var src = (0..<n).map { _ in rng.premultiplied() }
            var mask: [UInt32]? = round % 2 == 0 ? nil : (0..<n).map { _ in [0, 255, rng.random(255)][Int(rng.random(2))] << 24 | rng.random(0xFF_FFFF) }
            // A run of zero sources, or of zero mask alpha with colour bytes left in it.
            let start = Int(rng.random(UInt32(n - 1))), length = min(n - start, 8 + Int(rng.random(16)))
            let zeroMask = mask != nil && round % 4 == 3
            for k in start..<(start + length) {
                if zeroMask { mask![k] &= 0x00FF_FFFF } else { src[k] = 0 }
            }
            let dst = (0..<n).map { _ in rng.premultiplied() }
            let alpha: UInt32 = [255, 128, rng.random(255)][round % 3]
            var vector = dst, portable = dst
            vector.withUnsafeMutableBufferPointer { d in
                if let mask { lk_composite_box_row(d.baseAddress, src, mask, n, alpha) } else { lk_composite_box_row(d.baseAddress, src, nil, n, alpha) }
            }
            portable.withUnsafeMutableBufferPointer { d in
                if let mask { lk_composite_row_portable(d.baseAddress, src, mask, n, alpha) } else { lk_composite_row_portable(d.baseAddress, src, nil, n, alpha) }
            }
            for i in 0..<n where vector[i] != portable[i] || vector[i] != Self.reference(dst[i], src[i], mask?[i], alpha) {
                mismatches += 1
            }
            for k in start..<(start + length) where vector[k] != dst[k] { touched += 1 }
        }
        #expect(mismatches == 0)
        #expect(touched == 0)
    }

    /// Runs of opaque sources under full mask alphas (the eight-pixel steps the AVX2 path stores
    /// as they are), at every offset and length, with one pixel in them made translucent or
    /// its mask alpha partial now and then: the same pixels as the portable path and the Swift loops.
    @Test func opaqueRunsAreTheSourcesThemselves() {
        var rng = SplitMix(seed: 0x0FA9_0E)
        var mismatches = 0
        for round in 0..<3_000 {
            let n = 8 + round % 41
            var src = (0..<n).map { _ in rng.premultiplied() }
            var mask: [UInt32]? = round % 2 == 0 ? nil : (0..<n).map { _ in [0, 255, rng.random(255)][Int(rng.random(2))] << 24 | rng.random(0xFF_FFFF) }
            let start = Int(rng.random(UInt32(n - 1))), length = min(n - start, 8 + Int(rng.random(16)))
            for k in start..<(start + length) {
                src[k] = 0xFF00_0000 | rng.random(0xFF_FFFF)
                if mask != nil { mask![k] |= 0xFF00_0000 }
            }
            if round % 3 == 0 {
                let k = start + Int(rng.random(UInt32(length - 1)))
                if let m = mask, round % 2 == 1 { mask![k] = (m[k] & 0x00FF_FFFF) | (rng.random(254) << 24) } else { src[k] = rng.premultiplied() }
            }
            let dst = (0..<n).map { _ in rng.premultiplied() }
            let alpha: UInt32 = [255, 255, 128, rng.random(255)][round % 4]
            for box in [false, true] {
                var vector = dst, portable = dst
                vector.withUnsafeMutableBufferPointer { d in
                    switch (mask, box) {
                    case let (m?, true): lk_composite_box_row(d.baseAddress, src, m, n, alpha)
                    case let (m?, false): lk_composite_row(d.baseAddress, src, m, n, alpha)
                    case (nil, true): lk_composite_box_row(d.baseAddress, src, nil, n, alpha)
                    case (nil, false): lk_composite_row(d.baseAddress, src, nil, n, alpha)
                    }
                }
                portable.withUnsafeMutableBufferPointer { d in
                    if let mask { lk_composite_row_portable(d.baseAddress, src, mask, n, alpha) } else { lk_composite_row_portable(d.baseAddress, src, nil, n, alpha) }
                }
                for i in 0..<n where vector[i] != portable[i] || vector[i] != Self.reference(dst[i], src[i], mask?[i], alpha) {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// Each vector path called itself, whichever the dispatch would choose: the AVX-512 steps
    /// (where the CPU has them) and the AVX2 steps, on rows of 16 to 80 pixels (every tail of
    /// the sixteen-pixel steps, under its lane mask) holding runs of zero, opaque and arbitrary
    /// sources, with and without a mask, at full and partial opacity, with and without the
    /// empty-run skip: the portable path's pixels, and nothing past the row written.
    @Test func avx512AndAVX2StepsEqualThePortablePath() {
        var rng = SplitMix(seed: 0x5121_6A)
        var mismatches = 0, paths = 0
        for round in 0..<4_000 {
            let n = 16 + round % 65
            var src = (0..<n).map { _ in round % 5 == 4 ? rng.random(UInt32.max) : rng.premultiplied() }
            let start = Int(rng.random(UInt32(n - 1))), length = min(n - start, 1 + Int(rng.random(40)))
            let run = rng.random(2)
            for k in start..<(start + length) { src[k] = run == 0 ? 0 : run == 1 ? 0xFF00_0000 | rng.random(0xFF_FFFF) : src[k] }
            let mask: [UInt32]? = round % 3 == 0 ? nil : (0..<n).map { _ in [0, 255, rng.random(255)][Int(rng.random(2))] << 24 | rng.random(0xFF_FFFF) }
            let dst = (0..<n + 16).map { _ in rng.premultiplied() }
            let alpha: UInt32 = [255, 255, 128, rng.random(255)][round % 4]
            let skip: Int32 = round % 2 == 0 ? 1 : 0
            var portable = dst
            portable.withUnsafeMutableBufferPointer { d in
                if let mask { lk_composite_row_portable(d.baseAddress, src, mask, n, alpha) } else { lk_composite_row_portable(d.baseAddress, src, nil, n, alpha) }
            }
            for wide in [true, false] {
                guard wide ? lk_cpu_has_avx512() != 0 : lk_cpu_has_avx2() != 0 else { continue }
                paths += 1
                var vector = dst
                vector.withUnsafeMutableBufferPointer { d in
                    switch (mask, wide) {
                    case let (m?, true): lk_composite_row_avx512_steps(d.baseAddress, src, m, n, alpha, skip)
                    case let (m?, false): lk_composite_row_avx2_steps(d.baseAddress, src, m, n, alpha, skip)
                    case (nil, true): lk_composite_row_avx512_steps(d.baseAddress, src, nil, n, alpha, skip)
                    case (nil, false): lk_composite_row_avx2_steps(d.baseAddress, src, nil, n, alpha, skip)
                    }
                }
                if vector != portable { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(paths > 0 || lk_cpu_has_avx2() == 0)
    }

    /// A group's box composited through a mask is the multiply followed by the composite, and
    /// leaves the group's pixels as they were.
    @Test func maskedBoxCompositeIsMultiplyThenComposite() {
        var rng = SplitMix(seed: 0xB0_C5)
        for round in 0..<40 {
            let w = 5 + Int(rng.random(30)), h = 3 + Int(rng.random(12))
            let group = Bitmap(width: w, height: h), mask = Bitmap(width: w, height: h)
            for i in 0..<(w * h) { group.pixels[i] = rng.premultiplied(); mask.pixels[i] = rng.premultiplied() }
            let box = PixelBox(x0: Int(rng.random(4)), y0: Int(rng.random(2)), x1: w - Int(rng.random(4)), y1: h - Int(rng.random(2)))
            let x = Int(rng.random(12)) - 6, y = Int(rng.random(8)) - 4
            let opacity = [1, 0.5, Double(rng.random(100)) / 100][round % 3]
            let fused = Canvas(Bitmap(width: 40, height: 20)), twoSteps = Canvas(Bitmap(width: 40, height: 20))
            for i in 0..<(40 * 20) { let p = rng.premultiplied(); fused.target.pixels[i] = p; twoSteps.target.pixels[i] = p }
            let before = Array(UnsafeBufferPointer(start: group.pixels, count: w * h))
            fused.draw(group, box: box, x: x, y: y, opacity: opacity, maskedBy: mask)
            #expect(Array(UnsafeBufferPointer(start: group.pixels, count: w * h)) == before)
            group.multiply(byAlphaOf: mask, in: box)
            twoSteps.draw(group, box: box, x: x, y: y, opacity: opacity)
            #expect(Array(UnsafeBufferPointer(start: fused.target.pixels, count: 800))
                    == Array(UnsafeBufferPointer(start: twoSteps.target.pixels, count: 800)), "round \(round)")
        }
    }
}

extension SplitMix {
    /// A number in 0…bound.
    mutating func random(_ bound: UInt32) -> UInt32 { UInt32(nextUInt() % (UInt64(bound) + 1)) }

    /// A premultiplied pixel: alpha 0, 255 or any, each channel within it.
    mutating func premultiplied() -> UInt32 {
        let a = [0, 255, random(255)][Int(random(2))]
        return a << 24 | random(a) << 16 | random(a) << 8 | random(a)
    }
}
