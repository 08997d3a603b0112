// The beziers a fill or stroke paints over time, kept as exact keyframes where one Lottie
// property drives them (a path's own keyframes, or the one animated input of a rectangle,
// ellipse or star, whose vertices move linearly with it) and as a frame-sampled function
// where several inputs with their own keyframes meet (Core Animation's path keyframes carry
// one timing), an animated rounded-corners radius among them (rounded frame by frame, as
// lottie-ios combines the radius's keyframes with the shape's). Several inputs whose
// keyframes line up (`LottieProperty.combined`, lottie-ios's `Keyframes+combined.swift`) are
// keyframed together instead: a rectangle's or ellipse's position and size, a star's inputs
// while its point count holds (in After Effects' reading only those its vertices follow
// linearly: radii and position), the paths of several shapes painted together. In After Effects' reading a
// rectangle's or ellipse's position with spatial tangents off its straight line moves along
// its motion path by distance, as a layer's does (`spatialPositions`), so it is read frame by
// frame; tangents along the line (`isStraight`) move it as the plain mix does.
import LayerKit
import Raster

enum LottieShapeTrack {
    case constant(LottieShapeSet)
    case keyframed(LottieProperty<LottieShapeSet>)
    case sampled((Double) -> LottieShapeSet)

    func value(at f: Double) -> LottieShapeSet {
        switch self {
        case .constant(let s): return s
        case .keyframed(let p): return p.value(at: f)
        case .sampled(let fn): return fn(f)
        }
    }

    /// The track of one geometry item (nil for items that are not geometry).
    static func of(_ item: LottieShapeItem, rounding: LottieProperty<[Double]>?, spatialPositions: Bool = false) -> LottieShapeTrack? {
        func curved(_ p: LottieProperty<[Double]>) -> Bool {
            spatialPositions && p.keyframes.indices.dropLast().contains { i in !p.keyframes[i].hold && !p.isStraight(segment: i) }
        }
        switch item {
        case .path(let p, let reversed):
            func make(_ b: LottieBezier, _ radius: Double) -> LottieShapeSet {
                let r = LottieRoundedCorners.round(b, radius: radius)
                return LottieShapeSet([reversed ? LottieShapeGeometry.reverse(r) : r])
            }
            if let rounding, rounding.changesOverTime {
                return .sampled { f in make(p.value(at: f), rounding.value(at: f).first ?? 0) }
            }
            let radius = rounding?.initialValue.first ?? 0
            return p.changesOverTime ? .keyframed(mapped(p) { make($0, radius) }) : .constant(make(p.initialValue, radius))
        case .rect(let pos, let size, let roundness, let reversed):
            let round = rounding ?? LottieProperty([0])
            func make(_ p: [Double], _ s: [Double], _ r: [Double], _ rd: [Double]) -> LottieShapeSet {
                LottieShapeSet([LottieShapeGeometry.rect(center: p, size: s, roundness: max(r.first ?? 0, rd.first ?? 0), reversed: reversed)])
            }
            let animated = [pos.changesOverTime, size.changesOverTime, roundness.changesOverTime, round.changesOverTime].filter { $0 }.count
            if animated == 0 { return .constant(make(pos.initialValue, size.initialValue, roundness.initialValue, round.initialValue)) }
            // The corner radius is the roundness held to half the shorter side (After Effects,
            // lottie-web's `RectShapeProperty`: `Math.min(v0 / 2, v1 / 2, this.r.v)`), so a
            // growing rectangle's corners follow its size linearly only while the same one of the
            // three bounds it at every key (a minimum of linear functions keeps its argument
            // between two keys where it holds at both). Otherwise, in After Effects' reading, the
            // outline is read frame by frame: mixing two keys' outlines would lose the rounding
            // (a capsule grown from a line is drawn square between its keys).
            if spatialPositions && size.changesOverTime && !Self.cornersFollowSize(size, radius: max(roundness.initialValue.first ?? 0, round.initialValue.first ?? 0)) {
                return .sampled { f in make(pos.value(at: f), size.value(at: f), roundness.value(at: f), round.value(at: f)) }
            }
            if animated == 1 && !roundness.changesOverTime && !round.changesOverTime && !curved(pos) {
                if pos.changesOverTime { return .keyframed(mapped(pos) { make($0, size.initialValue, roundness.initialValue, round.initialValue) }) }
                return .keyframed(mapped(size) { make(pos.initialValue, $0, roundness.initialValue, round.initialValue) })
            }
            // Position and size keyframed alike: the corners move linearly with both.
            if !roundness.changesOverTime && !round.changesOverTime && !curved(pos), let both = LottieProperty.combined([pos, size]) {
                return .keyframed(mapped(both) { make($0.parts[0], $0.parts[1], roundness.initialValue, round.initialValue) })
            }
            return .sampled { f in make(pos.value(at: f), size.value(at: f), roundness.value(at: f), round.value(at: f)) }
        case .ellipse(let pos, let size, let reversed):
            func make(_ p: [Double], _ s: [Double]) -> LottieShapeSet {
                LottieShapeSet([LottieShapeGeometry.ellipse(center: p, size: s, reversed: reversed)])
            }
            if curved(pos) { return .sampled { f in make(pos.value(at: f), size.value(at: f)) } }
            switch (pos.changesOverTime, size.changesOverTime) {
            case (false, false): return .constant(make(pos.initialValue, size.initialValue))
            case (true, false): return .keyframed(mapped(pos) { make($0, size.initialValue) })
            case (false, true): return .keyframed(mapped(size) { make(pos.initialValue, $0) })
            case (true, true):
                // Keyframed alike: the vertices and tangents move linearly with both.
                if let both = LottieProperty.combined([pos, size]) { return .keyframed(mapped(both) { make($0.parts[0], $0.parts[1]) }) }
                return .sampled { f in make(pos.value(at: f), size.value(at: f)) }
            }
        case .star(let s):
            let inputs = [s.points, s.position, s.rotation, s.outerRadius, s.outerRoundness, s.innerRadius, s.innerRoundness]
            let round = rounding ?? LottieProperty([0])
            func make(_ f: Double) -> LottieShapeSet {
                LottieShapeSet([LottieRoundedCorners.round(LottieShapeGeometry.star(s, at: f), radius: round.value(at: f).first ?? 0)])
            }
            if !inputs.contains(where: \.changesOverTime) && !round.changesOverTime { return .constant(make(0)) }
            // Keyframed together while the point count holds; in After Effects' reading only
            // while the vertices follow the inputs linearly (no turning, no rounding that
            // scales with a moving radius), lottie-ios's reading mixes the outlines.
            let exact = ![s.rotation, s.outerRoundness, s.innerRoundness].contains(where: \.changesOverTime)
            if !s.points.changesOverTime && !round.changesOverTime && (exact || !spatialPositions) && !curved(s.position),
               let all = LottieProperty.combined(inputs) {
                return .keyframed(mapped(all) { v in
                    var at = s
                    (at.points, at.position, at.rotation, at.outerRadius, at.outerRoundness, at.innerRadius, at.innerRoundness) =
                        (LottieProperty(v.parts[0]), LottieProperty(v.parts[1]), LottieProperty(v.parts[2]), LottieProperty(v.parts[3]),
                         LottieProperty(v.parts[4]), LottieProperty(v.parts[5]), LottieProperty(v.parts[6]))
                    return LottieShapeSet([LottieRoundedCorners.round(LottieShapeGeometry.star(at, at: 0), radius: round.initialValue.first ?? 0)])
                })
            }
            return .sampled(make)
        default:
            return nil
        }
    }

