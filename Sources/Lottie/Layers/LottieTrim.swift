// Trim paths as `strokeStart` / `strokeEnd`. Lottie trims from min(s, e) to max(s, e)
// (percent of the length) shifted by the offset o (degrees, 360 a full turn). A range that
// runs past the end of the path wraps to its start; Core Animation's stroke range cannot
// wrap, so then the path is drawn twice end to end and the range halved (the wrapped part
// lies on the second copy). With one animated input the keyframes map exactly; with several
// the range is sampled per frame.
import LayerKit

struct LottieTrim {
    var start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>
    var individually: Bool

    /// The range at property frame f, normalised so that the start lies in [0, 1).
    func range(at f: Double) -> (Double, Double) {
        range(start.value(at: f).first ?? 0, end.value(at: f).first ?? 100, offset.value(at: f).first ?? 0)
    }
    func range(_ s: Double, _ e: Double, _ o: Double) -> (Double, Double) {
        var lo = min(s, e) / 100, hi = max(s, e) / 100
        if hi - lo >= 1 { return (0, 1) }
        let shift = (lo + o / 360).rounded(.down) - o / 360
        lo -= shift; hi -= shift
        return (lo, hi)
    }

    /// Whether the range ever runs past the path's end (checked at every keyframe and frame).
    func wraps(timeline: LottieTimeline) -> Bool {
        let frames = start.frames + end.frames + offset.frames + timeline.sampleFrames.map { timeline.frame(atRoot: $0) }
        return frames.contains { range(at: $0).1 > 1 + 1e-9 }
    }

    /// Sets strokeStart and strokeEnd (and their animations) on `layer`; returns whether the
    /// path must be doubled.
    func apply(to layer: CAShapeLayer, timeline: LottieTimeline) -> Bool {
        let doubled = wraps(timeline: timeline)
        let k = doubled ? 0.5 : 1
        let animated = [start, end, offset].filter(\.isAnimated)
        let s0 = start.initialValue.first ?? 0, e0 = end.initialValue.first ?? 100, o0 = offset.initialValue.first ?? 0
        if animated.count <= 1 && !doubled {
            // One input moves: its keyframes carry both ends exactly.
            let p = animated.first ?? start
            func ends(_ v: [Double]) -> (Double, Double) {
                let x = v.first ?? 0
                if p.isAnimated && start.isAnimated { return range(x, e0, o0) }
                if p.isAnimated && end.isAnimated { return range(s0, x, o0) }
                if p.isAnimated && offset.isAnimated { return range(s0, e0, x) }
                return range(s0, e0, o0)
            }
            LottieKeyframeAnimation.apply(p, keyPath: "strokeStart", to: layer, timeline: timeline) { .number(ends($0).0 * k) }
            LottieKeyframeAnimation.apply(p, keyPath: "strokeEnd", to: layer, timeline: timeline) { .number(ends($0).1 * k) }
            return doubled
        }
        let (lo, hi) = range(at: timeline.frame(atRoot: timeline.rootIn))
        layer.strokeStart = lo * k
        layer.strokeEnd = hi * k
        if let a = LottieKeyframeAnimation.sampled(keyPath: "strokeStart", timeline: timeline, value: { .number(range(at: timeline.frame(atRoot: $0)).0 * k) }) {
            layer.add(a, forKey: "strokeStart")
        }
        if let a = LottieKeyframeAnimation.sampled(keyPath: "strokeEnd", timeline: timeline, value: { .number(range(at: timeline.frame(atRoot: $0)).1 * k) }) {
            layer.add(a, forKey: "strokeEnd")
        }
        return doubled
    }
}
