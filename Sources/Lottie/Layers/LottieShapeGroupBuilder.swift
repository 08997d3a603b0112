// A Lottie shape list as layers, following After Effects' rules: items are listed top
// first, a fill or stroke paints every shape listed before it in its group (and, through
// the groups listed before it, theirs), and a trim acts on the shapes of its group. Each
// fill and stroke becomes one CAShapeLayer whose path joins the shapes it paints; each group
// becomes its transform's layers (`tr`, opacity on the innermost) holding its items. Items
// are added bottom first (the list walked from its end). A style inherited from an
// enclosing group paints beneath the group's own content, as it lies below it in the list.
import LayerKit
import Raster

struct LottieShapeGroupBuilder {
    let timeline: LottieTimeline
    let layerName: String
    let warnings: LottieWarnings
    let counter: LottieLayerCounter
    /// Where gradient layers spread: the composition and its surroundings.
    let extent: Rect

    /// A fill or stroke and where it comes from.
    struct Style {
        var item: LottieShapeItem
        var name: String
    }

    func build(_ items: [LottieShapeItem], into container: CALayer, inherited: [LottieShapeItem], trims: [LottieTrim],
               rounding: LottieProperty<[Double]>?, depth: Int) throws(DocumentError) {
        let localTrims = items.compactMap { item -> LottieTrim? in
            guard case .trim(let s, let e, let o, let individually) = item else { return nil }
            return LottieTrim(start: s, end: e, offset: o, individually: individually)
        }
        let allTrims = trims + localTrims
        var round = rounding
        for case .roundedCorners(let r) in items { round = r }
        let geometry = items.indices.filter { LottieShapeTrack.of(items[$0], rounding: nil) != nil }
        for case .roundedCorners in items where geometry.contains(where: { if case .path = items[$0] { return true }; return false }) {
            warnings.unsupported("rounded corners on a path", layer: layerName)
        }
        // Inherited styles paint this group's own shapes, beneath everything of the group.
        let ownShapes = geometry.map { items[$0] }
        if !ownShapes.isEmpty {
            for style in inherited.reversed() {
                try addStyle(style, shapes: ownShapes, trims: allTrims, rounding: round, into: container)
            }
        }
        for i in items.indices.reversed() {
            switch items[i] {
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let shapes = geometry.filter { $0 < i }.map { items[$0] }
                if !shapes.isEmpty { try addStyle(items[i], shapes: shapes, trims: allTrims, rounding: round, into: container) }
            case .group(let name, let sub):
                guard depth < LottieLimits.maximumNesting else {
                    throw DocumentError("", "layer \"\(layerName)\": shape groups nested deeper than the limit \(LottieLimits.maximumNesting)")
                }
                let later = items[(i + 1)...].filter(\.isStyle)
                let laterTrims = items[(i + 1)...].compactMap { item -> LottieTrim? in
                    guard case .trim(let s, let e, let o, let individually) = item else { return nil }
                    return LottieTrim(start: s, end: e, offset: o, individually: individually)
                }
                var transform = LottieTransformModel()
                for case .transform(let t) in sub { transform = t }
                let (outer, inner) = LottieTransformLayers.make(transform, timeline: timeline, name: name, warnings: warnings)
                try counter.add(3)
                LottieKeyframeAnimation.apply(transform.opacity, keyPath: "opacity", to: inner, timeline: timeline) {
                    .number(min(max(($0.first ?? 100) / 100, 0), 1))
                }
                try build(sub, into: inner, inherited: Array(later) + inherited, trims: trims + laterTrims, rounding: round, depth: depth + 1)
                if !(inner.sublayers ?? []).isEmpty { container.addSublayer(outer) }
            case .repeater:
                warnings.unsupported("repeater", layer: layerName)
            case .merge:
                warnings.unsupported("merge paths (shapes drawn unmerged)", layer: layerName)
            case .unsupported(let type, let name):
                warnings.unsupported("shape item \"\(type)\"", layer: layerName, item: name)
            default:
                break
            }
        }
    }

