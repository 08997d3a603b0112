// The two-image transition effects on two code-drawn 96×64 images: exact end states, no jumps
// at the ends, edges as mirror images, straight edges under perspective, and every effect
// against its golden contact sheet (progress 0, 0.25, 0.5, 0.75, 1 left to right, on light
// grey). Regenerate with LAYERKIT_UPDATE_GOLDENS=1 swift test --filter ImageTransitionTests.
import Foundation
import Testing
@testable import Raster
import Media
import TestSupport

@Suite struct ImageTransitionTests {
    static let progresses = [0, 0.25, 0.5, 0.75, 1.0]

    /// Every effect with every edge (and both iris directions).
    static var allEffects: [ImageTransition] {
        let edges = ImageTransition.Edge.allCases
        return [.crossFade, .ripple, .suck, .iris(opening: true), .iris(opening: false)]
            + ImageTransition.Slide.allCases.flatMap { s in edges.map { ImageTransition.slide(s, from: $0) } }
            + edges.flatMap { e in [ImageTransition.cube(from: e), .flip(from: e), .pageCurl(from: e), .pageUnCurl(from: e)] }
    }

    func render(_ e: ImageTransition, _ p: Double, from: Bitmap, to: Bitmap, background: Color = .clear) -> Bitmap {
        let out = Bitmap(width: from.width, height: from.height)
        out.clear(background)
        Canvas(out).draw(e, from: from, to: to, progress: p, x: 0, y: 0)
        return out
    }

    func identical(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && (0..<a.pixelCount).allSatisfy { a.pixels[$0] == b.pixels[$0] }
    }

    @Test func progressZeroIsOldAndOneIsNewExactly() {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for e in Self.allEffects {
            #expect(identical(render(e, 0, from: a, to: b), a), "\(e) at 0")
            #expect(identical(render(e, 1, from: a, to: b), b), "\(e) at 1")
            #expect(identical(render(e, -3, from: a, to: b), a), "\(e) clamped below")
            #expect(identical(render(e, .nan, from: a, to: b), a), "\(e) NaN")
        }
    }

    /// Just inside the ends the frame is close to the end state: no jump when the transition
    /// starts or finishes.
    @Test func noJumpAtEitherEnd() {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for e in Self.allEffects {
            let start = render(e, 0.004, from: a, to: b).difference(from: a)!
            let end = render(e, 0.996, from: a, to: b).difference(from: b)!
            #expect(start.meanAbsolute < 4, "\(e) start \(start)")
            #expect(end.meanAbsolute < 4, "\(e) end \(end)")
        }
    }

    /// Mid-way every effect actually changes the picture and shows some of the new image.
    @Test func midwayDiffersFromBothEnds() {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for e in Self.allEffects {
            let mid = render(e, 0.5, from: a, to: b, background: .black)
            #expect(mid.difference(from: a)!.meanAbsolute > 5, "\(e) mid vs old")
            #expect(mid.difference(from: b)!.meanAbsolute > 5, "\(e) mid vs new")
        }
    }

    func mirroredX(_ b: Bitmap) -> Bitmap {
        let m = Bitmap(width: b.width, height: b.height)
        for y in 0..<b.height { for x in 0..<b.width { m[b.width - 1 - x, y] = b[x, y] } }
        return m
    }
    func mirroredY(_ b: Bitmap) -> Bitmap {
        let m = Bitmap(width: b.width, height: b.height)
        for y in 0..<b.height { for x in 0..<b.width { m[x, b.height - 1 - y] = b[x, y] } }
        return m
    }

    static let mirroredEffects: [(String, @Sendable (ImageTransition.Edge) -> ImageTransition)] = [
        ("moveIn", { .slide(.moveIn, from: $0) }), ("push", { .slide(.push, from: $0) }),
        ("reveal", { .slide(.reveal, from: $0) }), ("cube", { .cube(from: $0) }), ("flip", { .flip(from: $0) }),
    ]

    /// From the left is from the right seen in a mirror (and from the top from the bottom
    /// upside down).
    @Test(arguments: mirroredEffects.map { $0.0 })
    func edgesAreMirrorImages(_ name: String) {
        let make = Self.mirroredEffects.first { $0.0 == name }!.1
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for p in [0.3, 0.6] {
            let left = render(make(.left), p, from: a, to: b)
            let right = render(make(.right), p, from: mirroredX(a), to: mirroredX(b))
            let dx = left.difference(from: mirroredX(right), threshold: 24)!
            #expect(dx.shareOverThreshold < 0.02, "\(name) left/right at \(p): \(dx)")
            let top = render(make(.top), p, from: a, to: b)
            let bottom = render(make(.bottom), p, from: mirroredY(a), to: mirroredY(b))
            let dy = top.difference(from: mirroredY(bottom), threshold: 24)!
            #expect(dy.shareOverThreshold < 0.02, "\(name) top/bottom at \(p): \(dy)")
        }
    }

