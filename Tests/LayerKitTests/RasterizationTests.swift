// shouldRasterize and rasterizationScale (DisplayListBuilder+Rasterization.swift): the subtree
// drawn once into a bitmap and reused while it does not change, drawn again when it does, and
// at scale 1 drawn exactly as the subtree drawn directly. Each test quotes the rule it checks.
import Testing
@testable import LayerKit
import Raster

@Suite(.freshAnimationContext) struct RasterizationTests {
    /// A subtree with overlapping translucent shapes, a rounded clip, a rotated sublayer,
    /// a border and a shadow, at a fractional position.
    func subtree(shadow: Bool = true) -> (holder: CALayer, inner: CALayer) {
        let holder = CALayer()
        holder.frame = Rect(10.3, 12.6, 90, 70)
        holder.backgroundColor = Color(0.9, 0.85, 0.2, 0.8)
        holder.cornerRadius = 9
        holder.borderWidth = 2
        holder.borderColor = Color(0.1, 0.1, 0.5)
        let shape = CAShapeLayer()
        shape.frame = Rect(5.3, 4.6, 60, 45)
        shape.path = .ellipse(in: Rect(0.3, 0.6, 59.2, 43.5))
        shape.fillColor = Color(0.2, 0.4, 0.9, 0.7)
        shape.strokeColor = Color(0.9, 0.1, 0.1, 0.9)
        shape.lineWidth = 3
        let inner = CALayer()
        inner.frame = Rect(40, 25, 40, 30)
        inner.backgroundColor = Color(0.1, 0.7, 0.3, 0.6)
        inner.transform = .rotation(0.4)
        inner.allowsEdgeAntialiasing = true
        holder.addSublayer(shape)
        holder.addSublayer(inner)
        holder.shadowOpacity = shadow ? 0.5 : 0
        holder.shadowRadius = 3
        holder.shadowOffset = Size(2, 3)
        return (holder, inner)
    }

    func draw(_ root: CALayer, background: Color) -> Bitmap {
        let b = Bitmap(width: 120, height: 100)
        LayerRenderer(background: background).draw(root, into: Canvas(b))
        return b
    }

    /// "When the value of this property is true, the layer is rendered as a bitmap in its local
    /// coordinate space and then composited to the destination with any other content."
    /// (shouldRasterize): at rasterizationScale 1 the bitmap lands on the device's pixel grid
    /// (the layer's fractional place drawn into it), so over a clear target the frame is the
    /// directly drawn one, pixel for pixel.
    @Test func rasterizedAtScaleOneDrawsTheSamePixels() {
        let (a, _) = subtree(), (b, _) = subtree()
        b.shouldRasterize = true
        let direct = draw(PixelScene.root(120, 100, [a]), background: .clear)
        let rasterized = draw(PixelScene.root(120, 100, [b]), background: .clear)
        #expect(direct.difference(from: rasterized, threshold: 0)?.maxAbsolute == 0)
        // Over an opaque background the composite rounds once more: within one step.
        let onWhite = draw(PixelScene.root(120, 100, [subtree().holder]), background: .white)
        let c = subtree().holder; c.shouldRasterize = true
        let rasterizedOnWhite = draw(PixelScene.root(120, 100, [c]), background: .white)
        #expect((onWhite.difference(from: rasterizedOnWhite)?.maxAbsolute ?? 99) <= 1)
    }

