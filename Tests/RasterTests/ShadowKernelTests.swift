// The shadow kernels: the box passes and the plane transpose of the Gaussian blur
// (lk_box_blur.h), the caster's alpha plane (lk_alpha_plane.h) and the composite's coverage
// rows and the plane rows' extents above the coverage floor (lk_shadow_row.h), their AVX2
// paths against
// their portable paths and both against the rule written out here; and whole shadows drawn
// through Canvas.drawShadow against the shadow pipeline written out here as it was before
// the kernels (alpha reduced cell by cell, box passes along rows and down columns in Swift,
// every pixel composited by lkSourceOver(lkScale(color, c))), bit for bit.
import Testing
@testable import Raster
import CRasterSIMD
import RasterFuzzing

@Suite struct ShadowKernelTests {
    static func plane(_ rng: inout SplitMix64, _ n: Int) -> [Float] {
        (0..<n).map { _ in rng.int(3) == 0 ? 0 : Float(rng.unit()) }
    }

    /// The box rule down one column (the sequence lk_box_blur.h names).
    static func columnRule(_ src: [Float], width: Int, height: Int, r: Int, x: Int, into dst: inout [Float]) {
        let inv = 1 / Float(2 * r + 1)
        var sum: Float = 0
        for y in 0..<min(r, height) { sum += src[y * width + x] }
        for y in 0..<height {
            if y + r < height { sum += src[(y + r) * width + x] }
            dst[y * width + x] = sum * inv
            if y - r >= 0 { sum -= src[(y - r) * width + x] }
        }
    }

