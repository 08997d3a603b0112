// The filters a layer's `compositingFilter` can name: Core Image's blend modes, by the
// names Core Animation takes (`layer.compositingFilter = "multiplyBlendMode"`), each the
// Raster blend mode it composites with. Beside them, Core Animation's own destination-out
// filter (`"destOut"`, QuartzCore's `kCAFilterDestOut`): the layer erases what lies behind it
// where it draws — the backdrop times one minus the layer's alpha, as `CGBlendMode
// .destinationOut` draws in Core Graphics (lottie-ios's `InvertedMatteLayer` fills its bounds
// and draws its matte so). It is worked out on the pixels' bytes, no colour blend.
// So are three more, which Lottie's After Effects mask modes composite with: Core Image's
// CIMaximumCompositing and CIMinimumCompositing ("the maximum / minimum value, by color
// component, of two input images"; named without the prefix, as the blend modes are) and Core
// Animation's Porter–Duff xor and destination-in filters (`"xor"`, `"destIn"`, QuartzCore's
// `kCAFilterXor`, `kCAFilterDestIn`). The minimum and destination-in are unbounded: they clear
// what lies behind the layer where the layer draws nothing.

import Raster

/// "A CoreImage filter used to composite the layer and the content behind it. Defaults to
/// nil, which implies source-over compositing." (CALayer.h, compositingFilter) — the blend
/// filters, named as Core Animation accepts them.
public enum CACompositingFilter: String, Sendable, CaseIterable {
    case multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode
    case colorDodgeBlendMode, colorBurnBlendMode, hardLightBlendMode, softLightBlendMode
    case differenceBlendMode, exclusionBlendMode, hueBlendMode, saturationBlendMode, colorBlendMode
    case luminosityBlendMode
    /// Core Image's CILinearDodgeBlendMode ("brightens the background image samples by adding
    /// source"): After Effects' Add.
    case linearDodgeBlendMode
    /// After Effects' Hard Mix (Core Image has no filter of its own for it; named in its style).
    case hardMixBlendMode
    /// Erases the backdrop by the layer's alpha (Porter–Duff destination-out).
    case destOut
    /// The larger of each premultiplied channel of layer and backdrop (CIMaximumCompositing).
    case maximumCompositing
    /// The smaller of each premultiplied channel (CIMinimumCompositing): outside what the
    /// layer draws, the backdrop is cleared.
    case minimumCompositing
    /// Layer and backdrop each where the other is absent (Porter–Duff xor).
    case xor
    /// Keeps the backdrop by the layer's alpha (Porter–Duff destination-in): outside what the
    /// layer draws, the backdrop is cleared.
    case destIn

    /// The blend mode the layer's pixels are composited with.
    public var blendMode: BlendMode {
        switch self {
        case .multiplyBlendMode: .multiply
        case .screenBlendMode: .screen
        case .overlayBlendMode: .overlay
        case .darkenBlendMode: .darken
        case .lightenBlendMode: .lighten
        case .colorDodgeBlendMode: .colorDodge
        case .colorBurnBlendMode: .colorBurn
        case .hardLightBlendMode: .hardLight
        case .softLightBlendMode: .softLight
        case .differenceBlendMode: .difference
        case .exclusionBlendMode: .exclusion
        case .hueBlendMode: .hue
        case .saturationBlendMode: .saturation
        case .colorBlendMode: .color
        case .luminosityBlendMode: .luminosity
        case .linearDodgeBlendMode: .add
        case .hardMixBlendMode: .hardMix
        case .destOut: .destinationOut
        case .maximumCompositing: .maximum
        case .minimumCompositing: .minimum
        case .xor: .xor
        case .destIn: .destinationIn
        }
    }
}