    /// "However, the current opacity of the layer is not rasterized." (shouldRasterize): the
    /// bitmap is composited at the layer's opacity, as one group — the subtree at that
    /// opacity drawn directly (as a group) gives the same pixels. (With a shadow the two differ
    /// by design: "Shadow effects … are rasterized and included in the bitmap", so the bitmap
    /// holds the content over its shadow and the opacity applies to both at once, where a
    /// directly drawn group composites its shadow, then itself, each at the opacity.)
    @Test func opacityIsAppliedWhenCompositingNotRasterized() {
        let (a, _) = subtree(shadow: false), (b, _) = subtree(shadow: false)
        a.opacity = 0.5; b.opacity = 0.5
        b.shouldRasterize = true
        let builder = DisplayListBuilder(scale: 1)
        let list = builder.build(PixelScene.root(120, 100, [b]), width: 120, height: 100)
        let images = list.items.filter { builder.rasterizedItemKeys.contains($0.key) }
        #expect(images.count == 1)
        if case .image(_, _, let opacity) = images.first?.operation { #expect(opacity == 0.5) } else { Issue.record("no image") }
        let direct = draw(PixelScene.root(120, 100, [a]), background: .clear)
        let rasterized = draw(PixelScene.root(120, 100, [b]), background: .clear)
        #expect((direct.difference(from: rasterized)?.maxAbsolute ?? 99) <= 1)
    }

    /// The subtree is drawn once and reused while it does not change, drawn again when it does
    /// (a sublayer's colour); reused when the layer moves by whole pixels, drawn again when it
    /// moves by a fraction (so that it lands exactly as drawn directly).
    @Test func cachedBitmapIsReusedUntilTheSubtreeChanges() {
        let (holder, inner) = subtree()
        holder.shouldRasterize = true
        let root = PixelScene.root(120, 100, [holder])
        let builder = DisplayListBuilder(scale: 1)
        func image(_ list: DisplayList) -> Bitmap? {
            for item in list.items where builder.rasterizedItemKeys.contains(item.key) {
                if case .image(let b, _, _) = item.operation { return b }
            }
            return nil
        }
        let first = image(builder.build(root, width: 120, height: 100))
        #expect(builder.rasterizationMisses == 1 && builder.rasterizationHits == 0)
        let second = image(builder.build(root, width: 120, height: 100))
        #expect(builder.rasterizationMisses == 1 && builder.rasterizationHits == 1)
        #expect(first != nil && first === second)
        holder.position = Point(holder.position.x + 3, holder.position.y - 2)
        let moved = image(builder.build(root, width: 120, height: 100))
        #expect(builder.rasterizationHits == 2 && moved === first)
        holder.position = Point(holder.position.x + 0.25, holder.position.y)
        let nudged = image(builder.build(root, width: 120, height: 100))
        #expect(builder.rasterizationMisses == 2 && nudged !== first)
        inner.backgroundColor = Color(0.8, 0.1, 0.6, 1)
        let changed = image(builder.build(root, width: 120, height: 100))
        #expect(builder.rasterizationMisses == 3 && changed !== nudged)
    }

    /// An unchanged rasterized subtree is one unchanged image to the damage tracker: the
    /// second frame redraws nothing.
    @Test func unchangedRasterizedSubtreeCausesNoDamage() {
        let (holder, _) = subtree()
        holder.shouldRasterize = true
        let root = PixelScene.root(120, 100, [holder])
        let renderer = LayerRenderer(background: .white)
        let canvas = Canvas(Bitmap(width: 120, height: 100))
        #expect(renderer.renderFrame(root, into: canvas).damage != nil)
        #expect(renderer.renderFrame(root, into: canvas).damage == nil)
    }

    /// "The scale at which to rasterize content, relative to the coordinate space of the
    /// layer. … Larger values magnify the content and smaller values shrink it."
    /// (rasterizationScale); "If the rasterized bitmap requires scaling during compositing,
    /// the filters in the minificationFilter and magnificationFilter properties are applied
    /// as needed." (shouldRasterize). At 0.25 with the nearest filter each bitmap pixel covers
    /// 4 × 4 device pixels, whose value is the coverage of the circle over that 4 × 4 cell
    /// (checked against the area coverage computed here by 64 × 64 supersampling per cell,
    /// within 0.08: in the quarter-scale bitmap a cell is one pixel, and the rasterizer
    /// flattens the circle to within 0.1 of a pixel, which moves an edge pixel's area by up to
    /// about 0.07).
    @Test func rasterizationScaleDrawsAtThatScale() {
        let shape = Self.circleRasterizedAtAQuarter(origin: Point(20, 16))
        let b = draw(PixelScene.root(120, 100, [shape]), background: .clear)
        var worst = 0.0
        for cy in 0..<16 {
            for cx in 0..<16 {
                // The cell's expected alpha: the circle's area over it.
                var inside = 0
                for sy in 0..<64 { for sx in 0..<64 {
                    let x = Double(cx * 4) + (Double(sx) + 0.5) / 16, y = Double(cy * 4) + (Double(sy) + 0.5) / 16
                    if (x - 32) * (x - 32) + (y - 32) * (y - 32) <= 32 * 32 { inside += 1 }
                } }
                let expected = Double(inside) / 4096
                for dy in 0..<4 { for dx in 0..<4 {
                    let alpha = Double(b[20 + cx * 4 + dx, 16 + cy * 4 + dy] >> 24) / 255
                    worst = max(worst, abs(alpha - expected))
                } }
            }
        }
        #expect(worst < 0.08, "largest alpha error \(worst)")
        // At scale 1 the same shape is smooth: its 4 × 4 cells are not uniform.
        shape.rasterizationScale = 1
        let fine = draw(PixelScene.root(120, 100, [shape]), background: .clear)
        #expect(fine[20 + 1, 16 + 24] != fine[20 + 2, 16 + 24] || fine[20 + 5, 16 + 13] != fine[20 + 6, 16 + 13])
    }

    /// One build's rasterization bitmaps hold at most 16 M pixels: past that a layer is drawn
    /// as if not rasterized (no input grows the cache without bound).
    @Test func buildBudgetDrawsTheRestDirectly() {
        let layers = (0..<3).map { i -> CALayer in
            let l = CALayer()
            l.frame = Rect(Double(i), 0, 3000, 3000)
            l.backgroundColor = Color(0.2, 0.3, 0.4, 0.5)
            l.shouldRasterize = true
            return l
        }
        let builder = DisplayListBuilder(scale: 1)
        let list = builder.build(PixelScene.root(100, 100, layers), width: 100, height: 100)
        #expect(builder.rasterizedItemKeys.count == 1)
        #expect(list.items.count == 3)   // one image, two backgrounds drawn directly
    }

    /// A rasterized layer in a document: `"shouldRasterize"` and `"rasterizationScale"`.
    @Test func documentKeys() throws {
        let doc = try LayerDocument.parse("""
        {"width": 40, "height": 40, "layers": [{"name": "r", "bounds": [0, 0, 20, 20], "position": [20, 20],
          "backgroundColor": "#ff0000", "shouldRasterize": true, "rasterizationScale": 2}]}
        """)
        let l = try #require(doc.layersByName["r"])
        #expect(l.shouldRasterize && l.rasterizationScale == 2)
    }

    /// A black 64-point circle at `origin`, rasterized at a quarter of its size and magnified
    /// by the nearest filter (also LayerClassReferenceTests' reference case).
    static func circleRasterizedAtAQuarter(origin: Point) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = Rect(origin.x, origin.y, 64, 64)
        shape.path = .ellipse(in: Rect(0, 0, 64, 64))
        shape.fillColor = .black
        shape.shouldRasterize = true
        shape.rasterizationScale = 0.25
        shape.magnificationFilter = .nearest
        return shape
    }
}
