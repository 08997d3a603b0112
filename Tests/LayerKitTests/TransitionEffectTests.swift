import Foundation
import Testing
@testable import LayerKit
import TestSupport

/// The effect renderer on two code-drawn 96×64 images: exact end states, no jumps at the
/// ends, directions as mirror images, and every type against its golden contact sheet
/// (progress 0, 0.25, 0.5, 0.75, 1 left to right). Regenerate with LAYERKIT_UPDATE_GOLDENS=1.
@Suite(.freshAnimationContext) struct TransitionEffectTests {
    typealias S = TransitionTestSupport
    static let progresses = [0, 0.25, 0.5, 0.75, 1.0]

    /// Every type with every subtype (and none).
    static var allEffects: [TransitionEffect] {
        TransitionType.allCases.flatMap { t in
            [TransitionEffect(type: t)] + TransitionSubtype.allCases.map { TransitionEffect(type: t, subtype: $0) }
        }
    }

    func render(_ e: TransitionEffect, _ p: Double, from: Bitmap, to: Bitmap, background: Color = .clear) -> Bitmap {
        let out = Bitmap(width: from.width, height: from.height)
        out.clear(background)
        e.render(from: from, to: to, progress: p, into: Canvas(out), rect: out.bounds)
        return out
    }

    func identical(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && (0..<a.pixelCount).allSatisfy { a.pixels[$0] == b.pixels[$0] }
    }

    @Test func progressZeroIsOldAndOneIsNewExactly() {
        let a = S.oldImage(), b = S.newImage()
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
        let a = S.oldImage(), b = S.newImage()
        for e in Self.allEffects {
            let start = render(e, 0.004, from: a, to: b).difference(from: a)!
            let end = render(e, 0.996, from: a, to: b).difference(from: b)!
            #expect(start.meanAbsolute < 4, "\(e) start \(start)")
            #expect(end.meanAbsolute < 4, "\(e) end \(end)")
        }
    }

    /// Mid-way every type actually changes the picture and shows some of the new state.
    @Test func midwayDiffersFromBothEnds() {
        let a = S.oldImage(), b = S.newImage()
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

    /// fromLeft is fromRight seen in a mirror (and fromTop fromBottom upside down).
    @Test(arguments: [TransitionType.moveIn, .push, .reveal, .cube, .oglFlip])
    func directionsAreMirrorImages(_ type: TransitionType) {
        let a = S.oldImage(), b = S.newImage()
        for p in [0.3, 0.6] {
            let left = render(TransitionEffect(type: type, subtype: .fromLeft), p, from: a, to: b)
            let right = render(TransitionEffect(type: type, subtype: .fromRight), p, from: mirroredX(a), to: mirroredX(b))
            let dx = left.difference(from: mirroredX(right), threshold: 24)!
            #expect(dx.shareOverThreshold < 0.02, "\(type) left/right at \(p): \(dx)")
            let top = render(TransitionEffect(type: type, subtype: .fromTop), p, from: a, to: b)
            let bottom = render(TransitionEffect(type: type, subtype: .fromBottom), p, from: mirroredY(a), to: mirroredY(b))
            let dy = top.difference(from: mirroredY(bottom), threshold: 24)!
            #expect(dy.shareOverThreshold < 0.02, "\(type) top/bottom at \(p): \(dy)")
        }
    }

    /// The 3D types keep straight edges straight: the old face's top edge, found column by
    /// column as the first non-background row, lies on one line.
    @Test(arguments: [TransitionType.cube, .oglFlip])
    func perspectiveKeepsEdgesStraight(_ type: TransitionType) {
        let w = 96, h = 64
        let white = Bitmap(width: w, height: h); white.clear(.white)
        // Only the old face (the new snapshot is empty): the cube's two faces meet at a kink.
        let out = render(TransitionEffect(type: type, subtype: .fromRight), 0.3, from: white,
                         to: Bitmap(width: w, height: h), background: .black)
        var pts: [(Double, Double)] = []
        for x in 0..<w {
            // Sub-pixel edge: sum of coverage down the column until full.
            var y = 0
            while y < h && out[x, y] & 0xff == 0 { y += 1 }
            guard y > 0 && y < h - 1 else { continue }
            let cover = Double(out[x, y] & 0xff) / 255
            pts.append((Double(x) + 0.5, Double(y) + 1 - cover))
        }
        #expect(pts.count > 20, "\(type): the face should be visible")
        guard pts.count > 2, let f = pts.first, let l = pts.last else { return }
        let worst = pts.map { p in abs((p.1 - f.1) - (l.1 - f.1) * (p.0 - f.0) / (l.0 - f.0)) }.max()!
        #expect(worst < 0.75, "\(type): top edge deviates \(worst) px from a line")
        #expect(abs(l.1 - f.1) > 1, "\(type): perspective should tilt the edge")
    }

    static let goldenCases: [(String, TransitionEffect)] =
        TransitionType.allCases.map { ($0.rawValue, TransitionEffect(type: $0, subtype: defaultGoldenSubtype($0))) }
        + [("cube-fromTop", TransitionEffect(type: .cube, subtype: .fromTop)),
           ("oglFlip-fromTop", TransitionEffect(type: .oglFlip, subtype: .fromTop)),
           ("push-fromBottom", TransitionEffect(type: .push, subtype: .fromBottom))]

    static func defaultGoldenSubtype(_ t: TransitionType) -> TransitionSubtype? {
        switch t {
        case .moveIn, .push, .reveal, .cube, .oglFlip: .fromRight
        default: nil
        }
    }

    @Test(arguments: goldenCases.map { $0.0 })
    func matchesGolden(_ name: String) throws {
        let effect = Self.goldenCases.first { $0.0 == name }!.1
        let sheet = S.contactSheet(effect, progresses: Self.progresses, from: S.oldImage(), to: S.newImage())
        try expectGolden(sheet, name, in: S.goldens,
                         tolerance: GoldenTolerance(threshold: 3, maxMeanAbsolute: nil, maxShareOverThreshold: 0))
    }
}
