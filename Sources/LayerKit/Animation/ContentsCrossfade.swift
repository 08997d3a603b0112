// An animation of `contents` between two images crossfades them: the images are
// interpolated over the animation's progress, not switched at the midpoint. Core Animation's
// default action for `contents` is such an animation (Core Animation Programming Guide,
// Table B-1: contents "Uses the default implied CABasicAnimation object"). The presentation
// copy shows the image it goes to, and keeps the image it comes from and the fraction beside
// it. Core Animation's cross-dissolve interpolates the premultiplied images per pixel,
// (1 − f)·old + f·new, which for translucent images differs from drawing one over the other:
// the display list draws two images of one pixel size as that one interpolated image; images
// of different sizes by placing each in the bounds as contents are placed and interpolating
// the placed results (DisplayList/CALayer+ContentsDissolve.swift). An image fading in from no
// contents draws at the fraction, one fading out to none at 1 − f — both exact.

/// The image a presentation copy's contents fade from, and how far the fade is (0…1).
struct ContentsCrossfade {
    let from: ImageRef?
    let fraction: Double

    /// Writes the state of a contents animation between `ends` at eased `fraction` into
    /// `presentation` as a crossfade; false when the ends are not two different contents
    /// (then the value is written as any other).
    static func apply(_ ends: (AnimatableValue, AnimatableValue), fraction: Double, to presentation: CALayer) -> Bool {
        guard case .image(let a) = ends.0, case .image(let b) = ends.1, a != b else { return false }
        let f = min(1, max(0, fraction))
        presentation.contents = f <= 0 ? a : b
        presentation.contentsCrossfade = f > 0 && f < 1 ? ContentsCrossfade(from: a, fraction: f) : nil
        return true
    }
}
