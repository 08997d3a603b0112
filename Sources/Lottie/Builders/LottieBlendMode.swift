// Lottie's layer blend modes (`bm`) as Core Animation compositing filters: Lottie numbers After
// Effects' modes 0 normal, 1 multiply, 2 screen, 3 overlay, 4 darken, 5 lighten, 6 color dodge,
// 7 color burn, 8 hard light, 9 soft light, 10 difference, 11 exclusion, 12 hue, 13 saturation,
// 14 color, 15 luminosity, 16 add, 17 hard mix (lottie-spec, "Blend Mode").
//
// * After Effects' reading draws every one of them: 1–15 as lottie-web's `getBlendMode`
//   (player/js/utils/helpers/blendModes.js) names them for CSS `mix-blend-mode`, luminosity
//   included; add as Core Image's linear dodge and hard mix by its own filter (lottie-web has no
//   name for 16 and 17; Skottie draws add as Skia's plus and hard mix as
//   min(floor(Cs + Cb), 1) per channel — `BlendModes.cpp`).
// * The iOS reading gives the filters lottie-ios's Core Animation engine gives a layer: 1–14.
//   lottie-ios names luminosity's filter too, but Apple's renders of its luminosity layers show
//   them composited source-over, so a luminosity layer gets no filter there; 16 and 17 have no
//   Core Image blend filter in lottie-ios and are reported.

import LayerKit

extension CACompositingFilter {
    /// The filter for Lottie blend mode `bm` in `reading`; nil for normal, and in the iOS
    /// reading for luminosity, add and hard mix.
    init?(lottieBlendMode bm: Int, reading: LottieReading) {
        let filters: [CACompositingFilter] = [
            .multiplyBlendMode, .screenBlendMode, .overlayBlendMode, .darkenBlendMode, .lightenBlendMode,
            .colorDodgeBlendMode, .colorBurnBlendMode, .hardLightBlendMode, .softLightBlendMode,
            .differenceBlendMode, .exclusionBlendMode, .hueBlendMode, .saturationBlendMode, .colorBlendMode,
        ]
        let afterEffects: [CACompositingFilter] = [.luminosityBlendMode, .linearDodgeBlendMode, .hardMixBlendMode]
        if bm >= 1, bm <= filters.count {
            self = filters[bm - 1]
        } else if reading.drawsAfterEffectsFeatures, bm > filters.count, bm <= filters.count + afterEffects.count {
            self = afterEffects[bm - filters.count - 1]
        } else {
            return nil
        }
    }
}
