// The gradient painter's C kernels (CRasterSIMD's lk_gradient_row.h) against the Swift they
// replaced: the radial and focal-radial table indices of a run (AVX2 four lanes, SSE2 two,
// portable one) equal Gradient.focalParameter's and √(u² + v²)'s, index for index, for foci
// inside the ellipse, on it and beyond it (moved inside by Gradient.unitFocus), at the centre,
// for tiny and huge radii, runs far from the centre, NaN-producing steps, and every tail
// length; the axial indices (16.16 sums, AVX2 in 32- or 64-bit lanes) equal the Swift loop's;
// the dithered deposit (AVX2 gather) equals the painter's `put` at full coverage, on opaque,
// translucent and empty entries over arbitrary premultiplied destinations; the store onto a
// row of leftovers equals the deposit onto a transparent row, and the painter's
// paintOverTransparent equals its paint over a cleared row, for every kind; the mask-run
// scan (lk_alpha_run_end) stops where the Swift scans stopped.
import CRasterSIMD
import Foundation
@testable import Raster
import Testing

@Suite struct GradientRowKernelTests {
    /// The Swift loop the kernel replaced: pixel k's index.
    static func reference(_ r: lk_radial_run, _ k: Int, focus: (x: Double, y: Double, k: Double)?) -> Int32 {
        let kd = Double(k)
        let u = r.u0 + r.ua * kd, v = r.v0 + r.va * kd
        let t = focus.map { Gradient.focalParameter(u: u, v: v, focus: $0) } ?? (u * u + v * v).squareRoot()
        let fi = (t - r.t0) * r.tScale
        return Int32(fi > 0 ? (fi < r.last ? fi : r.last) + 0.5 : 0.5)
    }

    @Test func radialIndicesAreTheSwiftFormulasIndices() {
        var rng = SplitMix(seed: 0x6AD_1E47)
        func unit() -> Double { Double(rng.nextUInt() % 1_000_001) / 1_000_000 }
        func signed(_ m: Double) -> Double { (unit() * 2 - 1) * m }
        var mismatches = 0, runs = 0, clampedLow = 0, clampedHigh = 0, inside = 0
        for round in 0..<3_000 {
            // The ellipse: radii from a hundredth of a pixel to thousands.
            let rx = [0.01, 1, 40, 300, 5_000][round % 5] * (0.5 + unit())
            let ry = round % 7 == 0 ? rx : [0.02, 3, 60, 900][round % 4] * (0.5 + unit())
            let start = Point(signed(500), signed(500))
            // The focus: none, the centre, inside, on the ellipse, beyond it.
            let a = unit() * 2 * Double.pi
            let reach = [0, 0.3, 0.9, 0.999, 1, 1.7, 40][round % 7]
            let focusPoint = round % 11 == 0 ? nil : Point(start.x + cos(a) * rx * reach, start.y + sin(a) * ry * reach)
            let g = Gradient(kind: .radial, stops: [], start: start, end: Point(start.x + rx, start.y + ry), focus: focusPoint)
            let focus = g.unitFocus(rx: rx, ry: ry)
            // A run: its first pixel anywhere near (or far from) the ellipse, any step.
            let px = start.x + signed(3 * rx + 50), py = start.y + signed(3 * ry + 50)
            let step = [1.0, 0.25, 4, 1e-3, 0][round % 5] * (round % 13 == 0 ? -1 : 1)
            let lo = [0.0, -0.5, 0][round % 3], hi = [1.0, 1.0, 2.5][round % 3]
            var run = lk_radial_run(u0: (px - start.x) / rx, v0: (py - start.y) / ry, ua: step / rx,
                                    va: (round % 3 == 0 ? 0 : step * signed(1)) / ry,
                                    fx: focus?.x ?? 0, fy: focus?.y ?? 0, fk: focus?.k ?? 1,
                                    t0: lo, tScale: 1023 / (hi - lo), last: 1023, focal: focus == nil ? 0 : 1)
            if round % 97 == 0 { run.ua = .nan }
            let n = round % 41, k0 = [0, 7, 128, 1_000_000][round % 4]
            var vector = [Int32](repeating: -1, count: n), portable = vector
            vector.withUnsafeMutableBufferPointer { lk_radial_indices($0.baseAddress, k0, n, &run) }
            portable.withUnsafeMutableBufferPointer { lk_radial_indices_portable($0.baseAddress, k0, n, &run) }
            for j in 0..<n {
                let expected = Self.reference(run, k0 + j, focus: focus)
                if vector[j] != expected || portable[j] != expected { mismatches += 1 }
                if expected == 0 { clampedLow += 1 } else if expected == 1023 { clampedHigh += 1 } else { inside += 1 }
            }
            runs += 1
        }
        #expect(mismatches == 0)
        // The inputs reach both clamps and the table between them.
        #expect(clampedLow > 100 && clampedHigh > 100 && inside > 1_000)
    }

