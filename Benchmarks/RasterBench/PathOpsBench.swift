// `raster-bench --pathops N`: the time of each boolean operation on paths (`PathOps`) between
// two wavy rings of N line segments each, drawn so their outlines cross at about N/4 points
// (radius 100 ± 8 with N/8 waves, the second ring's centre 40 units to the side), plus
// normalizing one self-crossing star of N segments. One JSON line per operation with the
// median, p10 and p90 in µs over `--frames` runs (two warm-up runs first).
import Foundation
import Raster

func pathOpsRing(segments n: Int, center: Point, waves: Int) -> Path {
    var p = Path()
    for i in 0..<n {
        let t = Double(i) / Double(n) * 2 * .pi
        let r = 100 + 8 * sin(Double(waves) * t)
        let q = Point(center.x + r * cos(t), center.y + r * sin(t))
        if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
    }
    p.closeSubpath()
    return p
}

func pathOpsStar(segments n: Int) -> Path {
    var p = Path()
    let step = n / 2 - 1   // a {n/(n/2 − 1)} star polygon: every edge crosses many others
    for i in 0..<n {
        let t = Double((i * step) % n) / Double(n) * 2 * .pi
        let q = Point(100 * cos(t), 100 * sin(t))
        if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
    }
    p.closeSubpath()
    return p
}

func runPathOpsBench(segments n: Int, frames: Int) {
    let a = pathOpsRing(segments: n, center: Point(0, 0), waves: max(1, n / 8))
    let b = pathOpsRing(segments: n, center: Point(40, 0), waves: max(1, n / 8) + 1)
    for op in PathBooleanOperation.allCases {
        var vertices = 0
        let ns = timeFrames(frames) {
            let r = try? PathOps.combine(a, rule: .nonZero, op, b, rule: .nonZero)
            vertices = r?.elements.count ?? -1
        }
        let (med, p10, p90) = stats(ns)
        print("{\"pathops\": \"\(op)\", \"segments\": \(2 * n), \"result_elements\": \(vertices), \"median_us\": \(med), \"p10_us\": \(p10), \"p90_us\": \(p90)}")
    }
    let star = pathOpsStar(segments: n)
    var vertices = 0
    let ns = timeFrames(max(1, frames / 10)) {
        let r = try? PathOps.normalize(star, rule: .evenOdd)
        vertices = r?.elements.count ?? -1
    }
    let (med, p10, p90) = stats(ns)
    print("{\"pathops\": \"normalize-star\", \"segments\": \(n), \"result_elements\": \(vertices), \"median_us\": \(med), \"p10_us\": \(p10), \"p90_us\": \(p90)}")
}
