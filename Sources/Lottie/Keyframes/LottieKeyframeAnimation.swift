// A Lottie property as a CAKeyframeAnimation, in the manner of lottie-ios's Core Animation
// engine. Keyframe i becomes value i at key time (root time of its frame − begin) / duration;
// the segment from it eases with CAMediaTimingFunction(controlPoints: o.x, o.y, i.x, i.y)
// ("Core Animation's timing functions are cubic Bézier curves from (0,0) to (1,1)", the
// same curve Lottie stores per segment); a hold keyframe becomes a linear segment to a copy
// of its value at the next key time, followed by the next value at the same key time (a
// zero-length segment: a jump): in After Effects' reading a hold keeps its own value wherever
// it lies ("Hold interpolation … the value of the keyframe is held until the next keyframe",
// After Effects Help, "Keyframe interpolation methods"). In the iOS reading one hold is shown
// as Apple's renders show it: lottie-ios
// gives each run of hold keyframes a discrete CAKeyframeAnimation of its own, whose keyTimes
// "should have one more entry than appears in the values array" (Apple's documentation of
// `keyTimes` for kCAAnimationDiscrete); a run of a single hold keyframe followed by an eased
// one spans exactly its own two key times, so its animation holds one value, and Core
// Animation shows the layer's own value there instead (lottie-ios's snapshots of files that
// hold an opacity this way show the layer opaque until the next keyframe). Position
// segments with spatial tangents become a motion `path` (a hold is a line to itself followed
// by a move). In the iOS reading each keyframe segment is one cubic that Core Animation
// follows at the bezier's parameter; in After Effects' reading the layer moves along the
// path by distance (`LottieMotionPath`: each segment cut into pieces of the same curve,
// one a frame, so that the eased share of the arc length is reached at every frame).
// The animation starts at the first keyframe's root time, lasts until the last, fills
// both ways and is never removed, so it shows the property at any time. A property that
// never changes (one keyframe, or keyframes that all hold the same value with no motion
// path between them) is written on the model layer instead: an animation of it would show
// the same value at every instant and cost an evaluation every frame.
import LayerKit
import Raster

/// Adds Lottie properties to layers as Core Animation animations.
enum LottieKeyframeAnimation {
    /// Writes `property` on `layer` at `key` (a typed LayerKit key path): the model value, and
    /// an animation when the property is animated. `convert` turns a Lottie value into the
    /// key path's value. `alwaysPath`: a position moves along a motion path even without
    /// spatial tangents (for a layer oriented along its path, which Core Animation turns only
    /// on a `path`).
    static func apply<V, T>(_ property: LottieProperty<V>, to layer: CALayer, _ key: LayerKeyPath<T>, timeline: LottieTimeline,
                            spatial: Bool = false, alwaysPath: Bool = false, convert: (V) -> T) {
        let layerDefault = layer.value(forKeyPath: key.keyPath)
        layer.setValue(convert(property.initialValue), for: key)
        guard property.changesOverTime,
              let a = animation(property, key, timeline: timeline, spatial: spatial, alwaysPath: alwaysPath,
                                layerDefault: layerDefault, convert: convert)
        else { return }
        layer.add(a, forKey: key.keyPath)
    }

    /// The CAKeyframeAnimation of `key` for an animated property, nil when it is constant on
    /// screen. `layerDefault` is the key path's value on a layer the importer has not written.
    static func animation<V, T>(_ property: LottieProperty<V>, _ key: LayerKeyPath<T>, timeline: LottieTimeline,
                                spatial: Bool = false, alwaysPath: Bool = false, layerDefault: AnimatableValue? = nil,
                                convert: (V) -> T) -> CAKeyframeAnimation? {
        animation(property, keyPath: key.keyPath, timeline: timeline, spatial: spatial, alwaysPath: alwaysPath,
                  layerDefault: layerDefault) { key.animatableValue(convert($0)) }
    }

    /// An animation of `key` through `value(rootFrame)` at every root frame of the timeline
    /// (see `sampled(keyPath:timeline:value:)`, which it boxes for).
    static func sampled<T>(_ key: LayerKeyPath<T>, timeline: LottieTimeline, value: (Double) -> T) -> CAKeyframeAnimation? {
        sampled(keyPath: key.keyPath, timeline: timeline) { key.animatableValue(value($0)) }
    }

