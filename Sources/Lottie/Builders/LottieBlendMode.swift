// Lottie's layer blend modes (`bm`) as the compositing filters lottie-ios's Core Animation
// engine gives a layer: Lottie numbers After Effects' modes 0 normal, 1 multiply, 2 screen,
// 3 overlay, 4 darken, 5 lighten, 6 color dodge, 7 color burn, 8 hard light, 9 soft light,
// 10 difference, 11 exclusion, 12 hue, 13 saturation, 14 color, 15 luminosity (16 add and
// 17 hard mix have no Core Image blend filter). lottie-ios names luminosity's filter too,
// but Apple's renders of its luminosity layers show them composited source-over, so a
// luminosity layer gets no filter here.

import LayerKit

extension CACompositingFilter {
    /// The filter for Lottie blend mode `bm`; nil for normal and luminosity.
    init?(lottieBlendMode bm: Int) {
        let filters: [CACompositingFilter] = [
            .multiplyBlendMode, .screenBlendMode, .overlayBlendMode, .darkenBlendMode, .lightenBlendMode,
            .colorDodgeBlendMode, .colorBurnBlendMode, .hardLightBlendMode, .softLightBlendMode,
            .differenceBlendMode, .exclusionBlendMode, .hueBlendMode, .saturationBlendMode, .colorBlendMode,
        ]
        guard bm >= 1, bm <= filters.count else { return nil }
        self = filters[bm - 1]
    }
}
