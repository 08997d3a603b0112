// The stroke outlines a DisplayListRasterizer keeps from list to list draw the pixels a
// canvas draws without them, byte for byte: the geometry goldens' strokes drawn as a sequence
// of lists (the same paths under rotations, translations, other scales, other trims), each
// list against a fresh canvas stroking the same paths directly.
import Testing
@testable import Raster

@Suite struct StrokeOutlineCacheTests {
    /// The frames of one scene: a rotation about the centre, then a translation, the same
    /// rotation again (kept outlines), a larger scale (new outlines) and a mirror.
    static func frames(_ scene: GoldenScene) -> [AffineTransform] {
        let cx = Double(scene.width) / 2, cy = Double(scene.height) / 2
        func about(_ m: AffineTransform) -> AffineTransform {
            AffineTransform.translation(-cx, -cy).concatenating(m).concatenating(.translation(cx, cy))
        }
        return [.identity, about(.rotation(0.3)), about(.rotation(0.3)).concatenating(.translation(3.25, -1.5)),
                about(.rotation(0.3)), about(.rotation(-1.1)), about(.scale(1.25, 1.25)), about(.scale(-1, 1)),
                .identity]
    }

    static func list(_ scene: GoldenScene, _ t: AffineTransform, trimShift: Double) -> DisplayList {
        var items: [DisplayItem] = []
        for (i, s) in scene.shapes.enumerated() {
            guard let k = s.stroke else { continue }
            // Shapes with a trim move it on odd frames: a new outline for those, kept for the rest.
            let end = s.end < 1 ? max(s.start, s.end - trimShift) : s.end
            items.append(DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(StrokeOutlineCacheTests.Source.shared), slot: i),
                                     operation: .stroke(s.path, style: s.style, transform: t, color: k, start: s.start,
                                                        end: end, opacity: 1),
                                     bounds: Rect(0, 0, Double(scene.width), Double(scene.height))))
        }
        return DisplayList(width: scene.width, height: scene.height, items: items)
    }

    final class Source: Sendable { static let shared = Source() }

    @Test(arguments: GeometryGoldens.all.map(\.name))
    func keptOutlinesDrawTheSamePixels(_ name: String) throws {
        let scene = try #require(GeometryGoldens.all.first { $0.name == name })
        let rasterizer = DisplayListRasterizer()
        let target = Bitmap(width: scene.width, height: scene.height)
        let canvas = Canvas(target)
        for (f, t) in Self.frames(scene).enumerated() {
            let shift = f % 2 == 1 ? 0.05 : 0
            canvas.clear(.white)
            rasterizer.draw(Self.list(scene, t, trimShift: shift), into: canvas)
            let expected = Bitmap(width: scene.width, height: scene.height)
            let direct = Canvas(expected)
            direct.clear(.white)
            for s in scene.shapes {
                guard let k = s.stroke else { continue }
                let end = s.end < 1 ? max(s.start, s.end - shift) : s.end
                direct.stroke(s.path, style: s.style, transform: t, color: k, strokeStart: s.start, strokeEnd: end)
            }
            let n = scene.width * scene.height
            var differing = 0
            for i in 0..<n where target.pixels[i] != expected.pixels[i] { differing += 1 }
            #expect(differing == 0, "\(name) frame \(f): \(differing) pixels differ")
        }
        // The canvas got its own setting back after each list.
        #expect(canvas.strokeOutlines == nil)
    }

    /// A kept outline whose device points overflow under the transform sends the stroke the
    /// canvas's own way (which rejects the non-finite geometry): nothing is drawn.
    @Test func keptOutlineWithPointsOutOfRangeFallsBack() {
        let cache = StrokeOutlineCache()
        let target = Bitmap(width: 64, height: 64)
        let canvas = Canvas(target)
        canvas.clear(.white)
        var p = Path()
        p.move(to: Point(2e160, 2e160))
        p.addLine(to: Point(4e160, 3e160))
        p.addLine(to: Point(1e160, 6e160))
        let huge = AffineTransform.scale(1e150, 1e150)      // the scale finite, 4e160 · 1e150 not
        func stroke() -> Bool {
            canvas.strokeThroughCache(cache, p, style: StrokeStyle(lineWidth: 3), transform: huge, color: .black,
                                      from: 0, to: 1, opacity: 1)
        }
        cache.beginDraw()
        #expect(!stroke())                                  // seen once
        #expect(cache.count == 0)
        cache.beginDraw()
        #expect(!stroke())                                  // kept, but its device points overflow
        #expect(cache.count == 1)
        let white = Color.white.premultipliedARGB, n = target.width * target.height
        #expect((0..<n).allSatisfy { target.pixels[$0] == white })
    }

    /// The bounds hold: only strokes seen in the list before are kept, no more than the entry
    /// limit, and those no list used for eight lists are dropped.
    @Test func keptOutlinesAreBoundedAndDropped() {
        let cache = StrokeOutlineCache()
        let canvas = Canvas(Bitmap(width: 64, height: 64))
        var paths: [Path] = []
        for i in 0..<(StrokeOutlineCache.maxEntries + 10) {
            var p = Path()
            p.move(to: Point(2, 2 + Double(i % 50)))
            p.addLine(to: Point(40, 30))
            p.addLine(to: Point(10, 60))
            paths.append(p)
        }
        func stroke(_ p: Path) -> Bool {
            canvas.strokeThroughCache(cache, p, style: StrokeStyle(lineWidth: 3), transform: .identity, color: .black,
                                      from: 0, to: 1, opacity: 1)
        }
        cache.beginDraw()                                   // list 1: seen once, nothing kept
        #expect(paths.map(stroke).allSatisfy { !$0 })
        #expect(cache.count == 0)
        cache.beginDraw()                                   // list 2: kept up to the limit
        #expect(paths.filter(stroke).count == StrokeOutlineCache.maxEntries)
        #expect(cache.count == StrokeOutlineCache.maxEntries)
        for _ in 3...8 { cache.beginDraw() }                // list 8: none unused for eight lists yet
        #expect(cache.count == StrokeOutlineCache.maxEntries)
        cache.beginDraw()                                   // list 9: one used again
        #expect(stroke(paths[0]))
        for _ in 10...16 { cache.beginDraw() }              // list 16: the others dropped
        #expect(cache.count == 1)
        for _ in 17...24 { cache.beginDraw() }              // list 24: that one too
        #expect(cache.count == 0)
    }
}
