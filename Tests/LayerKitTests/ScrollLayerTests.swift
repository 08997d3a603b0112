// CAScrollLayer (CAScrollLayer.swift) and the sublayers' scrolling (CALayer+Scrolling.swift):
// scrolling moves the bounds' origin along the axes scrollMode allows, the least move shows a
// rectangle, visibleRect, and the pixels: the content drawn offset by the origin and cut to
// the scroll layer's bounds (checked against the expected colours of whole-pixel rectangles).
import Testing
@testable import LayerKit
import Raster

@Suite(.freshAnimationContext) struct ScrollLayerTests {
    /// A 100 × 60 scroll layer at (10, 20) holding a 300 × 200 content layer with a red square
    /// at (150, 100) in it.
    func scene() -> (root: CALayer, scroller: CAScrollLayer, content: CALayer, square: CALayer) {
        let scroller = CAScrollLayer()
        scroller.frame = Rect(10, 20, 100, 60)
        let content = CALayer()
        content.frame = Rect(0, 0, 300, 200)
        content.backgroundColor = Color(0, 0, 1)
        let square = CALayer()
        square.frame = Rect(150, 100, 20, 20)
        square.backgroundColor = Color(1, 0, 0)
        content.addSublayer(square)
        scroller.addSublayer(content)
        return (PixelScene.root(140, 100, [scroller]), scroller, content, square)
    }

    /// "scroll(to:): Changes the origin of the receiver to the specified point." and
    /// "scrollMode: Defines the axes in which the layer may be scrolled."
    @Test func scrollToPointMovesTheOriginAlongAllowedAxes() {
        let (_, s, _, _) = scene()
        s.scroll(to: Point(30, 40))
        #expect(s.bounds.origin == Point(30, 40))
        s.scrollMode = .horizontally
        s.scroll(to: Point(5, 6))
        #expect(s.bounds.origin == Point(5, 40))
        s.scrollMode = .vertically
        s.scroll(to: Point(7, 8))
        #expect(s.bounds.origin == Point(5, 8))
        s.scrollMode = .none
        s.scroll(to: Point(0, 0))
        #expect(s.bounds.origin == Point(5, 8))
    }

    /// "scroll(to:): Scroll the contents of the receiver to ensure that the rectangle is
    /// visible." — the least move: a rectangle already shown does not move it.
    @Test func scrollToRectMovesTheLeast() {
        let (_, s, _, _) = scene()
        s.scroll(to: Rect(150, 100, 20, 20))
        #expect(s.bounds.origin == Point(70, 60))   // its far edges at the bounds' far edges
        s.scroll(to: Rect(80, 70, 10, 10))
        #expect(s.bounds.origin == Point(70, 60))   // already visible
        s.scroll(to: Rect(20, 30, 10, 10))
        #expect(s.bounds.origin == Point(20, 30))   // its near edges at the near edges
    }

    /// "scrollRectToVisible(_:): Initiates a scroll in the layer's closest ancestor scroll
    /// layer so that the specified rectangle becomes visible." "scroll(_:): … so that the
    /// specified point lies at the origin of the scroll layer." "visibleRect: The visible
    /// region of the layer in its own coordinate space." "If the layer is not contained by a
    /// CAScrollLayer object, this method does nothing."
    @Test func sublayersScrollTheirScrollLayer() {
        let (_, s, content, square) = scene()
        square.scrollRectToVisible(square.bounds)
        #expect(s.bounds.origin == Point(70, 60))
        #expect(square.visibleRect == square.bounds)
        #expect(content.visibleRect == Rect(70, 60, 100, 60))
        content.scroll(Point(12, 34))
        #expect(s.bounds.origin == Point(12, 34))
        #expect(square.visibleRect.isNull)
        let lone = CALayer()
        lone.bounds = Rect(0, 0, 10, 10)
        lone.scroll(Point(3, 3))
        #expect(lone.visibleRect == lone.bounds)
    }

    /// The wheel's step stays within the content: the origin between the content's minimum
    /// and its maximum less the bounds.
    @Test func scrollByStaysWithinTheContent() {
        let (_, s, _, _) = scene()
        s.scroll(by: Point(-50, 1000))
        #expect(s.bounds.origin == Point(0, 140))
        s.scroll(by: Point(1000, -30))
        #expect(s.bounds.origin == Point(200, 110))
    }

    /// The picture: the content drawn offset by the origin, cut to the scroll layer's bounds
    /// (a scroll layer starts masking to its bounds).
    @Test func drawsTheScrolledPartClippedToItsBounds() {
        let (root, s, _, _) = scene()
        #expect(s.masksToBounds)
        s.scroll(to: Point(140, 90))
        let b = PixelScene.render(root, 140, 100)
        // The square (150…170, 100…120 of the content) lands at 10 + 10 … 10 + 30, 20 + 10 … 20 + 30.
        for (x, y, expected) in [(25, 35, (255, 0, 0)), (21, 31, (255, 0, 0)), (38, 48, (255, 0, 0)),
                                 (45, 35, (0, 0, 255)), (15, 25, (0, 0, 255)), (105, 75, (0, 0, 255)),
                                 (5, 35, (255, 255, 255)), (115, 50, (255, 255, 255)), (50, 85, (255, 255, 255))] {
            let p = PixelScene.rgb(b[x, y])
            #expect(p == expected, "pixel \(x), \(y): \(p)")
        }
    }

    /// A document's `"type": "scroll"` with `"scrollMode"`.
    @Test func documentType() throws {
        let doc = try LayerDocument.parse("""
        {"width": 40, "height": 40, "layers": [{"type": "scroll", "name": "s", "bounds": [10, 0, 20, 20],
          "scrollMode": "vertically", "sublayers": [{"bounds": [0, 0, 80, 80]}]}]}
        """)
        let s = try #require(doc.layersByName["s"] as? CAScrollLayer)
        #expect(s.scrollMode == .vertically && s.bounds.origin == Point(10, 0))
        #expect(throws: DocumentError.self) {
            try LayerDocument.parse("""
            {"width": 40, "height": 40, "layers": [{"type": "scroll", "scrollMode": "sideways"}]}
            """)
        }
    }
}