    /// The projective faces keep straight edges straight: the old face's top edge, found
    /// column by column as the first non-background row, lies on one line.
    @Test(arguments: [ImageTransition.cube(from: .right), .flip(from: .right)])
    func perspectiveKeepsEdgesStraight(_ effect: ImageTransition) {
        let w = 96, h = 64
        let white = Bitmap(width: w, height: h); white.clear(.white)
        // Only the old face (the new image is empty): the cube's two faces meet at a kink.
        let out = render(effect, 0.3, from: white, to: Bitmap(width: w, height: h), background: .black)
        var pts: [(Double, Double)] = []
        for x in 0..<w {
            // Sub-pixel edge: sum of coverage down the column until full.
            var y = 0
            while y < h && out[x, y] & 0xff == 0 { y += 1 }
            guard y > 0 && y < h - 1 else { continue }
            let cover = Double(out[x, y] & 0xff) / 255
            pts.append((Double(x) + 0.5, Double(y) + 1 - cover))
        }
        #expect(pts.count > 20, "\(effect): the face should be visible")
        guard pts.count > 2, let f = pts.first, let l = pts.last else { return }
        let worst = pts.map { p in abs((p.1 - f.1) - (l.1 - f.1) * (p.0 - f.0) / (l.0 - f.0)) }.max()!
        #expect(worst < 0.75, "\(effect): top edge deviates \(worst) px from a line")
        #expect(abs(l.1 - f.1) > 1, "\(effect): perspective should tilt the edge")
    }

    /// The draw honours the clip's box and the origin: drawn at an offset into a larger
    /// target, the frame is the frame drawn at the origin of a bitmap of its own size, and
    /// nothing outside the clip changes.
    @Test func originAndClip() {
        let a = TransitionTestImages.oldImage(), b = TransitionTestImages.newImage()
        for e in Self.allEffects {
            let alone = render(e, 0.4, from: a, to: b)
            let big = Bitmap(width: 130, height: 90)
            let canvas = Canvas(big)
            canvas.clip = .rect(Rect(17, 11, 96, 64))
            canvas.draw(e, from: a, to: b, progress: 0.4, x: 17, y: 11)
            // The faces' projective maps are computed in device space, so their samples may
            // land a rounding step apart; everything else is the same pixels.
            let d = big.copy(x: 17, y: 11, width: 96, height: 64).difference(from: alone, threshold: 2)!
            switch e {
            case .cube, .flip: #expect(d.shareOverThreshold < 0.002, "\(e) offset: \(d)")
            default: #expect(d.maxAbsolute == 0, "\(e) offset: \(d)")
            }
            var outside = 0
            for y in 0..<90 { for x in 0..<130 where !(x >= 17 && x < 113 && y >= 11 && y < 75) && big[x, y] != 0 { outside += 1 } }
            #expect(outside == 0, "\(e) drew \(outside) pixels outside the clip")
        }
    }

    static let goldenCases: [(String, ImageTransition)] = [
        ("crossFade", .crossFade),
        ("moveIn-right", .slide(.moveIn, from: .right)), ("push-right", .slide(.push, from: .right)),
        ("reveal-right", .slide(.reveal, from: .right)), ("push-bottom", .slide(.push, from: .bottom)),
        ("cube-right", .cube(from: .right)), ("cube-top", .cube(from: .top)),
        ("flip-right", .flip(from: .right)), ("flip-top", .flip(from: .top)),
        ("flip-left", .flip(from: .left)), ("flip-bottom", .flip(from: .bottom)),
        ("pageCurl-right", .pageCurl(from: .right)), ("pageUnCurl-right", .pageUnCurl(from: .right)),
        ("pageCurl-bottom", .pageCurl(from: .bottom)), ("pageUnCurl-bottom", .pageUnCurl(from: .bottom)),
        ("ripple", .ripple), ("suck", .suck), ("iris-opening", .iris(opening: true)), ("iris-closing", .iris(opening: false)),
    ]

    /// Frames of `effect` at `progresses`, side by side on an opaque light-grey background
    /// (so transparent regions and the 3D effects' surroundings are visible).
    static func contactSheet(_ effect: ImageTransition, from: Bitmap, to: Bitmap) -> Bitmap {
        let w = from.width, h = from.height
        let sheet = Bitmap(width: w * progresses.count, height: h)
        sheet.clear(Color(0.78, 0.78, 0.78))
        let canvas = Canvas(sheet)
        for (i, p) in progresses.enumerated() {
            canvas.clip = .rect(Rect(Double(i * w), 0, Double(w), Double(h)))
            canvas.draw(effect, from: from, to: to, progress: p, x: i * w, y: 0)
        }
        return sheet
    }

    @Test(arguments: goldenCases.map { $0.0 })
    func matchesGolden(_ name: String) throws {
        let effect = Self.goldenCases.first { $0.0 == name }!.1
        let sheet = Self.contactSheet(effect, from: TransitionTestImages.oldImage(), to: TransitionTestImages.newImage())
        try TestSupport.expectGolden(sheet, "Transitions/\(name)", in: rasterGoldens,
                                     tolerance: GoldenTolerance(threshold: 3, maxMeanAbsolute: nil, maxShareOverThreshold: 0))
    }
}
