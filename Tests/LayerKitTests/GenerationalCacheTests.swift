// What a display list builder keeps from build to build: rendered text stays while every
// build draws it, and text whose pixel size changes every frame does not pile up.

import Media
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct GenerationalCacheTests {
    @Test func anEntryLivesWhileEachGenerationUsesIt() {
        var cache = GenerationalCache<Int, String>(capacity: 8)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        cache.startGeneration()
        #expect(cache.value(for: 1) == "a")     // used: moves to the new generation
        cache.startGeneration()
        #expect(cache.value(for: 1) == "a")
        #expect(cache.value(for: 2) == nil)     // a whole generation without a use
        #expect(cache.count == 1)
    }

    @Test func aFullGenerationStartsOver() {
        var cache = GenerationalCache<Int, Int>(capacity: 4)
        for k in 0..<10 { cache.insert(k, for: k) }
        #expect(cache.count <= 4)
        #expect(cache.value(for: 9) == 9)
    }

    @Test func textDrawnEveryFrameIsRenderedOnceAndTextTurningIn3DDoesNotPileUp() {
        TTFTextRenderer.installAsDefault()
        let root = CALayer()
        root.bounds = Rect(0, 0, 200, 200)
        root.position = Point(100, 100)
        let still = CATextLayer(), turning = CATextLayer()
        for (t, y) in [(still, 50.0), (turning, 150.0)] {
            t.string = "7"
            t.fontSize = 40
            t.bounds = Rect(0, 0, 80, 50)
            t.position = Point(100, y)
            root.addSublayer(t)
        }
        let builder = DisplayListBuilder()
        var first: [ObjectIdentifier] = []
        for frame in 0..<40 {
            // A scale that changes every frame renders the turning label at a new pixel size.
            turning.transform = .scale(1 + Double(frame) / 20, 1 + Double(frame) / 20, 1)
            let list = builder.build(root, width: 200, height: 200)
            let images = list.items.compactMap { item -> ObjectIdentifier? in
                if case .image(let b, _, _) = item.operation { return ObjectIdentifier(b) }
                return nil
            }
            #expect(images.count == 2)
            if frame == 0 { first = images } else { #expect(images.first == first.first, "frame \(frame)") }
            #expect(builder.textCache.count <= 3, "frame \(frame): \(builder.textCache.count) bitmaps kept")
        }
    }
}
