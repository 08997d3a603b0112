// Fuzz tests of Raster's path geometry: random and malformed inputs through parse, trim,
// dash, stroke, flatten and fill, with no crash, hang or non-finite output.

import Testing
@testable import Raster

/// SplitMix64: small deterministic generator so failures reproduce.
struct FuzzRNG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Mostly ordinary coordinates, sometimes degenerate or absurd ones.
    mutating func coordinate() -> Double {
        switch int(120) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e300 * (unit() - 0.5)
        case 4: return 1e-300
        case 5, 6, 7: return 0
        case 8: return 1e7 * (unit() - 0.5)
        default: return 120 * unit() - 10
        }
    }
}

@Suite struct GeometryFuzzTests {
    /// 100 000 random and malformed inputs through parse → trim → dash → stroke → flatten →
    /// fill (a small canvas) with no crash, no hang and no non-finite output.
    @Test func randomPathsAndSVGStrings() {
        var rng = FuzzRNG(state: 0x5EED_1A7E)
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE, \t01-.5e".utf8)
        let canvas = Canvas(Bitmap(width: 24, height: 24))
        var flat = FlatPath()
        var outlines = 0, parsed = 0
        let clock = ContinuousClock()
        let started = clock.now
        for iteration in 0..<100_000 {
            var path: Path
            if iteration % 2 == 0 {
                // Random SVG text: mostly garbage, sometimes valid.
                var bytes: [UInt8] = [UInt8(ascii: "M")]
                if iteration % 4 == 0 {
                    for _ in 0..<rng.int(24) { bytes.append(alphabet[rng.int(alphabet.count)]) }
                } else {
                    // Token soup: commands with about the right number of compact numbers.
                    let commands = Array("MmLlHhVvCcSsQqTtAaZz".utf8)
                    let arity: [UInt8: Int] = [77: 2, 76: 2, 72: 1, 86: 1, 67: 6, 83: 4, 81: 4, 84: 2, 65: 7, 90: 0]
                    bytes.append(contentsOf: Array("\(Int(rng.coordinate().isFinite ? 5 : 0)) 5".utf8))
                    for _ in 0..<(1 + rng.int(4)) {
                        let c = commands[rng.int(commands.count)]
                        bytes.append(c)
                        let n = (arity[c & ~0x20] ?? 2) + (rng.int(10) == 0 ? rng.int(3) - 1 : 0)
                        for k in 0..<max(0, n) {
                            let isFlag = (c | 0x20) == UInt8(ascii: "a") && (k == 3 || k == 4)
                            let v = isFlag ? Double(rng.int(2)) : (rng.int(20) == 0 ? rng.coordinate() : (200 * rng.unit() - 50).rounded() / 4)
                            let text = v.isFinite ? "\(v)" : "1e999"
                            if rng.int(2) == 0 || !(text.hasPrefix("-")) { bytes.append(UInt8(ascii: " ")) }
                            bytes.append(contentsOf: Array(text.utf8))
                        }
                    }
                }
                guard let p = try? Path(svg: String(decoding: bytes, as: UTF8.self)) else { continue }
                path = p
                parsed += 1
            } else {
                path = Path()
                for _ in 0..<(1 + rng.int(5)) {
                    let p = Point(rng.coordinate(), rng.coordinate())
                    switch rng.int(7) {
                    case 0: path.move(to: p)
                    case 1, 2: path.addLine(to: p)
                    case 3: path.addQuadCurve(to: p, control: Point(rng.coordinate(), rng.coordinate()))
                    case 4: path.addCurve(to: p, control1: Point(rng.coordinate(), rng.coordinate()),
                                          control2: rng.int(3) == 0 ? p : Point(rng.coordinate(), rng.coordinate()))
                    case 5: path.closeSubpath()
                    default: path.addArc(center: p, radius: rng.coordinate(), startAngle: rng.coordinate(),
                                         endAngle: rng.coordinate(), clockwise: rng.int(2) == 0)
                    }
                }
            }
            let trimmed = path.trimmed(from: rng.unit() - 0.2, to: rng.unit() * 1.4)
            // Dash only paths of screen size: a 10⁷-long path cut into 10-unit dashes is a million
            // subpaths (Path.maxDashes bounds that, but it is slow work for a debug build).
            let bounds = trimmed.controlPointBounds
            let small = !bounds.isNull && bounds.width < 2000 && bounds.height < 2000
            let dashed = small && rng.int(3) == 0
                ? trimmed.dashed(pattern: rng.int(8) == 0 ? [rng.coordinate(), rng.coordinate()] : [1 + 20 * rng.unit(), 20 * rng.unit()],
                                 phase: rng.coordinate())
                : trimmed
            let widths = [0.5, 1, 8, 40, 0, -1, .nan, 1e9, 1e-9, 3, 2]
            let style = StrokeStyle(lineWidth: widths[rng.int(widths.count)],
                                    lineCap: LineCap.allCases[rng.int(3)], lineJoin: LineJoin.allCases[rng.int(3)],
                                    miterLimit: [10, 1, 0, .nan, 1e6][rng.int(5)])
            let transforms: [AffineTransform] = [.identity, .scale(3, 0.5), .scale(0, 1), .rotation(1),
                                                 AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)]
            let t = transforms[rng.int(transforms.count)]
            flat.removeAll()
            Stroker.outline(dashed, style: style, transform: t, tolerance: 0.1, into: &flat)
            if flat.contourCount > 0 { outlines += 1 }
            #expect(flat.points.allSatisfy { $0.isFinite })
            #expect(flat.contourStarts.allSatisfy { $0 < flat.points.count })
            flat.removeAll()
            path.flatten(transform: t, tolerance: 0.1, into: &flat)
            #expect(flat.points.allSatisfy { $0.isFinite })
            if iteration % 64 == 1 {
                canvas.stroke(path, style: style, transform: t, color: .black, strokeStart: rng.unit(), strokeEnd: 1)
                canvas.fill(path, transform: t, color: .black, rule: .evenOdd)
            }
        }
        print("fuzz: 100000 inputs in \(clock.now - started), \(parsed) parsed, \(outlines) outlines")
        // The generator must actually exercise the pipeline.
        #expect(parsed > 10_000)
        #expect(outlines > 5_000)
    }
}
