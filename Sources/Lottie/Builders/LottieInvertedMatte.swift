// An alpha-inverted track matte where Core Animation's `mask` can express it: a matte source
// that paints one opaque filled shape becomes that shape cut out of a plane far larger than
// any composition (the path after a huge rectangle, filled even-odd), so the mask's alpha is
// the source's inverted. Sources with strokes, gradients or translucency are not inverted
// this way (see the general inverse below); a stroke of width 0 paints nothing and does not count. In After Effects' reading a source of several such shapes is
// inverted too, as the product of each shape's inverse — 1 − α(A ∪ B) = (1 − α(A))·(1 − α(B))
// for opaque shapes, and Core Animation's masks multiply when nested: the matte is built once
// per shape — per subpath of a shape layer's path whose subpaths all turn the same way (a
// union, whose overlaps even-odd would cancel; subpaths turning both ways are shapes with
// holes, which even-odd inverts rightly) (`units`) — each copy keeping only its own (`keepOnly`),
// and each copy masks one more wrapper around the layer.
//
// Anything else — a stroke (which an even-odd cut path cannot express), a gradient, a
// translucent or animated opacity, an image, overlapping shapes — takes the general inverse
// (`generalInverse`, After Effects' reading): After Effects' Alpha Inverted Matte makes "the
// layer visible where the matte's alpha is 0" (Help, "Track mattes and traveling mattes";
// the Lottie spec's matte mode `tt` 2, "Inverted Alpha"). lottie-ios's `InvertedMatteLayer`
// fills its bounds with opaque black and draws the matte over it with
// `CGBlendMode.destinationOut`; in Core Animation's terms that is a mask layer whose opaque
// background covers the plane, holding the source inside a layer whose `compositingFilter` is
// destination-out (`"destOut"`): the mask's alpha is 1 · (1 − α) = 1 − α. The renderer clips
// the plane to the masked group's box and the eraser's group to the source's extent, and
// erases on the premultiplied bytes — no plane-sized filter pass.
import LayerKit
import Raster

enum LottieInvertedMatte {
    /// The plane the shape is cut from, in the shape layer's coordinates.
    static let plane = Rect(-100_000, -100_000, 200_000, 200_000)

    /// The shape layers of `matte`, depth first.
    static func shapes(_ matte: CALayer) -> [CAShapeLayer] {
        var out: [CAShapeLayer] = []
        func walk(_ l: CALayer) {
            if let s = l as? CAShapeLayer { out.append(s) }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(matte)
        return out
    }

    /// The subpaths of `p`, each from its move.
    static func subpaths(_ p: Path) -> [Path] {
        var out: [Path] = []
        for e in p.elements {
            if case .move = e { out.append(Path()) }
            if out.isEmpty { out.append(Path()) }
            out[out.count - 1].append(e)
        }
        return out
    }

    /// Twice the signed area of the polygon through a subpath's end points.
    static func signedArea(_ p: Path) -> Double {
        var points: [Point] = []
        for e in p.elements {
            switch e {
            case .move(let q), .line(let q): points.append(q)
            case .quad(_, let q): points.append(q)
            case .cubic(_, _, let q): points.append(q)
            case .close: break
            }
        }
        return LottieShapeModifier.signedArea(points)
    }

    /// Whether `p` is several subpaths all turning the same way: under the non-zero rule a
    /// union of shapes (where even-odd would cancel their overlaps), not shapes with holes
    /// (turning the other way, which even-odd inverts rightly).
    static func isUnion(_ p: Path) -> Bool {
        let areas = subpaths(p).map(signedArea).filter { abs($0) > 1e-9 }
        return areas.count > 1 && (areas.allSatisfy { $0 > 0 } || areas.allSatisfy { $0 < 0 })
    }

    /// (shape layer, subpath) pairs of `matte`: its opaque units.
    static func units(_ matte: CALayer) -> [(shape: Int, subpath: Int)] {
        shapes(matte).enumerated().flatMap { (i, s) -> [(shape: Int, subpath: Int)] in
            let p = s.path ?? Path()
            return isUnion(p) ? subpaths(p).indices.map { (shape: i, subpath: $0) } : [(shape: i, subpath: -1)]
        }
    }

    /// Removes every shape layer of `matte` but the unit's, and every subpath of its path but
    /// the unit's (in the model value and in each keyframe of a path animation).
    static func keepOnly(_ unit: (shape: Int, subpath: Int), of matte: CALayer) {
        for (i, s) in shapes(matte).enumerated() {
            guard i == unit.shape else { s.removeFromSuperlayer(); continue }
            func only(_ p: Path?) -> Path? {
                guard unit.subpath >= 0 else { return p }
                let parts = subpaths(p ?? Path())
                return unit.subpath < parts.count ? parts[unit.subpath] : Path()
            }
            s.path = only(s.path)
            if let a = s.animation(forKey: "path") as? CAKeyframeAnimation {
                a.values = a.values?.map { v in if case .path(let p) = v { return .path(only(p)) }; return v }
                s.add(a, forKey: "path")
            }
        }
    }

    /// The general inverse of `matte` (a layer in its superlayer's coordinates): a layer
    /// covering `plane` in the same coordinates, opaque, from which `matte`, inside a layer
    /// composited destination-out, erases what it draws — its alpha is one minus `matte`'s.
    /// Exact for any source; it costs the eraser's group (the source's extent) beside the mask.
    static func generalInverse(_ matte: CALayer) -> CALayer {
        let eraser = CALayer()
        eraser.name = "matte eraser"
        eraser.anchorPoint = Point(0, 0)
        eraser.bounds = Rect(0, 0, 0, 0)
        eraser.compositingFilter = .destOut
        eraser.addSublayer(matte)
        let inverse = CALayer()
        inverse.name = "inverted matte"
        inverse.anchorPoint = Point(0, 0)
        inverse.bounds = plane
        inverse.position = Point(plane.minX, plane.minY)
        inverse.backgroundColor = Color(0, 0, 0, 1)
        inverse.addSublayer(eraser)
        return inverse
    }

    /// Turns the matte tree `matte` into its inverse; false when it cannot. `oneSubpath`
    /// (After Effects' reading) also refuses a shape of several subpaths, which the product
    /// inverts exactly where they overlap.
    static func invert(_ matte: CALayer, oneSubpath: Bool = false) -> Bool {
        var shapes: [CAShapeLayer] = []
        var other = false
        func walk(_ l: CALayer) {
            if let s = l as? CAShapeLayer {
                // A stroke of width 0 paints nothing (exporters write one beside a fill):
                // it is no stroke for the matte.
                if s.strokeColor != nil, s.lineWidth == 0, s.animation(forKey: "lineWidth") == nil { s.strokeColor = nil }
                if s.fillColor != nil || s.strokeColor != nil { shapes.append(s) }
            } else if l.backgroundColor != nil || l.contents != nil || l.mask != nil { other = true }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(matte)
        guard !other, shapes.count == 1, let s = shapes.first, s.strokeColor == nil, let fill = s.fillColor, fill.a >= 1,
              s.opacity >= 1, s.animation(forKey: "opacity") == nil, s.fillRule == .nonZero,
              !oneSubpath || !isUnion(s.path ?? Path()) else { return false }
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
