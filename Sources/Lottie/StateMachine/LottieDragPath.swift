// A path a `DragAndDrop` constrains the pointer to (path mode), as dotlottie-rs's path_drag.rs
// does it: each cubic segment sampled at 24 even steps of its parameter into a table of points
// with their cumulative arc length; a press seeds the sample nearest the pointer over the
// whole path; each move searches only a window of arc length around the current sample —
// 4 % of the path plus 1.5 × the pointer's travel since the last move, at most 10 % — and
// re-centres up to 8 times while the best sample lies on the window's edge, so a pointer is
// followed along the path but never jumps across to a neighbouring turn of a spiral.
// Progress is a sample's arc length over the path's. Bounded: the table holds at most
// `maximumSamples` points (the path's first segments when longer).
import LayerKit

struct LottieDragPath {
    static let samplesPerSegment = 24
    static let maximumSamples = 100_000
    private(set) var points: [Point] = []
    private(set) var lengths: [Double] = []
    private var index = 0
    private var last: Point?

    var isEmpty: Bool { points.isEmpty || length <= 0 }
    var length: Double { lengths.last ?? 0 }

    init(_ segments: [(Point, Point, Point, Point)]) {
        var total = 0.0
        for (k, (p0, c1, c2, p3)) in segments.enumerated() {
            guard points.count + Self.samplesPerSegment < Self.maximumSamples else { break }
            for i in (k == 0 ? 0 : 1)...Self.samplesPerSegment {
                let t = Double(i) / Double(Self.samplesPerSegment), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                let q = Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
                if let prev = points.last { total += ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot() }
                points.append(q)
                lengths.append(total)
            }
        }
    }

    private func nearest(_ p: Point, _ lo: Int, _ hi: Int) -> Int {
        var best = lo, bestD = Double.infinity
        for i in lo...hi {
            let d = (points[i].x - p.x) * (points[i].x - p.x) + (points[i].y - p.y) * (points[i].y - p.y)
            if d < bestD { bestD = d; best = i }
        }
        return best
    }

    /// The progress of the sample nearest `p` over the whole path (a dock point's).
    func progress(nearest p: Point) -> Double? {
        guard !isEmpty else { return nil }
        return lengths[nearest(p, 0, points.count - 1)] / length
    }

    /// A press at `p`: the nearest sample anywhere becomes the current one.
    mutating func seed(_ p: Point) {
        guard !isEmpty else { return }
        index = nearest(p, 0, points.count - 1)
        last = p
    }

    /// A move to `p`: the progress of the sample nearest it within the window along the path.
    mutating func project(_ p: Point) -> Double? {
        guard !isEmpty else { return nil }
        let speed = last.map { (($0.x - p.x) * ($0.x - p.x) + ($0.y - p.y) * ($0.y - p.y)).squareRoot() } ?? 0
        last = p
        let window = min(length * 0.04 + speed * 1.5, length * 0.10)
        var i = min(index, points.count - 1)
        for _ in 0..<8 {
            let c = lengths[i]
            let lo = lengths.firstIndex { $0 >= c - window } ?? 0
            let hi = max(lo, (lengths.lastIndex { $0 <= c + window } ?? points.count - 1))
            let best = nearest(p, lo, hi)
            let onEdge = (best == lo && lo > 0) || (best == hi && hi < points.count - 1)
            i = best
            if !onEdge { break }
        }
        index = i
        return lengths[i] / length
    }
}
