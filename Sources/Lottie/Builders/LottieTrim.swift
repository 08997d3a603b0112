// Trim paths as `strokeStart` / `strokeEnd`. Lottie trims from min(s, e) to max(s, e)
// (percent of the length) shifted by the offset o (degrees, 360 a full turn). A range that
// runs past the end of the path wraps to its start; Core Animation's stroke range cannot
// wrap, so then the path is drawn twice end to end and the range halved (the wrapped part
// lies on the second copy). With one animated input the keyframes map exactly, and so do a
// moving start and end that keep their order under a still offset (each end of the range
// follows one of them); otherwise the range is sampled per frame. Several trims on one path
// apply in turn: each cuts its range out of what the ones before it left (a nested group's
// trims before its enclosing groups', each group's in list order: `LottieShapeGroupBuilder`).
// In After Effects' reading a fill below a trim paints the trimmed path itself (`applyToFill`).
import LayerKit
import Raster

struct LottieTrim: Equatable {
    var start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>
    var individually: Bool
    /// Trims listed before this one on the same shapes, applied first.
    var earlier: [LottieTrim] = []

    /// The trims in list order as one (nil for none).
    static func composed(_ trims: [LottieTrim]) -> LottieTrim? {
        guard var last = trims.last else { return nil }
        last.earlier = Array(trims.dropLast())
        return last
    }

    /// The range at property frame f (see `range(_:_:_:)`).
    func range(at f: Double) -> (Double, Double) {
        within(earlierRange(at: f), range(start.value(at: f).first ?? 0, end.value(at: f).first ?? 100, offset.value(at: f).first ?? 0))
    }
    /// What the earlier trims leave at f.
    func earlierRange(at f: Double) -> (Double, Double) {
        var r = (0.0, 1.0)
        for t in earlier { r = within(r, t.range(t.start.value(at: f).first ?? 0, t.end.value(at: f).first ?? 100, t.offset.value(at: f).first ?? 0)) }
        return r
    }
    /// The part `inner` (fractions) of the range `outer`.
    func within(_ outer: (Double, Double), _ inner: (Double, Double)) -> (Double, Double) {
        let span = outer.1 - outer.0
        return (outer.0 + inner.0 * span, outer.0 + inner.1 * span)
    }
    /// The range of start s, end e (percent) and offset o (degrees) as fractions of the
    /// length: kept as it is when it lies within [0, 1] (so a trim at 100 % stays at the
    /// end of the path, and keyframes that reach it interpolate towards the end), else
    /// shifted by whole turns so that its start lies in [0, 1).
    func range(_ s: Double, _ e: Double, _ o: Double) -> (Double, Double) {
        var lo = min(s, e) / 100 + o / 360, hi = max(s, e) / 100 + o / 360
        if hi - lo >= 1 { return (0, 1) }
        if lo >= 0 && hi <= 1 { return (lo, hi) }
        let shift = lo.rounded(.down)
        lo -= shift; hi -= shift
        return (lo, hi)
    }

    /// Whether the range ever runs past the path's end (checked at every keyframe and frame).
    func wraps(timeline: LottieTimeline) -> Bool {
        let frames = start.frames + end.frames + offset.frames + timeline.sampleFrames.map { timeline.frame(atRoot: $0) }
        return frames.contains { range(at: $0).1 > 1 + 1e-9 }
    }

    /// Whether the start stays at or before the end (true) or at or after it (false) at every
    /// keyframe and frame, the range within the path's length throughout (nil otherwise).
    func keepsItsOrder(timeline: LottieTimeline) -> Bool? {
        let frames = start.frames + end.frames + timeline.sampleFrames.map { timeline.frame(atRoot: $0) }
        var before = true, after = true
        for f in frames {
            let s = start.value(at: f).first ?? 0, e = end.value(at: f).first ?? 100, o = (offset.value(at: f).first ?? 0) / 360
            guard min(s, e) / 100 + o >= 0, max(s, e) / 100 + o <= 1 else { return nil }
            if s > e { before = false }
            if s < e { after = false }
        }
        return before ? true : (after ? false : nil)
    }

