// An alpha-inverted track matte where Core Animation's `mask` can express it: a matte source
// that paints one opaque filled shape becomes that shape cut out of a plane far larger than
// any composition (the path after a huge rectangle, filled even-odd), so the mask's alpha is
// the source's inverted. Sources with several shapes, strokes, gradients or translucency
// are not inverted (the caller reports them).
import LayerKit
import Raster

enum LottieInvertedMatte {
    /// The plane the shape is cut from, in the shape layer's coordinates.
    static let plane = Rect(-100_000, -100_000, 200_000, 200_000)

    /// Turns the matte tree `matte` into its inverse; false when it cannot.
    static func invert(_ matte: CALayer) -> Bool {
        var shapes: [CAShapeLayer] = []
        var other = false
        func walk(_ l: CALayer) {
            if let s = l as? CAShapeLayer { shapes.append(s) } else if l.backgroundColor != nil || l.contents != nil || l.mask != nil { other = true }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(matte)
        guard !other, shapes.count == 1, let s = shapes.first, s.strokeColor == nil, let fill = s.fillColor, fill.a >= 1,
              s.opacity >= 1, s.animation(forKey: "opacity") == nil, s.fillRule == .nonZero else { return false }
        func cut(_ v: AnimatableValue) -> AnimatableValue {
            var p = Path()
            p.addRect(plane)
            if case .path(let q?) = v { p.addPath(q) }
            return .path(p)
        }
        s.fillRule = .evenOdd
        s.path = cut(.path(s.path)).pathValue
        if let a = s.animation(forKey: "path") as? CAKeyframeAnimation {
            a.values = a.values?.map(cut)
            s.add(a, forKey: "path")
        }
        return true
    }
}