    @Test func axialIndicesAreTheFixedPointSums() {
        var rng = SplitMix(seed: 0xA_C1A1)
        func signed(_ m: Int64) -> Int64 { Int64(bitPattern: rng.nextUInt() % UInt64(2 * m + 1)) - m }
        var mismatches = 0, between = 0
        for round in 0..<4_000 {
            let last: Int64 = [1023, 37, 0][round % 3]
            // The painter's bounds: the start within ±1e7, the step within ±1e6 table entries.
            let acc = [signed(1_000 << 16), signed(10_000_000 << 16), signed(2 << 16)][round % 3]
            let step = [signed(1 << 16), signed(1 << 10), signed(1_000_000 << 16), 0][round % 4]
            let n = round % 45
            var vector = [Int32](repeating: -1, count: n), portable = vector
            vector.withUnsafeMutableBufferPointer { lk_axial_indices($0.baseAddress, acc, step, n, last) }
            portable.withUnsafeMutableBufferPointer { lk_axial_indices_portable($0.baseAddress, acc, step, n, last) }
            for j in 0..<n {
                let expected = Int32(max(0, min(last, (acc &+ Int64(j) &* step) >> 16)))
                if vector[j] != expected || portable[j] != expected { mismatches += 1 }
                if expected > 0 && Int64(expected) < last { between += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(between > 1_000)
    }

    /// The painter's `put` at full coverage.
    static func put(_ src: UInt32, _ dst: UInt32) -> UInt32 { src >> 24 == 255 ? src : lkSourceOver(src, dst) }

    @Test func ditheredDepositIsThePaintersPut() {
        var rng = SplitMix(seed: 0xDE_9051)
        func random(_ bound: UInt32) -> UInt32 { UInt32(rng.nextUInt() % (UInt64(bound) + 1)) }
        func premultiplied() -> UInt32 {
            let a = [0, 255, random(255)][Int(random(2))]
            return a == 0 ? 0 : a << 24 | random(a) << 16 | random(a) << 8 | random(a)
        }
        let count = 37
        var mismatches = 0
        for round in 0..<4_000 {
            // Four dither columns' rows; some all opaque (the store path), some mixed.
            let opaque = round % 4 == 0
            let table = (0..<(4 * count)).map { _ in opaque ? 0xFF00_0000 | random(0xFF_FFFF) : premultiplied() }
            let n = round % 30, x0 = Int(random(1_000))
            let index = (0..<n).map { _ in Int32(random(UInt32(count - 1))) }
            let dst = (0..<n).map { _ in premultiplied() }
            var vector = dst, portable = dst
            vector.withUnsafeMutableBufferPointer { lk_gradient_deposit($0.baseAddress, x0, n, table, count, index) }
            portable.withUnsafeMutableBufferPointer { lk_gradient_deposit_portable($0.baseAddress, x0, n, table, count, index) }
            for j in 0..<n {
                let expected = Self.put(table[((x0 + j) & 3) * count + Int(index[j])], dst[j])
                if vector[j] != expected || portable[j] != expected { mismatches += 1 }
            }
            // The store onto a row of anything is the deposit onto a transparent row.
            var overZero = [UInt32](repeating: 0, count: n), stored = dst, storedPortable = dst
            overZero.withUnsafeMutableBufferPointer { lk_gradient_deposit($0.baseAddress, x0, n, table, count, index) }
            stored.withUnsafeMutableBufferPointer { lk_gradient_store($0.baseAddress, x0, n, table, count, index) }
            storedPortable.withUnsafeMutableBufferPointer { lk_gradient_store_portable($0.baseAddress, x0, n, table, count, index) }
            if stored != overZero || storedPortable != overZero { mismatches += 1 }
            // Every index the same (an axial step of 0): the uniform store, vector and portable.
            let e = Int32(random(UInt32(count - 1)))
            let same = [Int32](repeating: e, count: n)
            var uniformOverZero = [UInt32](repeating: 0, count: n), uniform = dst
            uniformOverZero.withUnsafeMutableBufferPointer { lk_gradient_deposit($0.baseAddress, x0, n, table, count, same) }
            uniform.withUnsafeMutableBufferPointer { lk_gradient_store_uniform($0.baseAddress, x0, n, table, count, e) }
            var four = (0..<4).map { table[((x0 + $0) & 3) * count + Int(e)] }
            var uniformPortable = dst
            uniformPortable.withUnsafeMutableBufferPointer { row in
                four.withUnsafeMutableBufferPointer { lk_gradient_store_uniform_portable(row.baseAddress, $0.baseAddress, n) }
            }
            if uniform != uniformOverZero || uniformPortable != uniformOverZero { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
    /// `paintOverTransparent` over a row of leftovers paints what `paint` at full coverage paints
    /// over a cleared row, for every kind, dithered or not, and a radial gradient of no radius.
    @Test func paintingOverTransparentIsPaintingOverAClearedRow() {
        let stops = [GradientStop(location: 0, color: Color(1, 0, 0, 0.4)), GradientStop(location: 0.5, color: Color(0, 1, 0)),
                     GradientStop(location: 1, color: Color(0, 0, 1, 0.7))]
        let gradients = [
            Gradient(kind: .axial, stops: stops, start: Point(10, 5), end: Point(300, 40)),
            Gradient(kind: .radial, stops: stops, start: Point(150, 20), end: Point(260, 90)),
            Gradient(kind: .radial, stops: stops, start: Point(150, 20), end: Point(260, 90), focus: Point(200, 10)),
            Gradient(kind: .radial, stops: stops, start: Point(150, 20), end: Point(150, 20)),
            Gradient(kind: .conic, stops: stops, start: Point(150, 20), end: Point(200, 40)),
            // Across the rows, unturned: the same index along each row (the uniform store).
            Gradient(kind: .axial, stops: stops, start: Point(100, -2), end: Point(100, 9)),
        ]
        var rng = SplitMix(seed: 0x7A_0C1E)
        var mismatches = 0, painted = 0
        for g in gradients {
            for area in [0, 1 << 20] {   // a plain table, then a dithered one
                let canvas = Canvas(Bitmap(width: 320, height: 8))
                let turn = g.start.x == g.end.x ? Raster.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 4, ty: -2)
                    : Raster.AffineTransform(a: 0.9, b: 0.3, c: -0.3, d: 0.9, tx: 4, ty: -2)
                guard let painter = canvas.gradientPainter(g, inverse: turn, opacity: 0.8, area: area) else { continue }
                for y in 0..<6 {
                    let x = Int(rng.nextUInt() % 40), n = Int(rng.nextUInt() % 280)
                    var leftovers = (0..<320).map { _ in UInt32(truncatingIfNeeded: rng.nextUInt()) }
                    var cleared = leftovers
                    for i in x..<(x + n) { cleared[i] = 0 }
                    leftovers.withUnsafeMutableBufferPointer { painter.paintOverTransparent(row: $0.baseAddress!, y: y, x: x, count: n) }
                    cleared.withUnsafeMutableBufferPointer { painter.paint(row: $0.baseAddress!, y: y, x: x, count: n, coverage: 255) }
                    if leftovers != cleared { mismatches += 1 }
                    painted += cleared[x..<(x + n)].filter { $0 != 0 }.count
                }
            }
        }
        #expect(mismatches == 0)
        #expect(painted > 1_000)
    }

    /// lk_alpha_run_end finds where the Swift scans of a mask row stopped: runs of alpha and of
    /// none, of every length, from every start, up to every end.
    @Test func alphaRunEndsAreTheScansEnds() {
        var rng = SplitMix(seed: 0xA1_FA)
        var mismatches = 0
        for round in 0..<2_000 {
            let w = 1 + round % 70
            // Runs of random lengths, alpha or none (colour bytes left in pixels of no alpha).
            var row = [UInt32](), has = rng.nextUInt() % 2 == 0
            while row.count < w {
                let run = 1 + Int(rng.nextUInt() % UInt64([3, 12, 40][round % 3]))
                for _ in 0..<min(run, w - row.count) {
                    row.append(has ? UInt32(1 + rng.nextUInt() % 255) << 24 | UInt32(rng.nextUInt() % 0xFF_FFFF)
                                   : UInt32(rng.nextUInt() % 0xFF_FFFF))
                }
                has.toggle()
            }
            let from = Int(rng.nextUInt() % UInt64(w)), to = from + Int(rng.nextUInt() % UInt64(w - from + 1))
            for alpha in [Int32(0), 1] {
                var swift = from
                while swift < to && (row[swift] >> 24 != 0) == (alpha != 0) { swift += 1 }
                if lk_alpha_run_end(row, from, to, alpha) != swift || lk_alpha_run_end_portable(row, from, to, alpha) != swift {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }
}
