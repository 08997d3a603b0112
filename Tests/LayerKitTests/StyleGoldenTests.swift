// Goldens of the styling properties and CAGradientLayer (Goldens/style_*.png; regenerate
// with LAYERKIT_UPDATE_GOLDENS=1 swift test --filter StyleGoldenTests), each scene also
// checked at a few pixels whose value follows from the rules whatever the golden says.
import Foundation
import Testing
@testable import LayerKit
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct StyleGoldenTests {
    static let goldens = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"),
        bundle: Bundle.module, bundleSubdirectory: "Goldens", failurePrefix: "style")

    func render(_ layers: [CALayer], _ w: Int, _ h: Int, background: Color = Color(0.95, 0.95, 0.97)) -> Bitmap {
        let root = CALayer()
        root.bounds = Rect(0, 0, Double(w), Double(h))
        root.position = Point(Double(w) / 2, Double(h) / 2)
        for l in layers { root.addSublayer(l) }
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: background).draw(root, into: Canvas(b))
        return b
    }

    func check(_ name: String, _ b: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectGolden(b, name, in: Self.goldens,
                         tolerance: GoldenTolerance(threshold: 2, maxMeanAbsolute: 0.05.nextDown, maxShareOverThreshold: 0),
                         sourceLocation: sourceLocation)
    }

    func layer(_ frame: Rect, _ color: Color?) -> CALayer {
        let l = CALayer(); l.frame = frame; l.backgroundColor = color; return l
    }

    @Test func shadows() throws {
        let plain = layer(Rect(20, 20, 70, 50), .white)
        plain.cornerRadius = 10
        plain.shadowOpacity = 0.5
        plain.shadowRadius = 6
        plain.shadowOffset = Size(0, 5)
        let rotated = layer(Rect(130, 20, 60, 50), Color(0.3, 0.6, 1))
        rotated.transform = .rotation(0.4, 0, 0, 1)
        rotated.shadowOpacity = 0.7
        rotated.shadowRadius = 3
        rotated.shadowOffset = Size(6, 0)
        let sub = layer(Rect(10, 10, 20, 20), .red)
        rotated.addSublayer(sub)
        let colored = CAShapeLayer()
        colored.frame = Rect(230, 20, 60, 60)
        colored.path = .ellipse(in: Rect(0, 0, 60, 60))
        colored.fillColor = Color(1, 0.5, 0.1)
        colored.shadowColor = Color(1, 0.2, 0)
        colored.shadowOpacity = 0.9
        colored.shadowRadius = 10
        colored.shadowOffset = Size(0, 0)
        let pathShadow = layer(Rect(40, 110, 100, 40), Color(0.2, 0.8, 0.5))
        pathShadow.shadowOpacity = 0.6
        pathShadow.shadowRadius = 4
        pathShadow.shadowOffset = Size(0, 12)
        pathShadow.shadowPath = .ellipse(in: Rect(10, 30, 80, 16))
        let clipped = layer(Rect(190, 110, 80, 40), Color(0.5, 0.3, 0.8))
        clipped.masksToBounds = true
        clipped.shadowOpacity = 1
        let b = render([plain, rotated, colored, pathShadow, clipped], 310, 180)
        // Under the default offset (0, −3) … here (0, 5): below the card's bottom edge is darker
        // than above its top edge; masksToBounds cuts the shadow away entirely.
        #expect(b[55, 74] >> 16 & 255 < b[55, 17] >> 16 & 255)
        #expect(b[230, 158] == Color(0.95, 0.95, 0.97).premultipliedARGB)
        try check("style_shadows", b)
    }

    @Test func gradients() throws {
        func g(_ frame: Rect, _ type: CAGradientLayerType, _ colors: [Color], _ s: Point, _ e: Point) -> CAGradientLayer {
            let l = CAGradientLayer()
            l.frame = frame; l.type = type; l.colors = colors; l.startPoint = s; l.endPoint = e
            return l
        }
        let axial = g(Rect(10, 10, 120, 70), .axial, [Color(1, 0.8, 0.2), Color(1, 0.2, 0.4), Color(0.3, 0.2, 0.9)],
                      Point(0, 0), Point(1, 1))
        axial.locations = [0, 0.7, 1]
        axial.cornerRadius = 16
        let radial = g(Rect(140, 10, 70, 70), .radial, [.white, Color(0.1, 0.3, 0.8)], Point(0.3, 0.3), Point(1, 1))
        radial.cornerRadius = 20
        radial.cornerCurve = .continuous
        let conic = g(Rect(220, 10, 70, 70), .conic, [.red, .yellow, .green, Color(0, 1, 1), .blue, Color(1, 0, 1), .red],
                      Point(0.5, 0.5), Point(0.5, 0))
        conic.cornerRadius = 35
        let fade = g(Rect(10, 90, 280, 30), .axial, [.white, .clear], Point(0, 0.5), Point(1, 0.5))
        fade.backgroundColor = nil
        let slow = g(Rect(10, 130, 280, 40), .axial, [Color(0.40, 0.42, 0.46), Color(0.44, 0.46, 0.50)], Point(0, 0.5), Point(1, 0.5))
        let b = render([axial, radial, conic, fade, slow], 300, 180, background: Color(0.2, 0.2, 0.25))
        try check("style_gradients", b)
    }

    @Test func masks() throws {
        // A gradient masked by a layer tree (a rotated bar and a text-free ring), a photo-like
        // checker masked by a translucent circle, and a mask combined with masksToBounds.
        let g = CAGradientLayer()
        g.frame = Rect(10, 10, 120, 100)
        g.colors = [Color(0.1, 0.8, 0.7), Color(0.2, 0.2, 0.9)]
        let m = CALayer()
        m.frame = Rect(0, 0, 120, 100)
        let bar = layer(Rect(10, 40, 100, 20), .black)
        bar.transform = .rotation(-0.5, 0, 0, 1)
        let ring = CAShapeLayer()
        ring.frame = Rect(0, 0, 120, 100)
        ring.path = .ellipse(in: Rect(30, 20, 60, 60))
        ring.fillColor = nil
        ring.strokeColor = .black
        ring.lineWidth = 10
        m.addSublayer(bar)
        m.addSublayer(ring)
        g.mask = m

        let checker = CALayer()
        checker.frame = Rect(150, 10, 100, 100)
        for i in 0..<25 {
            checker.addSublayer(layer(Rect(Double(i % 5) * 20, Double(i / 5) * 20, 20, 20),
                                      (i % 2 == 0) ? Color(0.9, 0.3, 0.2) : Color(0.2, 0.3, 0.9)))
        }
        let circle = CAShapeLayer()
        circle.frame = Rect(10, 10, 80, 80)
        circle.path = .ellipse(in: Rect(0, 0, 80, 80))
        circle.fillColor = Color(0, 0, 0, 0.6)
        checker.mask = circle

        let both = layer(Rect(270, 10, 80, 100), Color(0.9, 0.7, 0.1))
        both.masksToBounds = true
        both.cornerRadius = 12
        let tri = CAShapeLayer()
        tri.frame = Rect(-20, 0, 120, 100)
        tri.path = try Path(svg: "M 0 100 L 60 0 L 120 100 Z")
        both.mask = tri
        let b = render([g, checker, both], 360, 120)
        // Outside the mask's ink the layer is gone; the translucent mask leaves 60 %.
        #expect(b[12, 12] == Color(0.95, 0.95, 0.97).premultipliedARGB)
        try check("style_masks", b)
    }

    @Test func corners() throws {
        var layers: [CALayer] = []
        let sets: [CACornerMask] = [.all, [.layerMinXMinYCorner], [.layerMaxXMinYCorner, .layerMinXMaxYCorner],
                                    [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]]
        for (i, corners) in sets.enumerated() {
            for (j, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
                let l = layer(Rect(10 + Double(i) * 80, 10 + Double(j) * 80, 70, 70), Color(0.2, 0.5, 0.9))
                l.cornerRadius = 24
                l.maskedCorners = corners
                l.cornerCurve = curve
                l.borderWidth = 4
                l.borderColor = Color(0.1, 0.1, 0.3)
                layers.append(l)
            }
        }
        let b = render(layers, 330, 170)
        // A masked-off corner stays square (border colour at the very corner pixel).
        #expect(b[171, 11] != Color(0.95, 0.95, 0.97).premultipliedARGB)
        #expect(b[91, 11] == Color(0.95, 0.95, 0.97).premultipliedARGB)
        #expect(b[11, 11] == Color(0.95, 0.95, 0.97).premultipliedARGB)
        try check("style_corners", b)
    }

    /// A 40 × 40 test image: four coloured quadrants with a dark 4-pixel frame.
    static func testImage() -> ImageRef {
        let bmp = Bitmap(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let frame = x < 4 || y < 4 || x >= 36 || y >= 36
                let c: Color = frame ? Color(0.1, 0.1, 0.1) : (x < 20 ? (y < 20 ? .red : .green) : (y < 20 ? .blue : .yellow))
                bmp[x, y] = c.premultipliedARGB
            }
        }
        return ImageRef(bmp)
    }

    @Test func contentsRectCenterAndScale() throws {
        let img = Self.testImage()
        let sprite = layer(Rect(10, 10, 60, 60), nil)
        sprite.contents = img
        sprite.contentsRect = Rect(0.5, 0, 0.5, 0.5)     // the blue quadrant (with its frame)
        let nine = layer(Rect(80, 10, 140, 60), nil)
        nine.contents = img
        nine.contentsCenter = Rect(0.25, 0.25, 0.5, 0.5)
        let scaled = layer(Rect(230, 10, 60, 60), Color(0.8, 0.8, 0.8))
        scaled.contents = img
        scaled.contentsScale = 2
        scaled.contentsGravity = .center
        let b = render([sprite, nine, scaled], 300, 80)
        #expect(b[40, 40] == Color.blue.premultipliedARGB)
        // The nine-part corners keep 10 points: the frame is 1 point wide, 10 stays red.
        #expect(b[85, 15] == Color.red.premultipliedARGB)
        // contentsScale 2: a 20-point image centred in 60 points.
        #expect(b[235, 40] == Color(0.8, 0.8, 0.8).premultipliedARGB)
        try check("style_contents", b)
    }

    @Test func geometryAndCompositing() throws {
        // doubleSided: two layers turned past 90° about y, the second single-sided (hidden).
        let front = layer(Rect(10, 10, 60, 60), Color(0.2, 0.7, 0.3))
        front.transform = CATransform3D.rotation(2.5, 0, 1, 0)
        let back = layer(Rect(80, 10, 60, 60), Color(0.8, 0.2, 0.3))
        back.transform = CATransform3D.rotation(2.5, 0, 1, 0)
        back.isDoubleSided = false
        // anchorPointZ: a rotation about a point 40 behind the plane, in perspective.
        let holder = layer(Rect(150, 10, 70, 70), nil)
        holder.sublayerTransform = .perspective(300)
        let swing = layer(Rect(10, 10, 50, 50), Color(0.3, 0.4, 0.9))
        swing.anchorPointZ = 40
        swing.transform = CATransform3D.rotation(0.6, 0, 1, 0)
        holder.addSublayer(swing)
        // geometryFlipped: a child at y 0 sits at the bottom.
        let flipped = layer(Rect(230, 10, 60, 60), Color(0.85, 0.85, 0.9))
        flipped.isGeometryFlipped = true
        flipped.addSublayer(layer(Rect(5, 0, 20, 15), Color(0.9, 0.5, 0.1)))
        // allowsGroupOpacity false: overlapping sublayers show through each other.
        let grouped = layer(Rect(10, 90, 80, 50), nil)
        let ungrouped = layer(Rect(110, 90, 80, 50), nil)
        for g in [grouped, ungrouped] {
            g.opacity = 0.5
            g.addSublayer(layer(Rect(0, 0, 50, 50), .blue))
            g.addSublayer(layer(Rect(30, 0, 50, 50), .red))
        }
        ungrouped.allowsGroupOpacity = false
        let b = render([front, back, holder, flipped, grouped, ungrouped], 300, 150)
        #expect(b[110, 40] == Color(0.95, 0.95, 0.97).premultipliedARGB)     // back face hidden
        #expect(b[40, 40] != Color(0.95, 0.95, 0.97).premultipliedARGB)      // double-sided shown
        #expect(b[240, 62] == Color(0.9, 0.5, 0.1).premultipliedARGB)        // flipped child at the bottom
        // In the overlap, grouped shows red over the blue only; ungrouped mixes both over the background.
        #expect(b[50, 115] != b[150, 115])
        try check("style_geometry", b)
    }
}
