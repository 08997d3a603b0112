// After Effects' gradient midpoints, in the After Effects reading. After Effects' gradient
// editor has, between each two neighbouring stops (colour or opacity), a midpoint: where the
// ramp between them is half one and half the other. The exporter (bodymovin) writes each
// midpoint as a stop of its own holding the mean of its neighbours (lottie-web issue #2647:
// "bodymovin will sometimes insert color midpoint steps", e.g. `[0, 1,1,1, 0.5, 0.5,0.5,0.5,
// 1, 0,0,0]` for white to black), and players draw that stop list piecewise linearly. After
// Effects does not: with the midpoint at the fraction m of the way from one stop to the next
// (u the fraction of the way there), its ramp mixes the next stop's value in by a power curve,
// steepest at the stop nearer the midpoint:
//
//     mix(u) = 1 − (1 − u)^(ln ½ / ln(1 − m))   for m < ½,
//     mix(u) = u^(ln ½ / ln m)                  for m > ½ (linear at m = ½),
//
// so mix(m) = ½. The curve is measured, not documented: drawn so, our frames of
// LottieFiles/test-files' `shape-style/gradient-linear-midpoint` (m ≈ 0.199) and
// `properties/gradient-ease` (m = 0.601) lie within 5/255 per channel of After Effects' own
// renders, where the straight lines through the midpoint stop missed by up to 50/255 and
// 17/255. Opacity midpoints are read alike (After Effects' editor gives them the same
// diamonds; no render of an uneven one was at hand to measure).
//
// A stop list holds midpoints when it has an odd number of stops, at least three, and every
// second stop lies strictly between its neighbours with their mean value (to the exporter's
// three decimals). Such a list is redrawn as `samples` straight pieces between each two real
// stops on the curve, a stop count that depends on the list's length alone, so keyframed
// gradients keep one count throughout. A list whose midpoints all lie halfway is linear either
// way and is left as it is.
import Foundation

enum LottieGradientMidpoints {
    /// Straight pieces per ramp between two real stops: the curve to within 1/255.
    static let samples = 16
    /// How far a midpoint stop's value may lie from its neighbours' mean (the exporter rounds
    /// to three decimals).
    static let meanTolerance = 0.002
    /// Longer stop lists are drawn as they are (the resampled list is 8 times as long).
    static let maxStops = 257

    /// Whether `stops` (sorted by offset) hold After Effects midpoints: every second stop of an
    /// odd count of at least three lies strictly between its neighbours, with their mean value.
    static func holdsMidpoints(_ stops: [(x: Double, v: [Double])]) -> Bool {
        guard stops.count >= 3, stops.count % 2 == 1, stops.count <= maxStops else { return false }
        return stride(from: 1, to: stops.count - 1, by: 2).allSatisfy { isMidpoint(stops, $0) }
    }

    /// Whether some midpoint of `stops` lies off the middle of its ramp, where After Effects'
    /// ramp bends away from the straight lines through it.
    static func bends(_ stops: [(x: Double, v: [Double])]) -> Bool {
        holdsMidpoints(stops) && stride(from: 1, to: stops.count - 1, by: 2).contains {
            abs(fraction(stops, $0) - 0.5) > 0.01
        }
    }

    /// The share of the next stop's value at `u` ∈ [0, 1] of a ramp whose midpoint lies at `m`.
    static func mix(_ u: Double, midpoint m: Double) -> Double {
        let u = min(max(u, 0), 1), m = min(max(m, 0.001), 0.999)
        if m < 0.5 { return 1 - pow(1 - u, log(0.5) / log(1 - m)) }
        if m > 0.5 { return pow(u, log(0.5) / log(m)) }
        return u
    }

    /// `stops` as After Effects draws them: the real stops (the even ones) with `samples` − 1
    /// stops between each two on the midpoint's curve; a middle stop that is not their mean is
    /// read as a stop of its own (straight lines through it), at the same count. Lists of an
    /// even count, fewer than three or more than `maxStops` stops are returned as they are.
    static func resampled(_ stops: [(x: Double, v: [Double])]) -> [(x: Double, v: [Double])] {
        guard stops.count >= 3, stops.count % 2 == 1, stops.count <= maxStops else { return stops }
        var out: [(x: Double, v: [Double])] = []
        out.reserveCapacity((stops.count / 2) * samples + 1)
        for i in stride(from: 1, to: stops.count - 1, by: 2) {
            let a = stops[i - 1], mid = stops[i], b = stops[i + 1]
            let curved = isMidpoint(stops, i), m = fraction(stops, i)
            for k in 0..<samples {
                let u = Double(k) / Double(samples)
                let value: [Double]
                if curved {
                    let share = mix(u, midpoint: m)
                    value = zip(a.v, b.v).map { $0 + ($1 - $0) * share }
                } else {
                    // Straight lines through the middle stop, read as a stop of its own.
                    let t = u <= m ? (m > 0 ? u / m : 1) : (m < 1 ? (u - m) / (1 - m) : 1)
                    let (p, q) = u <= m ? (a.v, mid.v) : (mid.v, b.v)
                    value = zip(p, q).map { $0 + ($1 - $0) * t }
                }
                out.append((x: a.x + (b.x - a.x) * u, v: value))
            }
        }
        out.append(stops[stops.count - 1])
        return out
    }

    /// Whether stop `i` lies strictly between its neighbours with their mean value.
    private static func isMidpoint(_ stops: [(x: Double, v: [Double])], _ i: Int) -> Bool {
        let a = stops[i - 1], mid = stops[i], b = stops[i + 1]
        guard a.x < mid.x, mid.x < b.x, a.v.count == mid.v.count, b.v.count == mid.v.count else { return false }
        return zip(mid.v, zip(a.v, b.v)).allSatisfy { abs($0 - ($1.0 + $1.1) / 2) <= meanTolerance }
    }

    /// Where stop `i` lies between its neighbours, 0 … 1.
    private static func fraction(_ stops: [(x: Double, v: [Double])], _ i: Int) -> Double {
        let a = stops[i - 1].x, b = stops[i + 1].x
        return b > a ? (stops[i].x - a) / (b - a) : 0.5
    }
}