    /// Whether a rectangle of radius `radius` keeps one bound of its corner radius (the radius
    /// itself, half the width or half the height; or no rounding at all) at every key of `size`.
    static func cornersFollowSize(_ size: LottieProperty<[Double]>, radius: Double) -> Bool {
        guard radius > 0 else { return true }
        func bound(_ s: [Double]) -> Int {
            let hw = (s.first ?? 0) / 2, hh = (s.count > 1 ? s[1] : 0) / 2
            if min(hw, hh) <= 0 { return -1 }
            if radius <= min(hw, hh) { return 0 }
            return hw <= hh ? 1 : 2
        }
        let bounds = Set(size.keyframes.map { bound($0.value) })
        return bounds.count <= 1 && !bounds.contains(-1)
    }

    /// The track reshaped by `modifiers` in turn: keyframe by keyframe while the modifiers
    /// hold still (the path keeps its exact keyframes), frame by frame once one moves.
    func modified(by modifiers: [LottieShapeModifier]) -> LottieShapeTrack {
        guard !modifiers.isEmpty else { return self }
        func reshape(_ s: LottieShapeSet, _ f: Double) -> LottieShapeSet { modifiers.reduce(s) { $1.apply($0, at: f) } }
        if !modifiers.contains(where: \.changesOverTime) {
            switch self {
            case .constant(let s): return .constant(reshape(s, 0))
            case .keyframed(let p): return .keyframed(Self.mapped(p) { reshape($0, 0) })
            case .sampled: break
            }
        }
        let base = self
        return .sampled { f in reshape(base.value(at: f), f) }
    }

    /// The track carried by the planar map `placement` (at frame f): keyframe by keyframe
    /// while the map holds still, frame by frame once it moves. A map that collapses the plane
    /// to one point (a group or repeater copy scaled to 0 on both axes, a copy past the count)
    /// leaves no shape, so no cap or join draws a dot there: lottie-web stops rendering a
    /// repeater's copies past the count, and neither ThorVG nor rlottie strokes a path
    /// collapsed to a point. Collapsed on one axis only, the shapes stay, as lines.
    func placed(by placement: ((Double) -> AffineTransform)?, moves: Bool) -> LottieShapeTrack {
        guard let placement else { return self }
        func map(_ s: LottieShapeSet, _ m: AffineTransform) -> LottieShapeSet {
            guard m.a != 0 || m.b != 0 || m.c != 0 || m.d != 0 else { return LottieShapeSet([]) }
            return LottieShapeSet(s.shapes.map { $0.applying(m) })
        }
        if !moves {
            let m = placement(0)
            switch self {
            case .constant(let s): return .constant(map(s, m))
            case .keyframed(let p): return .keyframed(Self.mapped(p) { map($0, m) })
            case .sampled: break
            }
        }
        let base = self
        return .sampled { f in map(base.value(at: f), placement(f)) }
    }

