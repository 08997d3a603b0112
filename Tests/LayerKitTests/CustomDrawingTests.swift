// Tests of layers' custom drawing: when display happens, the delegate's calls, the backing
// store, partial redraws, and redisplay of needsDisplay(forKey:) keys while they animate.

import Foundation
import Testing
@testable import LayerKit
import TestSupport

/// Custom drawing of layers: when display happens, what the delegate is asked in which order,
/// the backing store, partial redraws, bounds changes, and a subclass property listed in
/// `needsDisplay(forKey:)` redrawn every frame of its animation with the presentation value.
@Suite(.freshAnimationContext) struct CustomDrawingTests {
    init() {
        CAAnimationEngine.current.reset()
        CAAnimationContext.current.clock.manualTime = 0
    }

    /// Records the calls it gets and fills the bounds with `color`.
    final class Recorder: CALayerDelegate {
        var drawCount = 0
        var color = Color.red
        var clipBoxes: [Rect] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            drawCount += 1
            clipBoxes.append(ctx.boundingBoxOfClipPath)
            ctx.setFillColor(color)
            ctx.fill(layer.bounds)
        }
    }

    /// Implements `display(_:)` as well: `draw(_:in:)` must not be called.
    final class Displayer: CALayerDelegate {
        var displayCount = 0, drawCount = 0
        let image = Bitmap(width: 3, height: 3)
        func display(_ layer: CALayer) { displayCount += 1; layer.contents = ImageRef(image) }
        func draw(_ layer: CALayer, in ctx: CGContext) { drawCount += 1 }
    }

    /// A layer with its own animatable property that redraws for it.
    final class GaugeLayer: CALayer {
        static let progress: LayerProperty<GaugeLayer, Double> = .init(
            "progress", get: { $0.progress }, set: { $0.progress = $1 },
            default: 0.0, animatable: true, affects: .pixels, document: nil)
        static let gaugeProperties = LayerPropertyTable(GaugeLayer.self, superclass: CALayer.layerProperties,
                                                        declared: [progress.erased])
        override class var properties: LayerPropertyTable { gaugeProperties }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        var progress: Double = GaugeLayer.progress.defaultValue {
            didSet { didChange(GaugeLayer.progress, from: oldValue) }
        }
        /// The progress values `draw(in:)` saw, in order.
        nonisolated(unsafe) var drawn: [Double] = []

        override func draw(in ctx: CGContext) {
            (modelLayer as? GaugeLayer ?? self).drawn.append(progress)
            ctx.setFillColor(.blue)
            ctx.fill(Rect(0, 0, bounds.width * progress, bounds.height))
        }
    }

    func layer(_ w: Double = 20, _ h: Double = 10) -> CALayer {
        let l = CALayer()
        l.bounds = Rect(0, 0, w, h)
        l.position = Point(w / 2, h / 2)
        return l
    }

    func render(_ root: CALayer, at t: Double? = nil) {
        let tree = t.map { root.presentation(at: $0) } ?? root
        _ = DisplayListBuilder(scale: 1).build(tree, width: 64, height: 64)
    }

    @Test func displaysOnceWhenMarkedIntoABackingStoreAtContentsScale() throws {
        let l = layer(20, 10)
        let d = Recorder()
        l.delegate = d
        l.contentsScale = 2
        render(l)
        #expect(d.drawCount == 0)                      // a delegate alone draws nothing
        l.setNeedsDisplay()
        #expect(l.needsDisplay())
        render(l)
        render(l)
        #expect(d.drawCount == 1 && !l.needsDisplay())
        let store = try #require(l.contents?.bitmap)
        #expect(store.width == 40 && store.height == 20)
        #expect(store[39, 19] == Color.red.premultipliedARGB)
        #expect(d.clipBoxes == [Rect(0, 0, 20, 10)])
        l.setNeedsDisplay()
        l.displayIfNeeded()                            // now, without a frame
        l.displayIfNeeded()
        #expect(d.drawCount == 2 && l.contents?.bitmap !== store)
        CATransaction.flush()                          // presentation() is nil before the first commit
        let shown = try #require(l.presentation())
        #expect(l.drawsOwnContents && shown.drawsOwnContents)
        #expect(shown.contentsScale == 2)
    }

    @Test func displayOfTheDelegateTakesPrecedenceOverDraw() {
        let l = layer()
        let d = Displayer()
        l.delegate = d
        l.setNeedsDisplay()
        render(l)
        #expect(d.displayCount == 1 && d.drawCount == 0)
        #expect(l.contents?.bitmap === d.image)
    }

    /// Sets its contents in `display()` itself, as Apple's documentation allows subclasses to.
    final class ContentsLayer: CALayer {
        let image = Bitmap(width: 2, height: 2)
        override func display() { contents = ImageRef(image) }
    }

    @Test func subclassDisplaySetsContentsDirectly() throws {
        let l = ContentsLayer()
        l.bounds = Rect(0, 0, 10, 10)
        let d = Recorder()
        l.delegate = d                                 // an overridden display() skips the delegate
        l.setNeedsDisplay()
        CATransaction.flush()
        render(try #require(l.presentation()))
        #expect(l.contents?.bitmap === l.image)
        #expect(d.drawCount == 0 && !l.needsDisplay())
    }

    @Test func partialRedrawKeepsTheRestOfTheStore() throws {
        let l = layer(20, 10)
        let d = Recorder()
        l.delegate = d
        l.setNeedsDisplay()
        render(l)
        let first = try #require(l.contents?.bitmap)
        d.color = .blue
        l.setNeedsDisplay(Rect(4, 2, 6, 5))
        render(l)
        let second = try #require(l.contents?.bitmap)
        #expect(first !== second)                      // a new image: damage tracking sees it
        #expect(d.clipBoxes.last == Rect(4, 2, 6, 5))  // the context clipped to the marked part
        #expect(second[5, 3] == Color.blue.premultipliedARGB)
        #expect(second[1, 1] == Color.red.premultipliedARGB)
        #expect(second[15, 8] == Color.red.premultipliedARGB)
        #expect(first[5, 3] == Color.red.premultipliedARGB) // the old image is untouched
        // Two marks unite; a whole-layer mark wins.
        l.setNeedsDisplay(Rect(0, 0, 2, 2)); l.setNeedsDisplay(Rect(18, 8, 2, 2))
        render(l)
        #expect(d.clipBoxes.last == Rect(0, 0, 20, 10))
        l.setNeedsDisplay(Rect(0, 0, 2, 2)); l.setNeedsDisplay()
        render(l)
        #expect(d.clipBoxes.last == Rect(0, 0, 20, 10))
    }

    @Test func boundsChangeRedisplaysOnlyWhenAsked() throws {
        for flag in [false, true] {
            let l = layer(20, 10)
            let d = Recorder()
            l.delegate = d
            l.needsDisplayOnBoundsChange = flag
            l.setNeedsDisplay()
            render(l)
            l.bounds = Rect(0, 0, 30, 10)
            #expect(l.needsDisplay() == flag)
            render(l)
            #expect(d.drawCount == (flag ? 2 : 1))
            #expect(try #require(l.contents?.bitmap).width == (flag ? 30 : 20))
        }
    }

    @Test func customPropertyByKeyPathAndImplicitAnimation() {
        let root = CALayer()
        let g = GaugeLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(g)
        CATransaction.commit()
        #expect(g.setValue(.number(0.3), forKeyPath: "progress"))
        #expect(g.value(forKeyPath: "progress") == .number(0.3))
        #expect(g.needsDisplay())                      // a display key marks the layer
        #expect(g.animation(forKey: "progress") is CABasicAnimation)
        #expect(GaugeLayer.displayKeys == ["progress"])
    }

    @Test func animatedDisplayKeyRedrawsEveryFrameWithThePresentationValue() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 64, 64)
        let g = GaugeLayer()
        g.bounds = Rect(0, 0, 40, 10); g.position = Point(20, 5)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(g)
        g.progress = 1
        CATransaction.commit()
        render(root, at: 0)
        #expect(g.drawn == [1])
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = .number(0); a.toValue = .number(1); a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        g.add(a, forKey: "fill")
        CATransaction.flush()
        var images: [Bitmap] = []
        for t in [0.25, 0.5, 0.75] {
            render(root, at: t)
            images.append(try #require(g.contents?.bitmap))
        }
        #expect(g.drawn.count == 4)
        for (v, want) in zip(g.drawn.dropFirst(), [0.25, 0.5, 0.75]) { #expect(abs(v - want) < 1e-9) }
        #expect(images[0] !== images[1] && images[1] !== images[2])
        // The drawn store shows the presentation value: half of the width at t = 0.5.
        #expect(images[1][19, 5] == Color.blue.premultipliedARGB && images[1][21, 5] >> 24 == 0)
        // The same instant again draws nothing new.
        render(root, at: 0.75)
        #expect(g.drawn.count == 4)
        // After the animation the model value is drawn once more.
        g.removeAnimation(forKey: "fill")
        render(root, at: 2)
        #expect(g.drawn.last == 1 && g.drawn.count == 5)
    }
    @Test func damageTrackingEqualsAFullRedrawFrameByFrame() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 64, 64); root.position = Point(32, 32)
        let g = GaugeLayer()
        g.bounds = Rect(0, 0, 40, 12); g.position = Point(30, 12); g.contentsScale = 1.5
        let plain = layer(20, 20)
        plain.position = Point(20, 44)
        let d = Recorder()
        plain.delegate = d
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.addSublayer(g); root.addSublayer(plain)
        g.progress = 1
        plain.setNeedsDisplay()
        CATransaction.commit()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = .number(0); a.toValue = .number(1); a.duration = 1
        g.add(a, forKey: "fill")
        CATransaction.flush()
        let renderer = LayerRenderer(background: .white)
        let incremental = Bitmap(width: 64, height: 64)
        for i in 0..<14 {
            let t = Double(i) * 0.1
            if i == 5 { d.color = .blue; plain.setNeedsDisplay(Rect(5, 5, 8, 8)) }
            let tree = root.presentation(at: t)
            let stats = renderer.renderFrame(tree, into: Canvas(incremental))
            let full = Bitmap(width: 64, height: 64)
            LayerRenderer(background: .white).draw(tree, into: Canvas(full))
            #expect(try #require(incremental.difference(from: full)).maxAbsolute == 0, "frame \(i)")
            if i > 0 && i <= 10 { #expect(stats.damage != nil, "frame \(i): the animated drawing damages") }
            if i == 12 { #expect(stats.damage == nil, "frame \(i): nothing changed") }
        }
        #expect(incremental[18, 42] == Color.blue.premultipliedARGB)  // the partial redraw is on screen
        #expect(incremental[25, 50] == Color.red.premultipliedARGB)
    }
}