    @Test func boxColumnsVectorEqualsPortableEqualsRule() {
        var rng = SplitMix64(seed: 0xB0C5_B1)
        for _ in 0..<200 {
            let w = 1 + rng.int(40), h = 1 + rng.int(40), r = rng.int(24)
            let src = Self.plane(&rng, w * h)
            var rule = [Float](repeating: -1, count: w * h)
            for x in 0..<w { Self.columnRule(src, width: w, height: h, r: r, x: x, into: &rule) }
            for portable in [Int32(0), 1] {
                var out = [Float](repeating: -1, count: w * h), sums = [Float](repeating: 9, count: w)
                src.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        sums.withUnsafeMutableBufferPointer { m in
                            lk_box_columns(s.baseAddress!, d.baseAddress!, w, h, r, m.baseAddress!, portable)
                        }
                    }
                }
                #expect(out.map(\.bitPattern) == rule.map(\.bitPattern), "w \(w) h \(h) r \(r) portable \(portable)")
            }
        }
    }

    @Test func transposeMovesEveryValue() {
        var rng = SplitMix64(seed: 0x7A_A5)
        // Below, at and past the vector path's 8 × 8 blocks, with strips left on either side.
        for (w, h) in [(1, 1), (1, 9), (9, 1), (8, 8), (13, 21), (40, 7), (16, 24), (17, 9), (9, 17), (63, 70)] {
            let src = Self.plane(&rng, w * h)
            for portable: Int32 in [0, 1] {
                var out = [Float](repeating: -1, count: w * h)
                src.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { lk_transpose_plane(s.baseAddress!, $0.baseAddress!, w, h, portable) }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        #expect(out[x * h + y].bitPattern == src[y * w + x].bitPattern, "w \(w) h \(h) portable \(portable)")
                    }
                }
            }
        }
    }

    /// The alpha rule for one row (lk_alpha_plane.h).
    static func alphaRule(_ row: [UInt32], shift: Int, unit: Float, into dst: inout [Float]) {
        for x in row.indices {
            let a = Float(row[x] >> 24) * unit
            if shift == 0 { dst[x] = a } else { dst[x >> shift] += a }
        }
    }

    @Test func alphaPlaneVectorEqualsPortableEqualsRule() {
        var rng = SplitMix64(seed: 0xA1_FA)
        for _ in 0..<300 {
            let n = 1 + rng.int(70), shift = rng.int(3), k = 1 << shift
            let row = (0..<n).map { _ in PixelKernelTests.pixel(&rng) }
            let unit: Float = 1 / (255 * Float(k * k))
            let start = Self.plane(&rng, (n + k - 1) / k)
            var rule = start
            Self.alphaRule(row, shift: shift, unit: unit, into: &rule)
            for portable in [Int32(0), 1] {
                var out = start
                row.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer {
                        lk_alpha_plane_row(s.baseAddress!, n, $0.baseAddress!, Int32(shift), unit, portable)
                    }
                }
                #expect(out.map(\.bitPattern) == rule.map(\.bitPattern), "n \(n) shift \(shift) portable \(portable)")
            }
        }
    }

    /// The coverage rule for pixel d of a row (lk_shadow_row.h), as the composite read it in Swift.
    static func coverageRule(_ line: [Float], d: Int, k: Int, base: [Int], weight: [Float]) -> UInt8 {
        let i = base[d % k] + d / k
        guard i >= 0, i <= line.count - 2 else { return 0 }
        let w = weight[d % k], iw = 1 - w
        let a = line[i] * iw + line[i + 1] * w
        return a > 0.5 / 255 ? UInt8(min(255, a * 255 + 0.5)) : 0
    }

    @Test func coverageRowVectorEqualsPortableEqualsRule() {
        var rng = SplitMix64(seed: 0xC0_7E)
        for round in 0..<600 {
            let k = [1, 2, 4][round % 3]
            let count = 2 + rng.int(90)
            // Mostly small values (the threshold), some above 1 (the clamp at 255), zeros.
            let line = (0..<count).map { _ -> Float in
                switch rng.int(4) {
                case 0: 0
                case 1: Float(rng.unit()) * 0.01
                case 2: Float(rng.unit()) * 1.2
                default: Float(rng.unit())
                }
            }
            // The composite's bases differ by at most one across phases; any spread is allowed.
            let first = rng.int(12) - 6
            let base = (0..<k).map { _ in first + (rng.int(4) == 0 ? rng.int(7) - 3 : rng.int(2)) }
            let weight = (0..<k).map { _ in Float(rng.unit()) }
            let n = 1 + rng.int(count * k + 12)
            let from = rng.int(n + 1), to = from + rng.int(n - from + 1)
            let expected = (0..<n).map { d in d >= from && d < to ? Self.coverageRule(line, d: d, k: k, base: base, weight: weight) : 77 }
            for portable in [Int32(0), 1] {
                var cov = [UInt8](repeating: 77, count: n)
                line.withUnsafeBufferPointer { l in
                    base.withUnsafeBufferPointer { b in
                        weight.withUnsafeBufferPointer { w in
                            cov.withUnsafeMutableBufferPointer {
                                lk_shadow_coverage_row($0.baseAddress!, from, to, l.baseAddress!, count, Int32(k),
                                                       b.baseAddress!, w.baseAddress!, portable)
                            }
                        }
                    }
                }
                #expect(cov == expected, "k \(k) count \(count) base \(base) \(from)..<\(to) portable \(portable)")
            }
        }
    }

    @Test func planeRowExtentVectorEqualsPortableEqualsRule() {
        var rng = SplitMix64(seed: 0xE7_E7)
        let t: Float = 0.25 / 255
        for _ in 0..<400 {
            let n = rng.int(70)
            // Mostly values at or below the floor (zeros, tiny residues of either sign, the floor
            // itself), now and then one above it anywhere in the row.
            let row = (0..<n).map { _ -> Float in
                switch rng.int(8) {
                case 0: t
                case 1: Float(rng.unit()) * t
                case 2: -Float(rng.unit()) * 1e-6
                case 3: rng.int(4) == 0 ? t.nextUp + Float(rng.unit()) : 0
                default: 0
                }
            }
            let first = row.firstIndex { $0 > t }, last = row.lastIndex { $0 > t }
            let expected = first.map { ($0, last! + 1) } ?? (0, 0)
            for portable: Int32 in [0, 1] {
                var lo = -1, hi = -1
                row.withUnsafeBufferPointer { lk_plane_row_extent($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, n, t, &lo, &hi, portable) }
                #expect(lo == expected.0 && hi == expected.1, "n \(n) portable \(portable): \(lo)..<\(hi)")
            }
        }
    }

    @Test func boxBlurPortableEqualsVector() {
        var rng = SplitMix64(seed: 0xB1_0B)
        for _ in 0..<40 {
            let w = 1 + rng.int(60), h = 1 + rng.int(60), sigma = 2 + rng.unit() * 10
            let src = Self.plane(&rng, w * h)
            var results: [[UInt32]] = []
            for portable in [false, true] {
                var p = src, scratch = [Float](repeating: 0, count: w * h + max(w, h))
                p.withUnsafeMutableBufferPointer { pp in
                    scratch.withUnsafeMutableBufferPointer {
                        GaussianBlur.boxBlur(pp.baseAddress!, width: w, height: h, widths: GaussianBlur.boxWidths(sigma: sigma),
                                             scratch: $0.baseAddress!, portable: portable)
                    }
                }
                results.append(p.map(\.bitPattern))
            }
            #expect(results[0] == results[1], "w \(w) h \(h) σ \(sigma)")
        }
    }

    // MARK: - The whole shadow, as drawn before the kernels

    /// The former Swift pipeline: alpha plane, blur (box rows then box columns, or the exact
    /// kernel below σ 2), composite pixel by pixel.
    static func referenceShadow(_ source: Bitmap, x: Int, y: Int, shadow: DisplayShadow, occluded: Bool,
                                on target: Bitmap, clip: ClipShape?) {
        let argb = shadow.color.premultipliedARGB
        guard argb >> 24 != 0 else { return }
        let full = min(shadow.sigma, DisplayShadow.maximumSigma)
        let k = full >= 2 * Canvas.reducedShadowThreshold + 4 ? 4 : (full >= Canvas.reducedShadowThreshold ? 2 : 1)
        let sigma = k == 1 ? full : (full * full / Double(k * k) - 1.0 / 12).squareRoot()
        let pad = GaussianBlur.reach(sigma: sigma) + 1
        let sw = (source.width + k - 1) / k, sh = (source.height + k - 1) / k
        let pw = sw + 2 * pad, ph = sh + 2 * pad
        var plane = [Float](repeating: 0, count: pw * ph)
        let unit: Float = 1 / (255 * Float(k * k))
        for yy in 0..<source.height {
            for xx in 0..<source.width {
                plane[(yy / k + pad) * pw + pad + xx / k] += Float(source[xx, yy] >> 24) * unit
            }
        }
        if sigma < GaussianBlur.boxThreshold {
            var scratch = [Float](repeating: 0, count: pw * ph + max(pw, ph))
            plane.withUnsafeMutableBufferPointer { p in
                scratch.withUnsafeMutableBufferPointer { GaussianBlur.blur(p.baseAddress!, width: pw, height: ph, sigma: sigma, scratch: $0.baseAddress!) }
            }
        } else {
            let widths = GaussianBlur.boxWidths(sigma: sigma)
            for w in widths {   // rows
                let r = w / 2, inv = 1 / Float(2 * r + 1)
                var out = plane
                for yy in 0..<ph {
                    var sum: Float = 0
                    for xx in 0..<min(r, pw) { sum += plane[yy * pw + xx] }
                    for xx in 0..<pw {
                        if xx + r < pw { sum += plane[yy * pw + xx + r] }
                        out[yy * pw + xx] = sum * inv
                        if xx - r >= 0 { sum -= plane[yy * pw + xx - r] }
                    }
                }
                plane = out
            }
            for w in widths {   // columns
                var out = plane
                for xx in 0..<pw { columnRule(plane, width: pw, height: ph, r: w / 2, x: xx, into: &out) }
                plane = out
            }
        }
        let ox = Double(x) + shadow.offset.x - Double(pad * k), oy = Double(y) + shadow.offset.y - Double(pad * k)
        guard let mask = ClipMask(clip, width: target.width, height: target.height) else { return }
        let fk = Double(k)
        let x0 = max(mask.left, Int((ox).rounded(.down))), x1 = min(mask.right, Int((ox + Double(pw) * fk).rounded(.up)))
        let y0 = max(mask.top, Int((oy).rounded(.down))), y1 = min(mask.bottom, Int((oy + Double(ph) * fk).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        // Per column phase (tx − x0) mod k: the line index and weight of the pixel x0 + phase.
        var baseIndex = [Int](repeating: 0, count: k), weight = [Float](repeating: 0, count: k)
        for phase in 0..<k {
            let u = (Double(x0 + phase) + 0.5 - ox) * (1 / fk) - 0.5
            let ui = Int(u.rounded(.down))
            baseIndex[phase] = ui + 1
            weight[phase] = Float(u - Double(ui))
        }
        var line = [Float](repeating: 0, count: pw + 2)
        for ty in y0..<y1 {
            let v = (Double(ty) + 0.5 - oy) * (1 / fk) - 0.5
            let vj = Int(v.rounded(.down)), fv = Float(v - Double(vj))
            let hasA = vj >= 0 && vj < ph, hasB = vj + 1 >= 0 && vj + 1 < ph
            if !hasA && !hasB { continue }
            let ra = max(0, min(ph - 1, vj)) * pw, rb = max(0, min(ph - 1, vj + 1)) * pw
            let wa: Float = hasA ? 1 - fv : 0, wb: Float = hasB ? fv : 0
            for i in 0..<pw { line[i + 1] = plane[ra + i] * wa + plane[rb + i] * wb }
            // The occluder's opaque run: first to last opaque pixel, when all between are opaque.
            var skipLo = x1, skipHi = x1
            if occluded, ty >= y, ty < y + source.height {
                var a = 0, b = source.width
                while a < b && source[a, ty - y] >> 24 != 255 { a += 1 }
                while b > a && source[b - 1, ty - y] >> 24 != 255 { b -= 1 }
                if b > a && (a..<b).allSatisfy({ source[$0, ty - y] >> 24 == 255 }) { skipLo = x + a; skipHi = x + b }
            }
            let (inLo, inHi) = mask.active ? mask.interior(row: ty) : (0, 0)
            for phase in 0..<k {
                let w = weight[phase], iw = 1 - w
                var tx = x0 + phase, i = baseIndex[phase]
                while tx < x1 && i < 0 { tx += k; i += 1 }
                while tx < x1 && i <= pw {
                    if tx >= skipLo && tx < skipHi { tx += k; i += 1; continue }
                    let a = line[i] * iw + line[i + 1] * w
                    if a > 0.5 / 255 {
                        var c = UInt32(min(255, a * 255 + 0.5))
                        if mask.active && (tx < inLo || tx >= inHi) { c = lkDiv255(c * mask.coverage(x: tx, y: ty)) }
                        target[tx, ty] = lkSourceOver(lkScale(argb, c), target[tx, ty])
                    }
                    tx += k; i += 1
                }
            }
        }
    }

    @Test func drawnShadowsEqualTheFormerPipeline() {
        var rng = SplitMix64(seed: 0x5AD0_3)
        for round in 0..<36 {
            let tw = 20 + rng.int(90), th = 20 + rng.int(90)
            let background = Bitmap(width: tw, height: th)
            for yy in 0..<th { for xx in 0..<tw { background[xx, yy] = PixelKernelTests.pixel(&rng) } }
            // A caster: a random rounded block, opaque or not, with scattered pixels.
            let source = Bitmap(width: 4 + rng.int(50), height: 4 + rng.int(50))
            let opaque = rng.int(2) == 0
            for yy in 0..<source.height {
                for xx in 0..<source.width {
                    let inside = xx > 1 && yy > 1 && xx < source.width - 2 && yy < source.height - 2
                    source[xx, yy] = inside && opaque ? 0xFF33_6699 : PixelKernelTests.pixel(&rng)
                }
            }
            let shadow = Self.randomShadow(&rng, round: round)
            let clip: ClipShape? = switch rng.int(3) {
            case 0: nil
            case 1: .rect(Rect(3.3, 2.7, Double(tw) - 7.1, Double(th) - 5.4))
            default: .roundedRect(Rect(1.5, 4.25, Double(tw) - 4, Double(th) - 6), cornerRadius: 9)
            }
            let x = rng.int(tw) - 10, y = rng.int(th) - 10, occluded = rng.int(2) == 0
            Self.expectReferenceShadow(source, x: x, y: y, shadow: shadow, occluded: occluded, over: background,
                                       clip: clip, round: round)
        }
    }

    /// Casters mostly transparent around a small block (as a group's whole-canvas bitmap is):
    /// the composite then skips the rows and columns whose blurred values stay below the floor.
    @Test func castersWithEmptyMarginsEqualTheFormerPipeline() {
        var rng = SplitMix64(seed: 0xE3_97)
        for round in 0..<30 {
            let tw = 40 + rng.int(80), th = 40 + rng.int(80)
            let background = Bitmap(width: tw, height: th)
            for yy in 0..<th { for xx in 0..<tw { background[xx, yy] = PixelKernelTests.pixel(&rng) } }
            let source = Bitmap(width: 30 + rng.int(60), height: 30 + rng.int(60))
            let bx = rng.int(source.width - 8), by = rng.int(source.height - 8)
            let bw = 1 + rng.int(min(20, source.width - bx)), bh = 1 + rng.int(min(20, source.height - by))
            let opaque = rng.int(2) == 0
            for yy in by..<(by + bh) {
                for xx in bx..<(bx + bw) { source[xx, yy] = opaque ? 0xFF33_6699 : PixelKernelTests.pixel(&rng) }
            }
            // A faint pixel far off now and then: alpha 1 blurs to values below the floor.
            if rng.int(2) == 0 { source[source.width - 1, source.height - 1] = 0x0100_0000 }
            let shadow = Self.randomShadow(&rng, round: round)
            let clip: ClipShape? = rng.int(2) == 0 ? nil : .roundedRect(Rect(1.5, 4.25, Double(tw) - 4, Double(th) - 6), cornerRadius: 9)
            let x = rng.int(tw) - 20, y = rng.int(th) - 20, occluded = rng.int(2) == 0
            Self.expectReferenceShadow(source, x: x, y: y, shadow: shadow, occluded: occluded, over: background,
                                       clip: clip, round: round)
        }
    }

    /// A shadow of random colour and offset, its σ the round's of a range from under one pixel
    /// to the reduced blur's.
    static func randomShadow(_ rng: inout SplitMix64, round: Int) -> DisplayShadow {
        let sigmas = [0.6, 1.5, 2.5, 5.0, 7.0, 13.0, 21.0]
        return DisplayShadow(color: Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: 0.3 + 0.7 * rng.unit()),
                             sigma: sigmas[round % sigmas.count],
                             offset: Point(rng.unit() * 12 - 6, rng.unit() * 12 - 6))
    }

    /// Expects the canvas's shadow of `source` over `background` through `clip` to equal the
    /// former pipeline's (`referenceShadow`) at every pixel.
    static func expectReferenceShadow(_ source: Bitmap, x: Int, y: Int, shadow: DisplayShadow, occluded: Bool,
                                      over background: Bitmap, clip: ClipShape?, round: Int) {
        let expected = background.copy()
        referenceShadow(source, x: x, y: y, shadow: shadow, occluded: occluded, on: expected, clip: clip)
        let canvas = Canvas(background.copy())
        canvas.clip = clip
        canvas.drawShadow(of: source, x: x, y: y, shadow: shadow, occluded: occluded)
        var same = true
        for yy in 0..<background.height {
            for xx in 0..<background.width where canvas.target[xx, yy] != expected[xx, yy] { same = false }
        }
        #expect(same, "round \(round): σ \(shadow.sigma) clip \(String(describing: clip)) occluded \(occluded)")
    }
}
