// A luma track matte (After Effects' reading) as the alpha mask Core Animation has: "Luma
// Matte: the layer is visible where the matte's luminance is high" (After Effects Help,
// "Track mattes and traveling mattes"), its transparent parts counting as black (lottie-web's
// SVG luma mask: feColorMatrix of the luminance times the alpha). The matte's layers paint in
// flat or gradient colours, so each colour c with alpha a becomes black with alpha
// a · L(c), L the Rec. 709 luminance 0.2125 r + 0.7154 g + 0.0721 b that lottie-web's luma
// filter uses; animated colours map keyframe by keyframe. Where the matte's own shapes
// overlap, their alphas then combine source-over instead of the top one's luminance winning:
// exact for the usual matte of separate or same-coloured shapes. The matte's own masks (its
// layers' `mask`, a mask's or a nested track matte's) stay as they are: a mask only lends its
// alpha ("the layer's alpha channel determines how much of the layer's content and background
// shows through", CALayer.mask), so the luminance it cuts is a · L(c) · mask alpha — After
// Effects' luma of the masked source. Text (CATextLayer's foreground colour) converts as the
// shapes do. A matte with images (bitmap `contents`) is not converted (the caller reports
// it). Luma inverted is then an inverted alpha matte (`LottieInvertedMatte`).
import LayerKit
import Raster

enum LottieLumaMatte {
    static func luminance(_ c: Color) -> Double { 0.2125 * c.r + 0.7154 * c.g + 0.0721 * c.b }

    static func alpha(of c: Color?) -> Color? {
        guard let c else { return nil }
        let a = c.a * luminance(c)
        return Color(0, 0, 0, a > 0.9999 ? 1 : max(a, 0))
    }

    static func map(_ v: AnimatableValue) -> AnimatableValue {
        switch v {
        case .color(let c): return .color(alpha(of: c))
        case .list(let items): return .list(items.map(map))
        default: return v
        }
    }

    /// Turns the matte tree `matte` into its luminance as alpha; false when it cannot.
    static func convert(_ matte: CALayer) -> Bool {
        var ok = true
        func walk(_ l: CALayer) {
            if l.contents != nil { ok = false }
            l.backgroundColor = alpha(of: l.backgroundColor)
            if let t = l as? CATextLayer { t.foregroundColor = alpha(of: t.foregroundColor) }
            if let s = l as? CAShapeLayer {
                s.fillColor = alpha(of: s.fillColor)
                s.strokeColor = alpha(of: s.strokeColor)
            }
            if let g = l as? CAGradientLayer, let colors = g.value(forKeyPath: "colors") {
                g.setValue(map(colors), forKeyPath: "colors")
            }
            for key in ["fillColor", "strokeColor", "backgroundColor", "colors", "foregroundColor"] {
                if let a = l.animation(forKey: key) as? CAKeyframeAnimation {
                    a.values = a.values?.map(map)
                    l.add(a, forKey: key)
                }
            }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(matte)
        return ok
    }
}
