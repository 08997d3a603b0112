// What a shape layer paints: its path filled (fillColor, fillRule), then stroked (strokeColor,
// lineWidth, caps, joins, dashes) over the arc-length fractions [strokeStart, strokeEnd].
// A trimmed stroke's bounds are those of the part of the path it strokes (Path.trimmed, the
// same cut the canvas strokes), not the whole path's: a short piece of a long trail (a Lottie
// trim path animating along it) changes only the pixels near that piece, and the bounds are
// what a group's offscreen box and the damage are cut to.

extension CAShapeLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
        guard let path, !path.isEmpty else { return }
        let pb = path.controlPointBounds
        if let fc = fillColor, fc.a > 0 {
            sink.append(.fill, .fill(path, transform: sink.transform, color: fc, rule: fillRule, opacity: sink.opacity),
                        local: pb)
        }
        if let sc = strokeColor, sc.a > 0, lineWidth > 0 {
            sink.append(.stroke, .stroke(path, style: strokeStyle, transform: sink.transform, color: sc,
                                         start: strokeStart, end: strokeEnd, opacity: sink.opacity),
                        local: strokedBounds(of: path, whole: pb).insetBy(dx: -strokeOutset, dy: -strokeOutset))
        }
    }

    /// The control-point bounds of the part of `path` stroked between strokeStart and
    /// strokeEnd (`whole`, the path's own, when it is all of it or nothing).
    func strokedBounds(of path: Path, whole: Rect) -> Rect {
        let s0 = max(0, min(1, strokeStart)), s1 = max(0, min(1, strokeEnd))
        guard s1 > s0, s0 > 0 || s1 < 1 else { return whole }
        let b = path.trimmed(from: s0, to: s1).controlPointBounds
        return b.isNull ? whole : b
    }

    /// How far the stroke may reach beyond the path's control points: half the line width,
    /// times the miter limit for miter joins, plus a pixel.
    var strokeOutset: Double {
        let joinFactor = lineJoin == .miter ? max(miterLimit, 1) : 1
        return lineWidth / 2 * max(joinFactor, 1.5) + 1
    }

    var contentPrimitiveCount: Int {
        guard path != nil else { return 0 }
        var n = 0
        if let c = fillColor, c.a > 0 { n += 1 }
        if let c = strokeColor, c.a > 0, lineWidth > 0 { n += 1 }
        return n
    }

    var hasClippableContent: Bool { path != nil }

    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        guard let p = path, !p.isEmpty else { return .null }
        var pb = p.controlPointBounds
        if strokeColor != nil && lineWidth > 0 { pb = pb.insetBy(dx: -strokeOutset, dy: -strokeOutset) }
        return pb
    }
}
