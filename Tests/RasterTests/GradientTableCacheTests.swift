// Gradient colour tables kept from fill to fill (GradientTableCache): a canvas that draws many
// gradients in turn, more kinds than it keeps tables for, with repeats, moved geometry and
// other opacities, paints what a fresh canvas (a fresh table) paints for each fill.
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
}
