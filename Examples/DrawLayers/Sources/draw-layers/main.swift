// Draws a small animated layer tree headlessly with LayerKit and checks the frame.
//
//   draw-layers [--time T] [--out frame.ppm]
//
// A white 160×100 root holds a blue rounded card and a red dot; a CABasicAnimation moves the
// dot's `position.x` from 30 to 130 over 2 s (linear). The program samples the presentation
// tree at document time T (default 1), renders it with LayerRenderer into a Raster bitmap,
// optionally writes a binary PPM, and checks the render against the model: the dot's
// coverage-weighted centroid must lie within 0.1 px of the animated position, its covered
// area must be the circle's (less what flattening into chords cuts off), and the card must
// fill its inside. It prints the measured figures and exits non-zero when a check fails.
import Foundation
import LayerKit
import Raster

/// The command line: `--time T` and `--out PATH`.
struct Options {
    var time = 1.0
    var out: String?

    init(_ args: [String]) throws {
        var i = 1
        while i < args.count {
            guard i + 1 < args.count else { throw UsageError("\(args[i]) needs a value") }
            switch args[i] {
            case "--time":
                guard let t = Double(args[i + 1]), t.isFinite, t >= 0 else { throw UsageError("--time \(args[i + 1]): expected seconds ≥ 0") }
                time = t
            case "--out": out = args[i + 1]
            default: throw UsageError("unknown option \(args[i])")
            }
            i += 2
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// The example's layer tree, with model values at document time 0.
struct Scene {
    static let size = Size(160, 100)
    static let dotRadius = 12.0
    static let dotStartX = 30.0, dotEndX = 130.0, dotY = 50.0, moveDuration = 2.0
    static let cardFrame = Rect(10, 6, 60, 24)   // above the dot's path, so they never overlap

    let root = CALayer()
    let card = CALayer()
    let dot = CAShapeLayer()

    init() {
        root.bounds = Rect(0, 0, Self.size.width, Self.size.height)
        root.position = Point(Self.size.width / 2, Self.size.height / 2)

        card.bounds = Rect(0, 0, Self.cardFrame.size.width, Self.cardFrame.size.height)
        card.position = Point(Self.cardFrame.origin.x + Self.cardFrame.size.width / 2,
                              Self.cardFrame.origin.y + Self.cardFrame.size.height / 2)
        card.backgroundColor = Color(0.2, 0.4, 0.9)
        card.cornerRadius = 6
        root.addSublayer(card)

        let r = Self.dotRadius
        dot.bounds = Rect(0, 0, 2 * r, 2 * r)
        dot.position = Point(Self.dotEndX, Self.dotY)   // the model value: where the dot ends
        dot.path = Path.ellipse(in: Rect(0, 0, 2 * r, 2 * r))
        dot.fillColor = Color(0.9, 0.1, 0.1)
        root.addSublayer(dot)
    }

    /// Adds the move at document time 0; the engine's first tick commits it, which fixes the
    /// animation's beginTime to that instant, as Core Animation does when a transaction commits.
    func addAnimation() {
        // The commit reads the context's clock as "now": stop it at document time 0.
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = .number(Self.dotStartX)
        move.toValue = .number(Self.dotEndX)
        move.duration = Self.moveDuration
        dot.add(move, forKey: "move")
        context.engine.tick(at: 0)
    }

    /// Where the dot's centre is at document time `t` (the animation is linear, and after it
    /// ends the model value shows).
    static func expectedDotX(at t: Double) -> Double {
        t >= moveDuration ? dotEndX : dotStartX + (dotEndX - dotStartX) * t / moveDuration
    }

    /// The frame at document time `t`: presentation tree, then the renderer, into a bitmap.
    func render(at t: Double) -> Bitmap {
        let frame = root.presentation(at: t)
        let bitmap = Bitmap(width: Int(Self.size.width), height: Int(Self.size.height))
        LayerRenderer(scale: 1, background: .white).draw(frame, into: Canvas(bitmap))
        return bitmap
    }
}

/// How much of an opaque pixel the dot covers, from its green channel: 0 for the white
/// background, 1 for the dot's fill.
func dotCoverage(_ p: UInt32) -> Double {
    let g = Double((p >> 8) & 0xff)
    return max(0, min(1, (255 - g) / (255 - 26)))  // the dot's green is 0.1 × 255 ≈ 26
}

/// Writes an opaque bitmap as a binary PPM (P6).
func writePPM(_ b: Bitmap, to path: String) throws {
    var data = Data("P6\n\(b.width) \(b.height)\n255\n".utf8)
    data.reserveCapacity(data.count + b.pixelCount * 3)
    for i in 0..<b.pixelCount {
        let p = b.pixels[i]
        data.append(contentsOf: [UInt8((p >> 16) & 0xff), UInt8((p >> 8) & 0xff), UInt8(p & 0xff)])
    }
    try data.write(to: URL(fileURLWithPath: path))
}

do {
    let options = try Options(CommandLine.arguments)
    let scene = Scene()
    scene.addAnimation()
    let bitmap = scene.render(at: options.time)
    if let out = options.out { try writePPM(bitmap, to: out) }

    // The dot: its coverage summed and its centroid. Red over white keeps green and blue
    // equal; the card's blue (and its anti-aliased rim) does not, so it is left out.
    var weight = 0.0, sumX = 0.0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where (bitmap[x, y] >> 8) & 0xff == bitmap[x, y] & 0xff {
            let w = dotCoverage(bitmap[x, y])
            weight += w; sumX += w * (Double(x) + 0.5)
        }
    }
    let expectedX = Scene.expectedDotX(at: options.time)
    let measuredX = weight > 0 ? sumX / weight : .nan
    let expectedArea = Double.pi * Scene.dotRadius * Scene.dotRadius

    // The card: every pixel well inside it is the card's colour.
    let c = Scene.cardFrame, inner = Color(0.2, 0.4, 0.9).premultipliedARGB
    var cardMisses = 0
    for y in Int(c.origin.y) + 8..<Int(c.origin.y + c.size.height) - 8 {
        for x in Int(c.origin.x) + 8..<Int(c.origin.x + c.size.width) - 8 where bitmap[x, y] != inner { cardMisses += 1 }
    }

    print(String(format: "time %.3f s: dot centre x %.2f (expected %.2f), dot area %.1f px² (circle %.1f), card misses %d",
                 options.time, measuredX, expectedX, weight, expectedArea, cardMisses))
    var failures: [String] = []
    if !(abs(measuredX - expectedX) <= 0.1) { failures.append("the dot is not where the animation puts it") }
    // The circle is filled as a polygon of chords at most 0.1 px inside it (the canvas's
    // flattening tolerance), which loses at most perimeter × 0.1 of its area.
    let chordLoss = 2 * Double.pi * Scene.dotRadius * 0.1
    if !(weight <= expectedArea + 0.5 && weight >= expectedArea - chordLoss - 0.5) {
        failures.append("the dot's area is not a circle's")
    }
    if cardMisses != 0 { failures.append("the card is not filled") }
    for f in failures { FileHandle.standardError.write(Data("draw-layers: \(f)\n".utf8)) }
    exit(failures.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("draw-layers: \(error)\n".utf8))
    exit(2)
}
