// Which player's reading of a Lottie file the importer follows. Both build the same kind of
// tree — CALayers with Core Animation keyframe animations, drawn by the one LayerKit engine —
// and differ only where the two players read the file differently:
//
// * `afterEffects` (the default): what the file's author saw in After Effects, as lottie-web,
//   lottie-android, Skottie and ThorVG read it — a hold keyframe keeps its own value wherever
//   it lies, a position between keyframes with spatial tangents moves along the motion path by
//   distance (After Effects' "spatial interpolation", lottie-web's `getBezierLength` /
//   `bezierData`; `LottieMotionPath`), auto-orient along straight motion too, a layer's
//   keyframes moving with its start time and stretch, skew (`LottieTransformLayers`), mask
//   expansion and the lighten and darken modes (`LottieMaskLayers`), luma mattes
//   (`LottieLumaMatte`) and inverted mattes of several shapes (`LottieInvertedMatte`), the path
//   operations pucker & bloat, zig-zag, offset paths and twist (`LottieShapeModifier`),
//   animated repeaters (`LottieShapeGroupBuilder`), merge paths (`LottieMergePaths`), text
//   document keyframes and text animators (`LottieTextLayers`, `LottieTextAnimators`), text on
//   a path (`LottieTextPath`), 3D layers and the camera (`LottieCamera3D`), effects
//   (`LottieLayerEffects`, `LottieStrokeEffect`, `LottieTransformEffect`), mask feather and the lighten, darken and
//   difference modes at any alpha (`LottieMaskFeather`, `LottieMaskLayers`), blend modes on fills and strokes
//   (`LottieShapeBlendMode`), radial gradient highlights (`LottieGradientLayers`), gradient
//   midpoints off the middle of their ramps (`LottieGradientMidpoints`), animated
//   dash patterns (`LottieShapeGroupBuilder`), a camera's parent (`LottieCamera3D`), merge
//   paths taking a repeater's copies, the layer style Stroke on shape layers
//   (`LottieLayerStyleStroke`). Each feature's rule is cited where it is built. What neither
//   reading draws (layer styles but the drop shadow and the stroke) is reported once.
// * `iOS`: lottie-ios's Core Animation rendering engine as Apple's snapshots show it, blind
//   spots included (a lone hold keyframe shows the layer's own value, a motion path is
//   followed at the bezier's own parameter, features that engine lacks are left out and
//   reported), so a developer sees what an iPhone will show.
public enum LottieReading: String, Sendable, CaseIterable {
    case afterEffects
    case iOS

    /// Whether the After Effects features that lottie-ios's Core Animation engine lacks are drawn.
    var drawsAfterEffectsFeatures: Bool { self == .afterEffects }
}