    /// One CAShapeLayer painting `shapes` with `style` (one per shape for a simultaneous trim).
    func addStyle(_ style: LottieShapeItem, shapes: [LottieShapeItem], trims: [LottieTrim],
                  rounding: LottieProperty<[Double]>?, into container: CALayer) throws(DocumentError) {
        let tracks = shapes.compactMap { LottieShapeTrack.of($0, rounding: rounding) }
        let trim: LottieTrim? = style.isStroke ? LottieTrim.composed(trims) : nil
        let groups: [[LottieShapeTrack]] = (trim.map { !$0.individually } ?? false) && tracks.count > 1 ? tracks.map { [$0] } : [tracks]
        for g in groups {
            try counter.add(1)
            let layer = CAShapeLayer()
            layer.anchorPoint = Point(0, 0)
            layer.position = Point(0, 0)
            layer.bounds = Rect(0, 0, 0, 0)
            var doubled = false
            if let trim { doubled = trim.apply(to: layer, timeline: timeline) }
            LottieShapeTrack.combined(g).apply(to: layer, timeline: timeline, doubled: doubled)
            paint(layer, style)
            switch style {
            case .gradientFill(let g, let opacity, _), .gradientStroke(let g, let opacity, _):
                try counter.add(1)
                let gradients = LottieGradientLayers(timeline: timeline, extent: extent, layerName: layerName, warnings: warnings)
                container.addSublayer(gradients.make(g, opacity: opacity, mask: layer))
            default:
                container.addSublayer(layer)
            }
        }
    }

    /// Fill or stroke colour, opacity, width, caps, joins, dashes.
    func paint(_ layer: CAShapeLayer, _ style: LottieShapeItem) {
        func color(_ v: [Double]) -> AnimatableValue { .color(LottieColor.color(v).withAlpha(1)) }
        func opacity(_ v: [Double]) -> AnimatableValue { .number(min(max((v.first ?? 100) / 100, 0), 1)) }
        switch style {
        case .gradientFill(_, _, let evenOdd):
            layer.strokeColor = nil
            layer.fillRule = evenOdd ? .evenOdd : .nonZero
            layer.fillColor = .black
        case .gradientStroke(_, _, let s):
            layer.fillColor = nil
            layer.strokeColor = .black
            stroke(layer, s)
        case .fill(let c, let o, let evenOdd):
            layer.strokeColor = nil
            layer.fillRule = evenOdd ? .evenOdd : .nonZero
            LottieKeyframeAnimation.apply(c, keyPath: "fillColor", to: layer, timeline: timeline, convert: color)
            LottieKeyframeAnimation.apply(o, keyPath: "opacity", to: layer, timeline: timeline, convert: opacity)
        case .stroke(let c, let o, let s):
            layer.fillColor = nil
            LottieKeyframeAnimation.apply(c, keyPath: "strokeColor", to: layer, timeline: timeline, convert: color)
            LottieKeyframeAnimation.apply(o, keyPath: "opacity", to: layer, timeline: timeline, convert: opacity)
            stroke(layer, s)
        default:
            break
        }
    }

    /// Width, caps, joins, miter limit and dashes of a stroke.
    func stroke(_ layer: CAShapeLayer, _ s: LottieShapeItem.Stroke) {
        do {
            LottieKeyframeAnimation.apply(s.width, keyPath: "lineWidth", to: layer, timeline: timeline) { .number(max($0.first ?? 1, 0)) }
            layer.lineCap = [1: .butt, 2: .round, 3: .square][s.cap] ?? .round
            layer.lineJoin = [1: .miter, 2: .round, 3: .bevel][s.join] ?? .round
            layer.miterLimit = max(s.miterLimit, 0)
            let lengths = s.dashes.filter { $0.kind != "o" }.map { max($0.length.initialValue.first ?? 0, 0) }
            if !lengths.isEmpty && lengths.contains(where: { $0 > 0 }) {
                layer.lineDashPattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
                if let phase = s.dashes.first(where: { $0.kind == "o" }) {
                    LottieKeyframeAnimation.apply(phase.length, keyPath: "lineDashPhase", to: layer, timeline: timeline) { .number($0.first ?? 0) }
                }
                if s.dashes.contains(where: { $0.kind != "o" && $0.length.isAnimated }) {
                    warnings.unsupported("animated dash lengths (the first values apply)", layer: layerName)
                }
            }
        }
    }
}

/// Counts the layers an import builds against `LottieLimits.maximumLayers`.
final class LottieLayerCounter {
    private(set) var count = 0
    func add(_ n: Int) throws(DocumentError) {
        count += n
        guard count <= LottieLimits.maximumLayers else {
            throw DocumentError("", "the animation needs more than \(LottieLimits.maximumLayers) layers (the limit)")
        }
    }
}

extension Color {
    func withAlpha(_ a: Double) -> Color { Color(r, g, b, a) }
}

extension LottieShapeItem {
    /// Fills and strokes, plain or gradient.
    var isStyle: Bool {
        switch self {
        case .fill, .stroke, .gradientFill, .gradientStroke: return true
        default: return false
        }
    }
    var isStroke: Bool {
        switch self {
        case .stroke, .gradientStroke: return true
        default: return false
        }
    }
}
