// Gradient colour tables kept from fill to fill (GradientTableCache): a canvas that draws many
// gradients in turn, more kinds than it keeps tables for, with repeats, moved geometry and
// other opacities, paints what a fresh canvas (a fresh table) paints for each fill; a kept
// table is read through its dithered form, and so is a new one made for a large fill.
@testable import Raster
import Testing

@Suite struct GradientTableCacheTests {
    @Test func keptTablesPaintAsFreshOnes() {
        var rng = SplitMix(seed: 0x6AD1_E27)
        func color() -> Color { Color(rng.next(0, 1), rng.next(0, 1), rng.next(0, 1), rng.next(0.2, 1)) }
        // More stop sets than the cache keeps, drawn in a shuffled order with repeats.
        let stopSets: [[GradientStop]] = (0..<(GradientTableCache.capacity + 4)).map { i in
            i % 3 == 0 ? [GradientStop(location: 0, color: color()), GradientStop(location: 1, color: color())]
                : [GradientStop(location: -0.2, color: color()), GradientStop(location: 0.4, color: color()),
                   GradientStop(location: 1.3, color: color())]
        }
        let kept = Canvas(Bitmap(width: 48, height: 40))
        let path = Path.rect(Rect(3, 2, 40, 33))
        for round in 0..<120 {
            let stops = stopSets[Int(rng.nextUInt() % UInt64(stopSets.count))]
            let kind = Gradient.Kind.allCases[round % 3]
            let g = Gradient(kind: kind, stops: stops, start: Point(rng.next(0, 20), rng.next(0, 20)),
                             end: Point(rng.next(20, 48), rng.next(10, 40)))
            let opacity = [1, 0.5, rng.next(0.1, 1)][round % 3]
            let fresh = Canvas(Bitmap(width: 48, height: 40))
            kept.clear(.clear)
            kept.fill(path, gradient: g, opacity: opacity)
            fresh.fill(path, gradient: g, opacity: opacity)
            #expect(Array(UnsafeBufferPointer(start: kept.target.pixels, count: 48 * 40))
                    == Array(UnsafeBufferPointer(start: fresh.target.pixels, count: 48 * 40)), "round \(round)")
        }
    }

    /// A fill of more pixels than a dithered table has entries dithers its new table at once;
    /// its pixels are those of quarter-size fills on fresh canvases, whose tables are not.
    /// (Quarters of whole rows: an axial index is stepped from a run's first pixel, so runs
    /// that start elsewhere may land one table entry away.) The dithered path's loops (four
    /// axial pixels a step, radial and focal indices a chunk at a time) give the same pixels.
    @Test func largeFillsPaintAsSmallOnes() {
        let w = 160, h = 120   // 19,200 pixels, above 16 × Canvas.gradientTableSize; a quarter below
        #expect(w * h >= 16 * Canvas.gradientTableSize && w * h / 4 < 16 * Canvas.gradientTableSize)
        let stops = [GradientStop(location: -0.1, color: Color(0.9, 0.2, 0.1, 1)),
                     GradientStop(location: 0.5, color: Color(0.1, 0.8, 0.3, 0.6)),
                     GradientStop(location: 1.2, color: Color(0.2, 0.1, 0.9, 1))]
        // Every kind, and a radial gradient seen from a focus (its chunked focal parameters).
        let gradients = Gradient.Kind.allCases.map { Gradient(kind: $0, stops: stops, start: Point(37, 41), end: Point(131, 88)) }
            + [Gradient(kind: .radial, stops: stops, start: Point(37, 41), end: Point(131, 88), focus: Point(60, 30))]
        for g in gradients {
            let kind = g.focus == nil ? "\(g.kind)" : "focal"
            let large = Canvas(Bitmap(width: w, height: h))
            large.clear(Color(0.5, 0.5, 0.5, 1))
            large.fill(Path.rect(Rect(0, 0, Double(w), Double(h))), gradient: g, opacity: 0.9)
            for qy in stride(from: 0, to: h, by: h / 4) {
                let small = Canvas(Bitmap(width: w, height: h))
                small.clear(Color(0.5, 0.5, 0.5, 1))
                small.fill(Path.rect(Rect(0, Double(qy), Double(w), Double(h / 4))), gradient: g, opacity: 0.9)
                for y in qy..<(qy + h / 4) {
                    let a = Array(UnsafeBufferPointer(start: large.target.pixels + y * w, count: w))
                    let b = Array(UnsafeBufferPointer(start: small.target.pixels + y * w, count: w))
                    #expect(a == b, "\(kind) row \(y)")
                    if a != b { return }
                }
            }
        }
    }
}