    /// The track with every shape closed as a fill closes it: an open shape's last vertex
    /// joined to its first by a straight line (its end tangents left out of that edge).
    func closingEveryShape() -> LottieShapeTrack {
        func close(_ s: LottieShapeSet) -> LottieShapeSet {
            LottieShapeSet(s.shapes.map { b in
                guard !b.closed, !b.vertices.isEmpty, !b.inTangents.isEmpty, !b.outTangents.isEmpty else { return b }
                var c = b
                c.closed = true
                c.outTangents[c.outTangents.count - 1] = Point(0, 0)
                c.inTangents[0] = Point(0, 0)
                return c
            })
        }
        switch self {
        case .constant(let s): return .constant(close(s))
        case .keyframed(let p): return .keyframed(Self.mapped(p, close))
        case .sampled(let fn): return .sampled { close(fn($0)) }
        }
    }

    /// `p` with every keyframe value mapped (timing and easing kept).
    static func mapped<A, B>(_ p: LottieProperty<A>, _ f: (A) -> B) -> LottieProperty<B> {
        LottieProperty(keyframes: p.keyframes.map {
            LottieKeyframe(frame: $0.frame, value: f($0.value), easing: $0.easing, hold: $0.hold, spatialOut: nil, spatialIn: nil)
        })
    }

    /// At most how many vertices `combined(tracks)` holds in all its keyframes (a sampled
    /// track counts its first value; its samples draw from the sampled-values budget).
    static func vertexBound(_ tracks: [LottieShapeTrack]) -> Int {
        func vertices(_ s: LottieShapeSet) -> Int { s.shapes.reduce(0) { $0 + $1.vertices.count } }
        var perValue = 0, keyframes = 1
        for t in tracks {
            switch t {
            case .constant(let s): perValue += vertices(s)
            case .keyframed(let p):
                perValue += p.keyframes.reduce(0) { max($0, vertices($1.value)) }
                keyframes = max(keyframes, p.keyframes.count)
            case .sampled(let fn): perValue += vertices(fn(0))
            }
        }
        return perValue.multipliedReportingOverflow(by: keyframes).overflow ? Int.max / 2 : perValue * keyframes
    }

    /// Several tracks painted together, shape after shape.
    static func combined(_ tracks: [LottieShapeTrack]) -> LottieShapeTrack {
        if tracks.count == 1 { return tracks[0] }
        let moving = tracks.indices.filter { if case .constant = tracks[$0] { return false }; return true }
        func joined(_ parts: [LottieShapeSet]) -> LottieShapeSet { LottieShapeSet(parts.flatMap(\.shapes)) }
        if moving.isEmpty { return .constant(joined(tracks.map { $0.value(at: 0) })) }
        if moving.count == 1, case .keyframed(let p) = tracks[moving[0]] {
            let index = moving[0]
            let constants = tracks.map { $0.value(at: 0) }
            return .keyframed(mapped(p) { v in
                var parts = constants
                parts[index] = v
                return joined(parts)
            })
        }
        // Keyframed tracks whose keyframes line up: one keyframe of all the shapes per key time.
        var keyframed: [LottieProperty<LottieShapeSet>] = []
        for t in tracks {
            switch t {
            case .constant(let s): keyframed.append(LottieProperty(s))
            case .keyframed(let p): keyframed.append(p)
            case .sampled: break
            }
        }
        if keyframed.count == tracks.count, let all = LottieProperty.combined(keyframed) {
            return .keyframed(mapped(all) { joined($0.parts) })
        }
        let all = tracks
        return .sampled { f in joined(all.map { $0.value(at: f) }) }
    }

    /// Puts the track on `layer`'s `path` (doubled when `doubled`, for trims across the end).
    func apply(to layer: CAShapeLayer, timeline: LottieTimeline, doubled: Bool) {
        func path(_ s: LottieShapeSet) -> Path? {
            doubled ? LottieShapeSet(s.shapes + s.shapes).path : s.path
        }
        switch self {
        case .constant(let s): layer.path = path(s)
        case .keyframed(let p): LottieKeyframeAnimation.apply(p, to: layer, .path, timeline: timeline, convert: path)
        case .sampled(let fn):
            LottieKeyframeAnimation.applySampled(.path, to: layer, timeline: timeline, animated: true) { path(fn(timeline.frame(atRoot: $0))) }
        }
    }
}

extension AnimatableValue {
    var pathValue: Path? { if case .path(let p) = self { return p }; return nil }
}
