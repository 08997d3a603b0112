// Several Lottie properties that feed one layer value (a rectangle's path from its position
// and size, a shadow's offset from its angle and distance, a radial gradient's end point
// from its start and end) as one keyframed property, when their keyframes line up: as
// lottie-ios's Core Animation engine does in `Keyframes+combined.swift` ("if all of the
// `KeyframeGroup`s have the exact same animation timing, the keyframes are merged";
// properties with no timing, a single keyframe, combine with any). Lined up means every
// property that changes over time has keyframes at the same frames, holding alike, easing
// alike (the same control points in every dimension, so one timing function carries them
// all) and without a motion path off the straight line (a position that curves between its
// keyframes is not a straight mix; one whose tangents lie along the line is, read by length). The combined keyframe i holds each property's value at keyframe i (a
// constant property its one value), so it is exact at every key time, and between key
// times each part mixes with the easing every property shares: a value that is linear in
// its parts (a rectangle's or ellipse's vertices in position and size) is exact at every
// instant, one that is not (a shadow offset's cosine of the angle) follows the straight
// line between the key values, lottie-ios's reading. Where they do not line up the caller
// samples the value on every frame, as before (lottie-ios's `manuallyInterpolatedKeyframes`).
import LayerKit

/// The values of several Lottie properties at one instant, mixed part by part.
struct LottieCombinedValue<Part: LottieInterpolatable>: LottieInterpolatable {
    var parts: [Part]

    static func mix(_ a: LottieCombinedValue, _ b: LottieCombinedValue, eased: [Double]) -> LottieCombinedValue {
        LottieCombinedValue(parts: zip(a.parts, b.parts).map { Part.mix($0, $1, eased: eased) })
    }
}

extension LottieProperty {
    /// `properties` as one property whose value holds theirs in order, or nil when the
    /// keyframes of those that change over time do not line up (see the file header).
    static func combined(_ properties: [LottieProperty<Value>]) -> LottieProperty<LottieCombinedValue<Value>>? {
        let moving = properties.filter(\.changesOverTime)
        guard let base = moving.first else {
            return LottieProperty<LottieCombinedValue<Value>>(LottieCombinedValue(parts: properties.map(\.initialValue)))
        }
        let k = base.keyframes
        for p in moving {
            guard p.keyframes.count == k.count else { return nil }
            for (i, (a, b)) in zip(k, p.keyframes).enumerated() {
                guard a.frame == b.frame, a.hold == b.hold else { return nil }
                if i == k.count - 1 || a.hold { continue }
                // The same curve in every dimension of both, and no motion path off the straight line.
                let dimensions = max(a.easing.dimensions, b.easing.dimensions, 1)
                guard (0..<dimensions).allSatisfy({ a.easing.controlPoints($0) == b.easing.controlPoints($0) }),
                      p.isStraight(segment: i)
                else { return nil }
            }
        }
        return LottieProperty<LottieCombinedValue<Value>>(keyframes: k.indices.map { i in
            LottieKeyframe(frame: k[i].frame,
                           value: LottieCombinedValue(parts: properties.map { $0.changesOverTime ? $0.keyframes[i].value : $0.initialValue }),
                           easing: k[i].easing, hold: k[i].hold, spatialOut: nil, spatialIn: nil)
        })
    }
}

extension LottieProperty {
    /// Whether segment `i` (keyframe i to i + 1) runs straight: no spatial tangents, or
    /// tangents whose control points lie on the line between the two values, inside it (a
    /// position whose handles point along its own line). Read by length, as lottie-ios reads
    /// shape positions and After Effects moves along a motion path, such a segment is the
    /// plain mix of its two values at every instant.
    func isStraight(segment i: Int) -> Bool {
        let k = keyframes[i]
        let to = k.spatialOut ?? Point(0, 0), ti = k.spatialIn ?? Point(0, 0)
        if to == Point(0, 0) && ti == Point(0, 0) { return true }
        guard i + 1 < keyframes.count, let a = k.value as? [Double], let b = keyframes[i + 1].value as? [Double],
              a.count >= 2, b.count >= 2 else { return false }
        let p0 = Point(a[0], a[1]), p3 = Point(b[0], b[1]), d = p3 - p0
        let length2 = d.x * d.x + d.y * d.y
        guard length2 > 0 else { return false }
        // Each control point on the segment: no distance off the line, its projection within.
        func onSegment(_ c: Point) -> Bool {
            let v = c - p0, along = v.x * d.x + v.y * d.y, off = v.x * d.y - v.y * d.x
            return abs(off) <= 1e-9 * length2 && along >= 0 && along <= length2
        }
        return onSegment(p0 + to) && onSegment(p3 + ti)
    }
}