    /// Writes `value` at the root in point on `layer` at `key` and, when `animated`, adds the
    /// animation of `key` sampled at every root frame (`value` takes a root frame): a value
    /// made of several Lottie properties whose keyframes do not line up.
    static func applySampled<T>(_ key: LayerKeyPath<T>, to layer: CALayer, timeline: LottieTimeline, animated: Bool,
                                value: (Double) -> T) {
        layer.setValue(value(timeline.rootIn), for: key)
        if animated, let a = sampled(key, timeline: timeline, value: value) { layer.add(a, forKey: key.keyPath) }
    }

    /// The animation of `animation(_:_:timeline:…)` under `keyPath`, its values boxed by `convert`.
    private static func animation<V>(_ property: LottieProperty<V>, keyPath: String, timeline: LottieTimeline,
                                    spatial: Bool = false, alwaysPath: Bool = false, layerDefault: AnimatableValue? = nil,
                                    convert: (V) -> AnimatableValue) -> CAKeyframeAnimation? {
        guard timeline.remap == nil else {
            return sampled(keyPath: keyPath, timeline: timeline) { convert(property.value(at: timeline.frame(atRoot: $0))) }
        }
        let k = property.keyframes
        let rootTimes = k.map { timeline.rootFrame(of: $0.frame) }
        guard let first = rootTimes.first, let last = rootTimes.last, last > first else { return nil }
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.beginTime = timeline.seconds(ofRoot: first)
        a.duration = (last - first) / timeline.frameRate
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        func keyTime(_ r: Double) -> Double { (r - first) / (last - first) }
        let usesPath = spatial && alwaysPath || spatial && k.indices.dropLast().contains { i in
            !k[i].hold && ((k[i].spatialOut ?? Point(0, 0)) != Point(0, 0) || (k[i].spatialIn ?? Point(0, 0)) != Point(0, 0))
        }
        var keyTimes: [Double] = [], functions: [CAMediaTimingFunction] = []
        if usesPath, let points = Optional(k.map { v -> Point in
            guard case .point(let p) = convert(v.value) else { return Point(0, 0) }
            return p
        }) {
            var path = Path()
            path.move(to: points[0])
            keyTimes.append(0)
            for i in 0..<(k.count - 1) {
                let p0 = points[i], p1 = points[i + 1]
                if k[i].hold {
                    path.addLine(to: p0)
                    path.move(to: p1)
                    functions.append(.linear)
                } else if timeline.reading == .afterEffects {
                    let segment = LottieSpatialSegment(p0: p0, c1: p0 + (k[i].spatialOut ?? Point(0, 0)),
                                                       c2: p1 + (k[i].spatialIn ?? Point(0, 0)), p3: p1)
                    let t0 = keyTime(rootTimes[i]), t1 = keyTime(rootTimes[i + 1])
                    let pieces = LottieMotionPath.pieces(segment, easing: k[i].easing, from: rootTimes[i], to: rootTimes[i + 1])
                    for (j, p) in pieces.enumerated() {
                        path.addCurve(to: p.piece.p3, control1: p.piece.c1, control2: p.piece.c2)
                        functions.append(.linear)
                        if j < pieces.count - 1 { keyTimes.append(t0 + (t1 - t0) * p.endShare) }
                    }
                } else {
                    path.addCurve(to: p1, control1: p0 + (k[i].spatialOut ?? Point(0, 0)), control2: p1 + (k[i].spatialIn ?? Point(0, 0)))
                    functions.append(timingFunction(k[i].easing))
                }
                let t1 = keyTime(rootTimes[i + 1])
                keyTimes.append(k[i].hold && timeline.reading == .afterEffects ? Self.holdJump(at: t1, after: keyTimes[keyTimes.count - 1]) : t1)
            }
            a.path = path
        } else {
            // iOS reading: a lone hold shows the layer's own value from its key time to the next one.
            let lone = k.indices.map { i in
                timeline.reading == .iOS && i + 1 < k.count && k[i].hold && !k[i + 1].hold
                    && (i > 0 ? !k[i - 1].hold : rootTimes[0] <= timeline.rootIn)
            }
            let layerValue = layerDefault ?? convert(k[0].value)
            var values: [AnimatableValue] = [lone[0] ? layerValue : convert(k[0].value)]
            keyTimes.append(0)
            for i in 0..<(k.count - 1) {
                let t1 = keyTime(rootTimes[i + 1])
                if i > 0 && lone[i] {
                    values.append(layerValue); keyTimes.append(keyTime(rootTimes[i])); functions.append(.linear)
                }
                if k[i].hold {
                    let jump = timeline.reading == .afterEffects ? Self.holdJump(at: t1, after: keyTimes[keyTimes.count - 1]) : t1
                    values.append(values[values.count - 1]); keyTimes.append(jump); functions.append(.linear)
                    values.append(convert(k[i + 1].value)); keyTimes.append(jump); functions.append(.linear)
                } else {
                    values.append(convert(k[i + 1].value)); keyTimes.append(t1); functions.append(timingFunction(k[i].easing))
                }
            }
            a.values = values
        }
        a.keyTimes = keyTimes
        a.timingFunctions = functions
        return a
    }

