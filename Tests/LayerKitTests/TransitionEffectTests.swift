// Tests of how Core Animation's transition types and subtypes (and UIKit's view transitions)
// map onto Raster's two-image effects.

import Testing
@testable import LayerKit
import TestSupport

/// The choice of effect: Core Animation's types and subtypes (and UIKit's view transitions)
/// mapped onto Raster's two-image effects, which ImageTransitionTests test pixel by pixel.
@Suite struct TransitionEffectTests {
    typealias S = TransitionTestImages

    func render(_ e: TransitionEffect, _ p: Double) -> Bitmap {
        let a = S.oldImage(), b = S.newImage()
        let out = Bitmap(width: a.width, height: a.height)
        e.render(from: a, to: b, progress: p, into: Canvas(out), rect: out.bounds)
        return out
    }

    func identical(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && (0..<a.pixelCount).allSatisfy { a.pixels[$0] == b.pixels[$0] }
    }

    /// Every type with every subtype (and none) picks an effect, and draws exactly what that
    /// effect draws.
    @Test func everyTypeDrawsItsEffect() {
        let a = S.oldImage(), b = S.newImage()
        for t in TransitionType.allCases {
            for sub in [nil] + TransitionSubtype.allCases.map(Optional.some) {
                let e = TransitionEffect(type: t, subtype: sub)
                let direct = Bitmap(width: a.width, height: a.height)
                Canvas(direct).draw(e.imageTransition, from: a, to: b, progress: 0.4, x: 0, y: 0)
                #expect(identical(render(e, 0.4), direct), "\(t) \(String(describing: sub))")
            }
        }
    }

    @Test func coreAnimationTypesAndSubtypes() {
        #expect(TransitionEffect(type: .fade).imageTransition == .crossFade)
        // No subtype: fromLeft, as Core Animation.
        #expect(TransitionEffect(type: .push).imageTransition == .slide(.push, from: .left))
        #expect(TransitionEffect(type: .moveIn, subtype: .fromTop).imageTransition == .slide(.moveIn, from: .top))
        #expect(TransitionEffect(type: .reveal, subtype: .fromBottom).imageTransition == .slide(.reveal, from: .bottom))
        #expect(TransitionEffect(type: .cube, subtype: .fromRight).imageTransition == .cube(from: .right))
        #expect(TransitionEffect(type: .oglFlip, subtype: .fromTop).imageTransition == .flip(from: .top))
        // The page curls default to the right-hand corner.
        #expect(TransitionEffect(type: .pageCurl).imageTransition == .pageCurl(from: .right))
        #expect(TransitionEffect(type: .pageUnCurl).imageTransition == .pageUnCurl(from: .right))
        #expect(TransitionEffect(type: .rippleEffect).imageTransition == .ripple)
        #expect(TransitionEffect(type: .suckEffect).imageTransition == .suck)
        #expect(TransitionEffect(type: .cameraIrisHollowOpen).imageTransition == .iris(opening: true))
        #expect(TransitionEffect(type: .cameraIrisHollowClose).imageTransition == .iris(opening: false))
    }

    /// UIKit's view transitions are the Core Animation types they name, whatever the subtype.
    @Test func viewTransitionsCarryTheirOwnDirection() {
        let cases: [(TransitionType, ImageTransition)] = [
            (.flipFromLeft, .flip(from: .left)), (.flipFromRight, .flip(from: .right)),
            (.flipFromTop, .flip(from: .top)), (.flipFromBottom, .flip(from: .bottom)),
            (.curlUp, .pageCurl(from: .bottom)), (.curlDown, .pageUnCurl(from: .bottom)),
            (.crossDissolve, .crossFade),
        ]
        for (t, want) in cases {
            for sub in [nil] + TransitionSubtype.allCases.map(Optional.some) {
                #expect(TransitionEffect(type: t, subtype: sub).imageTransition == want, "\(t) \(String(describing: sub))")
            }
        }
    }

    /// The snapshots' top left is the rect's origin rounded to device pixels.
    @Test func rectOriginIsRoundedToDevicePixels() {
        let a = S.oldImage(), b = S.newImage()
        let e = TransitionEffect(type: .push, subtype: .fromRight)
        let viaRect = Bitmap(width: 120, height: 80), direct = Bitmap(width: 120, height: 80)
        e.render(from: a, to: b, progress: 0.3, into: Canvas(viaRect), rect: Rect(10.4, 6.6, 96, 64))
        Canvas(direct).draw(e.imageTransition, from: a, to: b, progress: 0.3, x: 10, y: 7)
        #expect(identical(viaRect, direct))
    }
}
