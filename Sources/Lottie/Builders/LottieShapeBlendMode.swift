// A fill's or stroke's blend mode (`bm` of a shape item: fl, st, gf, gs) in After Effects'
// reading: the layers that paint it composite onto what lies beneath them with the mode's Core
// Image blend filter (`compositingFilter`, "A CoreImage filter used to composite the layer and
// the content behind it", CALayer), as lottie-web sets the path's CSS `mix-blend-mode`
// (`SVGShapeElement.createStyleElement`: `mix-blend-mode` = `getBlendMode(data.bm)`). Lottie numbers the modes as for layers
// (LottieBlendMode.swift), each drawn as in a layer's After Effects reading: luminosity (15),
// add (16, linear dodge) and hard mix (17) included.
// lottie-ios's Core Animation engine draws a shape item's blend mode as normal, so `--ios`
// leaves them out, as before.
import LayerKit

enum LottieShapeBlendMode {
    /// The compositing filter of shape blend mode `mode`; nil for normal or a mode without one.
    static func filter(_ mode: Int) -> CACompositingFilter? {
        CACompositingFilter(lottieBlendMode: mode, reading: .afterEffects)
    }

    /// Gives `layers` (what one fill or stroke added) the filter of `mode`.
    static func apply(_ mode: Int, to layers: ArraySlice<CALayer>, reading: LottieReading, layerName: String, warnings: LottieWarnings) {
        guard reading.drawsAfterEffectsFeatures else { return }
        guard let f = filter(mode) else {
            warnings.unsupported("blend mode \(mode) of a fill or stroke (drawn normal)", layer: layerName)
            return
        }
        for l in layers { l.compositingFilter = f }
    }
}
