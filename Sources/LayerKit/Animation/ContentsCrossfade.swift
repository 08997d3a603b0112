// An animation of `contents` between two images crossfades them: Core Animation's implicit
// action for `contents` is such an animation, and "an animation of contents between two
// images interpolates the images, not a switch at the midpoint". The presentation copy keeps
// the image it comes from and the fraction; the display list draws that image, then the
// image it goes to over it at the fraction of the layer's opacity — for an opaque new image
// exactly (1 − f)·old + f·new.

/// The image a presentation copy's contents fade from, and how far the fade is (0…1).
struct ContentsCrossfade {
    let from: ImageRef?
    let fraction: Double

    /// Writes the state of a contents animation between `ends` at eased `fraction` into
    /// `presentation` as a crossfade; false when the ends are not two different images
    /// (then the value switches as other values that cannot be mixed do).
    static func apply(_ ends: (AnimatableValue, AnimatableValue), fraction: Double, to presentation: CALayer) -> Bool {
        guard case .image(let a) = ends.0, case .image(let b) = ends.1, a != b else { return false }
        let f = min(1, max(0, fraction))
        presentation.contents = f >= 1 ? b : (f <= 0 ? a : b)
        presentation.contentsCrossfade = f > 0 && f < 1 ? ContentsCrossfade(from: a, fraction: f) : nil
        return true
    }
}