    /// How far before the next key time a hold's jump lies, as a share of the animation's
    /// duration (at most half the held span).
    static let holdLead = 1e-9

    /// The key time of a hold's jump to the next keyframe at key time `t1`, the held span
    /// starting at `t0`. After Effects shows the next keyframe's value at its own frame ("Hold
    /// interpolation … holds the value of the keyframe until the next keyframe", After Effects
    /// Help, "Keyframe interpolation methods"): the frame exactly at `t1` must land on the new
    /// value, yet the time a renderer reaches there (frame ÷ rate, through the layer's begin
    /// time and the animation's duration) may fall a rounding error short of `t1` and show the
    /// held one (`TypeFace/P` at frame 16). So the jump lies a billionth of the duration early
    /// — far below a frame, far above a rounding error.
    static func holdJump(at t1: Double, after t0: Double) -> Double {
        max(t0, t1 - min(holdLead, (t1 - t0) / 2))
    }

    /// The segment's easing as a timing function (the first dimension's, when they differ).
    static func timingFunction(_ e: LottieEasing) -> CAMediaTimingFunction {
        let (x1, y1, x2, y2) = e.controlPoints(0)
        if x1 == y1 && x2 == y2 { return .linear }
        return CAMediaTimingFunction(controlPoints: min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
    }

    /// An animation through `value(rootFrame)` at every root frame of the timeline, linear
    /// in between: what Core Animation can show of a timing it cannot express. Nil when the
    /// file's budget of sampled values is spent (the importer then refuses the file).
    private static func sampled(keyPath: String, timeline: LottieTimeline, value: (Double) -> AnimatableValue) -> CAKeyframeAnimation? {
        let frames = timeline.sampleFrames
        guard let first = frames.first, let last = frames.last, last > first else { return nil }
        // The file's budget is asked before the values exist: the first value tells how much
        // each one weighs (a path its elements), the rest are made only if all of them fit.
        guard timeline.samples.spend(frames.count) else { return nil }
        let firstValue = value(first)
        if case .path(let p?) = firstValue, p.elements.count > 1,
           !timeline.samples.spend((p.elements.count - 1).multipliedReportingOverflow(by: frames.count).overflow ? Int.max : (p.elements.count - 1) * frames.count) {
            return nil
        }
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.beginTime = timeline.seconds(ofRoot: first)
        a.duration = (last - first) / timeline.frameRate
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        a.values = [firstValue] + frames.dropFirst().map(value)
        a.keyTimes = frames.map { ($0 - first) / (last - first) }
        return a
    }
}

extension LottieProperty {
    /// Whether the value ever differs from the first keyframe's: some keyframe holds another
    /// value, or a segment has spatial tangents (a motion path may leave and come back).
    var changesOverTime: Bool {
        guard keyframes.count > 1 else { return false }
        let first = keyframes[0].value
        return keyframes.contains { k in
            k.value != first || (k.spatialOut.map { $0 != Point(0, 0) } ?? false) || (k.spatialIn.map { $0 != Point(0, 0) } ?? false)
        }
    }
}
