// A camera layer (`ty` 13): its zoom `pe` (the distance at which a layer facing the camera is
// drawn at its own size) and whether it looks at its point of interest (`ks.a`, a two-node
// camera) or straight ahead (one-node). Its position, rotations and orientation are its
// transform `ks` (`LottieTransformModel`); `LottieCamera3D` builds the view.
import LayerKit

/// A camera layer's own values.
struct LottieCamera: Sendable {
    var zoom: LottieProperty<[Double]>
    /// Whether the camera looks at its point of interest (`ks.a`): a two-node camera.
    var looksAtPointOfInterest: Bool

    static func decode(_ j: LottieJSON) throws(DocumentError) -> LottieCamera {
        LottieCamera(zoom: try .decode(j["pe"], default: [LottieCamera.defaultZoom]),
                     looksAtPointOfInterest: j["ks"]?["a"] != nil)
    }

    /// After Effects' default camera's zoom (Skottie's `kDefaultAEZoom`).
    static let defaultZoom = 879.13
}