    /// Sets strokeStart and strokeEnd (and their animations) on `layer`; returns whether the
    /// path must be doubled.
    func apply(to layer: CAShapeLayer, timeline: LottieTimeline) -> Bool {
        let doubled = wraps(timeline: timeline)
        let k = doubled ? 0.5 : 1
        let animated = [start, end, offset].filter(\.changesOverTime)
        let s0 = start.initialValue.first ?? 0, e0 = end.initialValue.first ?? 100, o0 = offset.initialValue.first ?? 0
        let earlierMoves = earlier.contains { [$0.start, $0.end, $0.offset].contains(where: \.changesOverTime) }
        if animated.count <= 1 && !doubled && !earlierMoves {
            let before = earlierRange(at: 0)
            // One input moves: its keyframes carry both ends exactly.
            let p = animated.first ?? start
            func ends(_ v: [Double]) -> (Double, Double) {
                let x = v.first ?? 0
                if p.changesOverTime && start.changesOverTime { return within(before, range(x, e0, o0)) }
                if p.changesOverTime && end.changesOverTime { return within(before, range(s0, x, o0)) }
                if p.changesOverTime && offset.changesOverTime { return within(before, range(s0, e0, x)) }
                return within(before, range(s0, e0, o0))
            }
            LottieKeyframeAnimation.apply(p, to: layer, .strokeStart, timeline: timeline) { ends($0).0 * k }
            LottieKeyframeAnimation.apply(p, to: layer, .strokeEnd, timeline: timeline) { ends($0).1 * k }
            return doubled
        }
        if timeline.reading == .afterEffects && animated.count == 2 && !offset.changesOverTime && !doubled && !earlierMoves,
           let startFirst = keepsItsOrder(timeline: timeline) {
            // Start and end move, the offset holds: while they keep their order and the range
            // stays on the path, each end of the range follows one of them alone, so each
            // keeps its own keyframes and is exact between frames too (lottie-web reads the
            // trim at the fractional frame it renders, PropertyFactory's `interpolateValue`).
            // lottie-ios's engine samples inputs whose keyframes differ once a frame
            // (`manuallyInterpolatedKeyframes`), as the sampled range below does.
            let before = earlierRange(at: 0)
            func share(_ v: [Double]) -> Double { before.0 + ((v.first ?? 0) / 100 + o0 / 360) * (before.1 - before.0) }
            LottieKeyframeAnimation.apply(startFirst ? start : end, to: layer, .strokeStart, timeline: timeline, convert: share)
            LottieKeyframeAnimation.apply(startFirst ? end : start, to: layer, .strokeEnd, timeline: timeline, convert: share)
            return doubled
        }
        LottieKeyframeAnimation.applySampled(.strokeStart, to: layer, timeline: timeline, animated: true) {
            range(at: timeline.frame(atRoot: $0)).0 * k
        }
        LottieKeyframeAnimation.applySampled(.strokeEnd, to: layer, timeline: timeline, animated: true) {
            range(at: timeline.frame(atRoot: $0)).1 * k
        }
        return doubled
    }

    /// Sets `layer`'s path to `track` trimmed, for a fill: the range's part of the paths'
    /// whole length (a range past the end wraps to the start), sampled once a frame when the
    /// shapes or the range move. A fill closes each open piece.
    func applyToFill(_ track: LottieShapeTrack, layer: CAShapeLayer, timeline: LottieTimeline) {
        func path(at f: Double) -> Path? {
            let whole = track.value(at: f).path
            let (a, b) = range(at: f)
            guard b > 1 else { return whole.trimmed(from: a, to: b) }
            // The part past the end goes on from the start; where the path closes there (one
            // closed subpath) the two parts are one piece, as the trim runs round the loop.
            var p = whole.trimmed(from: a, to: 1)
            for e in whole.trimmed(from: 0, to: b - 1).elements {
                if case .move(let m) = e, let c = p.currentPoint, abs(c.x - m.x) < 1e-9, abs(c.y - m.y) < 1e-9 { continue }
                p.append(e)
            }
            return p
        }
        var moves = [start, end, offset].contains(where: \.changesOverTime)
            || earlier.contains { [$0.start, $0.end, $0.offset].contains(where: \.changesOverTime) }
        if case .constant = track {} else { moves = true }
        LottieKeyframeAnimation.applySampled(.path, to: layer, timeline: timeline, animated: moves) { path(at: timeline.frame(atRoot: $0)) }
    }
}
