// Renderer tests against small golden PNGs, plus pixel checks that hold whatever the goldens
// say.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// Renderer goldens (small PNGs in Goldens/; regenerate with LAYERKIT_UPDATE_GOLDENS=1) plus
/// pixel checks that hold whatever the goldens say.
@Suite(.serialized, .freshAnimationContext) struct RendererGoldenTests {
    static let goldens = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens", failurePrefix: "layerkit")

    func render(_ root: CALayer, _ w: Int, _ h: Int, scale: Double = 1, background: Color = .white) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        LayerRenderer(scale: scale, background: background).draw(root, into: Canvas(b))
        return b
    }

    /// Every channel within 2 of the golden, and the mean difference below 0.05/255.
    func checkGolden(_ name: String, _ b: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectGolden(b, name, in: Self.goldens,
                         tolerance: GoldenTolerance(threshold: 2, maxMeanAbsolute: 0.05.nextDown, maxShareOverThreshold: 0),
                         sourceLocation: sourceLocation)
    }

    func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = b[x, y]
        return (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff), Int(p >> 24))
    }

    func root(_ w: Double, _ h: Double) -> CALayer {
        let r = CALayer(); r.bounds = Rect(0, 0, w, h); r.position = Point(w / 2, h / 2); return r
    }

    @Test func bordersAndCorners() throws {
        let r = root(96, 48)
        for (i, radius) in [0.0, 12.0].enumerated() {
            let l = CALayer()
            l.bounds = Rect(0, 0, 40, 40); l.position = Point(24 + Double(i) * 48, 24)
            l.backgroundColor = Color(0.2, 0.4, 0.9); l.cornerRadius = radius
            l.borderWidth = 4; l.borderColor = Color(0.9, 0.1, 0.1)
            r.addSublayer(l)
        }
        let b = render(r, 96, 48)
        #expect(rgba(b, 5, 24) == (230, 26, 26, 255))       // square border
        #expect(rgba(b, 24, 24) == (51, 102, 230, 255))     // background inside
        #expect(rgba(b, 4, 4) == (230, 26, 26, 255))        // square corner is border
        #expect(rgba(b, 52, 4) == (255, 255, 255, 255))     // rounded corner cut away
        try checkGolden("borders_corners", b)
    }

    @Test func masksClipSublayers() throws {
        let r = root(96, 48)
        for (i, angle) in [0.0, 0.5].enumerated() {
            let m = CALayer()
            m.bounds = Rect(0, 0, 32, 32); m.position = Point(24 + Double(i) * 48, 24)
            m.transform = .rotation(angle)
            m.masksToBounds = true; m.cornerRadius = 8; m.backgroundColor = Color(0.9, 0.9, 0.2)
            let c = CAShapeLayer()
            c.path = .ellipse(in: Rect(0, 0, 40, 40)); c.position = Point(0, 0); c.fillColor = Color(0.1, 0.6, 0.2)
            c.bounds = Rect(0, 0, 40, 40); c.anchorPoint = Point(0, 0); c.position = Point(12, 12)
            m.addSublayer(c)
            r.addSublayer(m)
        }
        let b = render(r, 96, 48)
        #expect(rgba(b, 24 + 18, 24 + 8) == (255, 255, 255, 255))   // circle outside the mask: cut
        #expect(rgba(b, 24 + 10, 24 + 10) == (26, 153, 51, 255))    // inside both
        #expect(rgba(b, 72 + 22, 24 + 22) == (255, 255, 255, 255))   // rotated mask cuts too
        try checkGolden("masks", b)
    }

    @Test func contentsGravity() throws {
        // A 12×8 image with a dark left half, in 24×20 cells.
        let img = Bitmap(width: 12, height: 8)
        for y in 0..<8 { for x in 0..<12 { img[x, y] = x < 6 ? 0xff20_2080 : 0xffe0_8020 } }
        let r = root(24 * 6, 20 * 2)
        for (i, g) in CALayerContentsGravity.allCases.enumerated() {
            let l = CALayer()
            l.bounds = Rect(0, 0, 20, 16)
            l.anchorPoint = .zero; l.position = Point(Double(i % 6) * 24 + 2, Double(i / 6) * 20 + 2)
            l.backgroundColor = Color(0.85, 0.85, 0.85)
            l.contents = ImageRef(img); l.contentsGravity = g
            r.addSublayer(l)
        }
        let b = render(r, 144, 40)
        // resize (index 9): fills the whole 20×16 cell.
        let rx = (9 % 6) * 24 + 2, ry = (9 / 6) * 20 + 2
        #expect(rgba(b, rx + 1, ry + 1) == (32, 32, 128, 255))
        #expect(rgba(b, rx + 18, ry + 14) == (224, 128, 32, 255))
        // topLeft (index 5): natural size at the left and at maximum Y — "bottom" always means
        // "Minimum Y" and "top" always means "Maximum Y" (CALayer.h, contentsGravity) — so on
        // the y-down screen it sits at the cell's lower edge (rows 10…17), background above
        // it and beyond x 12.
        let tx = 5 * 24 + 2
        #expect(rgba(b, tx + 1, 2 + 16 - 2) == (32, 32, 128, 255))
        #expect(rgba(b, tx + 1, 3) == (217, 217, 217, 255))
        #expect(rgba(b, tx + 14, 2 + 16 - 2) == (217, 217, 217, 255))
        // bottom (index 2): centred at minimum Y, the top edge on screen (rows 2…9).
        let bx = 2 * 24 + 2
        #expect(rgba(b, bx + 5, 3) == (32, 32, 128, 255))
        #expect(rgba(b, bx + 5, 2 + 16 - 2) == (217, 217, 217, 255))
        try checkGolden("gravity", b)
    }

    @Test func groupOpacityCompositesOnce() throws {
        let r = root(80, 48)
        let g = CALayer(); g.bounds = Rect(0, 0, 80, 48); g.anchorPoint = .zero; g.opacity = 0.5
        for x in [8.0, 32.0] {
            let s = CALayer(); s.bounds = Rect(0, 0, 40, 32); s.anchorPoint = .zero; s.position = Point(x, 8)
            s.backgroundColor = Color(0, 0, 1)
            g.addSublayer(s)
        }
        r.addSublayer(g)
        let b = render(r, 80, 48)
        // The overlap (x 32…48) looks like the single parts: one composite at 50 %.
        #expect(rgba(b, 40, 20) == rgba(b, 12, 20))
        #expect(rgba(b, 40, 20) == rgba(b, 70, 20))
        let (_, _, blue, _) = rgba(b, 40, 20)
        #expect(abs(rgba(b, 40, 20).0 - 128) <= 1 && blue == 255)
        // A single shape with fill and stroke at 50 %: the stroke over the fill is not darker.
        let r2 = root(48, 48)
        let s = CAShapeLayer(); s.path = .rect(Rect(8, 8, 32, 32)); s.fillColor = Color(1, 0, 0)
        s.strokeColor = Color(1, 0, 0); s.lineWidth = 6; s.opacity = 0.5
        r2.addSublayer(s)
        let b2 = render(r2, 48, 48)
        #expect(rgba(b2, 8, 24) == rgba(b2, 24, 24))
        try checkGolden("group_opacity", b)
    }

    @Test func perspectiveRotationIsProjected() throws {
        let r = root(96, 64)
        let stage = CALayer(); stage.bounds = Rect(0, 0, 96, 64); stage.anchorPoint = .zero
        stage.sublayerTransform = .perspective(120)
        let card = CALayer(); card.bounds = Rect(0, 0, 48, 40); card.position = Point(48, 32)
        card.backgroundColor = Color(0.2, 0.5, 0.9); card.borderWidth = 3; card.borderColor = Color(0.1, 0.1, 0.3)
        card.transform = .rotation(0.8, 0, 1, 0)
        stage.addSublayer(card)
        r.addSublayer(stage)
        let b = render(r, 96, 64)
        // Rotating about y under perspective: one vertical edge is taller than the other.
        func columnHeight(_ x: Int) -> Int { (0..<64).filter { rgba(b, x, $0).3 == 255 && rgba(b, x, $0) != (255, 255, 255, 255) }.count }
        var cols: [Int] = []
        for x in 0..<96 where columnHeight(x) > 0 { cols.append(x) }
        let left = try #require(cols.first), right = try #require(cols.last)
        #expect(right - left < 40)                                  // foreshortened from 48
        #expect(abs(columnHeight(left + 1) - columnHeight(right - 1)) >= 4)
        try checkGolden("perspective", b)
    }

    @Test func hiDPIScalesAtTheLastStep() throws {
        let r = root(20, 10)
        let l = CALayer(); l.bounds = Rect(0, 0, 10, 10); l.anchorPoint = .zero; l.position = Point(5, 0)
        l.backgroundColor = .black
        r.addSublayer(l)
        let b = render(r, 40, 20, scale: 2)
        #expect(rgba(b, 9, 10) == (255, 255, 255, 255) && rgba(b, 10, 10) == (0, 0, 0, 255))
        #expect(rgba(b, 29, 19) == (0, 0, 0, 255) && rgba(b, 30, 10) == (255, 255, 255, 255))
    }

    @Test func damageRedrawEqualsFullRedraw() throws {
        let r = root(120, 80)
        var layers: [CALayer] = []
        for i in 0..<4 {
            let s = CAShapeLayer()
            s.path = .ellipse(in: Rect(0, 0, 20, 20)); s.bounds = Rect(0, 0, 20, 20)
            s.position = Point(20 + Double(i) * 25, 40); s.fillColor = Color(Double(i) / 4, 0.3, 0.6)
            s.strokeColor = .black; s.lineWidth = 2
            r.addSublayer(s); layers.append(s)
        }
        let inc = Bitmap(width: 120, height: 80)
        let canvas = Canvas(inc)
        let renderer = LayerRenderer(background: .white)
        let first = renderer.renderFrame(r, into: canvas)
        #expect(first.damage == Rect(0, 0, 120, 80))
        #expect(renderer.renderFrame(r, into: canvas).damage == nil)   // nothing changed
        CATransaction.setDisableActions(true)
        layers[1].position.y = 50
        layers[3].isHidden = true
        layers[0].opacity = 0.5
        let stats = renderer.renderFrame(r, into: canvas)
        let d = try #require(stats.damage)
        #expect(d.width < 120 || d.height < 80)
        let full = render(r, 120, 80)
        #expect(inc.difference(from: full)!.maxAbsolute == 0)
        layers[3].isHidden = false
        layers[2].transform = .rotation(0.3)
        _ = renderer.renderFrame(r, into: canvas)
        #expect(inc.difference(from: render(r, 120, 80))!.maxAbsolute == 0)
        CATransaction.setDisableActions(false)
    }

    @Test func nonPropertyAnimationsKeepTheirLayerDamaged() throws {
        let r = root(60, 40)
        let l = CALayer(); l.bounds = Rect(0, 0, 20, 20); l.position = Point(30, 20); l.backgroundColor = .red
        r.addSublayer(l)
        let renderer = LayerRenderer(background: .white)
        let canvas = Canvas(Bitmap(width: 60, height: 40))
        _ = renderer.renderFrame(r.presentation(at: 0), into: canvas)
        #expect(renderer.renderFrame(r.presentation(at: 0), into: canvas).damage == nil)
        l.animationStore.append((key: "t", animation: CAAnimation()))   // e.g. a transition
        defer { l.animationStore.removeAll() }
        let d1 = try #require(renderer.renderFrame(r.presentation(at: 0), into: canvas).damage)
        let d2 = try #require(renderer.renderFrame(r.presentation(at: 0), into: canvas).damage)
        #expect(d1 == d2 && d1.width < 60 && d1.contains(Point(30, 20)))
    }

    /// A document using most layer features at once, rendered at scale 2.
    @Test func documentScene() throws {
        let doc = try LayerDocument.parse("""
        {"width": 120, "height": 80, "background": "#202030",
         "layers": [
          {"bounds": [0, 0, 50, 40], "position": [30, 25], "backgroundColor": "#ffcc00", "cornerRadius": 8,
           "borderWidth": 2, "borderColor": "#ffffff", "masksToBounds": true, "transform": [{"rotate": 0.2}],
           "sublayers": [{"type": "shape", "path": "M 0 0 L 60 40", "strokeColor": "#c02020", "lineWidth": 6,
                          "lineCap": "round", "fillColor": null}]},
          {"type": "shape", "path": "M 0 0 L 40 0 L 40 40 Z", "bounds": [0, 0, 40, 40], "position": [90, 30],
           "fillColor": "#3388ff", "strokeColor": "#ffffff", "lineWidth": 3, "lineJoin": "round", "opacity": 0.6,
           "lineDashPattern": [6, 3], "strokeEnd": 0.8},
          {"bounds": [0, 0, 120, 30], "position": [60, 65], "sublayerTransform": [{"perspective": 100}],
           "sublayers": [{"bounds": [0, 0, 40, 20], "position": [60, 15], "backgroundColor": [0.2, 0.8, 0.4, 1],
                          "transform": [{"rotate": [0.9, 0, 1, 0]}], "zPosition": 5},
                         {"bounds": [0, 0, 100, 4], "position": [60, 15], "backgroundColor": "#ffffff80"}]}
         ]}
        """)
        let b = Bitmap(width: 240, height: 160)
        doc.makeRendererForTests(scale: 2).draw(doc.root, into: Canvas(b))
        // The background shows in the corner; the rounded yellow card is there.
        #expect(rgba(b, 1, 158) == (32, 32, 48, 255))
        #expect(rgba(b, 30, 60) == (255, 204, 0, 255))
        try checkGolden("document_scene", b)
    }
}

extension LayerDocument {
    func makeRendererForTests(scale: Double) -> LayerRenderer { LayerRenderer(scale: scale, background: background) }
}
