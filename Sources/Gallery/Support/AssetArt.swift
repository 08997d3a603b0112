// The demos' images as vector art drawn with Raster (no other input),
// so `make-assets` regenerates Assets/*.png exactly and a missing file can be redrawn.
import LayerKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws every asset the demos use: the article's background.jpg, petal.png, ball.png,
/// 0…4.jpg (photo0…4), bg.png and fish0…9.png. Deterministic: the same pixels every run.
public enum AssetArt {
    /// Every asset name with its pixel size (points × 2 for the small ones, for hi-DPI).
    public static let catalog: [(name: String, width: Int, height: Int)] =
        [("background", 800, 600), ("petal", 20, 40), ("ball", 80, 80), ("bg", 800, 600)]
        + (0..<5).map { ("photo\($0)", 800, 600) }
        + (0..<10).map { ("fish\($0)", 174, 64) }

    /// Draws the asset `name`; nil for an unknown name.
    public static func draw(_ name: String) -> Bitmap? {
        guard let entry = catalog.first(where: { $0.name == name }) else { return nil }
        let bitmap = Bitmap(width: entry.width, height: entry.height)
        let canvas = Canvas(bitmap)
        canvas.clear(.clear)
        let w = Double(entry.width), h = Double(entry.height)
        switch name {
        case "background": background(canvas, w, h)
        case "petal": petal(canvas, w, h)
        case "ball": ball(canvas, w, h)
        case "bg": sea(canvas, w, h)
        default:
            if name.hasPrefix("photo"), let i = Int(name.dropFirst(5)) { photo(i, canvas, w, h) }
            else if name.hasPrefix("fish"), let i = Int(name.dropFirst(4)) { fish(i, canvas, w, h) }
        }
        return bitmap
    }

    // MARK: Helpers

    /// A vertical gradient made of 1-pixel bands (exact, no dithering).
    static func gradient(_ c: Canvas, _ w: Double, _ h: Double, _ top: Color, _ bottom: Color, from y0: Double = 0, to y1: Double? = nil) {
        let end = y1 ?? h
        var y = y0
        while y < end {
            let t = (y - y0) / max(end - y0, 1)
            c.fill(Path.rect(Rect(0, y, w, min(1, end - y))), color: top.lerp(bottom, t))
            y += 1
        }
    }

    static func circle(_ c: Canvas, _ x: Double, _ y: Double, _ r: Double, _ color: Color) {
        c.fill(Path.ellipse(in: Rect(x - r, y - r, 2 * r, 2 * r)), color: color)
    }

    /// A small deterministic generator (LCG) for scattered details.
    struct LCG {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A hill silhouette along the bottom: a closed curve through `peaks`.
    static func hills(_ c: Canvas, _ w: Double, _ h: Double, base: Double, amplitude: Double, waves: Double, phase: Double, color: Color) {
        var p = Path()
        p.move(to: Point(0, h))
        var x = 0.0
        while x <= w {
            let y = base - amplitude * (0.5 + 0.5 * sin(x / w * waves * 2 * .pi + phase))
            p.addLine(to: Point(x, y))
            x += 8
        }
        p.addLine(to: Point(w, h))
        p.closeSubpath()
        c.fill(p, color: color)
    }

    // MARK: The assets

    /// A spring sky with hills and a blossoming branch in the top left (where petals start).
    static func background(_ c: Canvas, _ w: Double, _ h: Double) {
        gradient(c, w, h, Color(0.55, 0.75, 0.95), Color(0.93, 0.95, 0.98))
        hills(c, w, h, base: h * 0.78, amplitude: 60, waves: 1.5, phase: 0.4, color: Color(0.62, 0.78, 0.62))
        hills(c, w, h, base: h * 0.9, amplitude: 40, waves: 2.3, phase: 2.0, color: Color(0.45, 0.68, 0.45))
        var branch = Path()
        branch.move(to: Point(-10, 90))
        branch.addCurve(to: Point(150, 150), control1: Point(40, 100), control2: Point(100, 160))
        branch.move(to: Point(70, 118))
        branch.addCurve(to: Point(130, 70), control1: Point(90, 100), control2: Point(110, 80))
        c.stroke(branch, style: StrokeStyle(lineWidth: 7, lineCap: .round, lineJoin: .round), color: Color(0.35, 0.22, 0.15))
        let blossoms = [(40.0, 104.0), (95.0, 140.0), (150.0, 150.0), (128.0, 72.0), (70.0, 112.0), (112.0, 92.0)]
        for (x, y) in blossoms {
            for k in 0..<5 {
                let a = Double(k) * 2 * .pi / 5
                circle(c, x + 7 * cos(a), y + 7 * sin(a), 6, Color(1, 0.75, 0.82))
            }
            circle(c, x, y, 3.5, Color(0.95, 0.45, 0.55))
        }
    }

    /// A pink petal (10 × 20 points at 2×): a teardrop with a fold line.
    static func petal(_ c: Canvas, _ w: Double, _ h: Double) {
        var p = Path()
        p.move(to: Point(w / 2, h - 1))
        p.addCurve(to: Point(w / 2, 1), control1: Point(-w * 0.35, h * 0.55), control2: Point(w * 0.1, h * 0.05))
        p.addCurve(to: Point(w / 2, h - 1), control1: Point(w * 0.9, h * 0.05), control2: Point(w * 1.35, h * 0.55))
        p.closeSubpath()
        c.fill(p, color: Color(1, 0.68, 0.78))
        var vein = Path()
        vein.move(to: Point(w / 2, h - 4))
        vein.addQuadCurve(to: Point(w / 2, h * 0.2), control: Point(w * 0.4, h * 0.5))
        c.stroke(vein, style: StrokeStyle(lineWidth: 1.2, lineCap: .round), color: Color(0.9, 0.45, 0.58))
    }

    /// A red ball with a highlight (40 × 40 points at 2×).
    static func ball(_ c: Canvas, _ w: Double, _ h: Double) {
        circle(c, w / 2, h / 2, w / 2 - 1, Color(0.85, 0.15, 0.15))
        circle(c, w / 2 + 3, h / 2 + 3, w / 2 - 8, Color(0.92, 0.25, 0.22))
        circle(c, w * 0.36, h * 0.34, w * 0.12, Color(1, 1, 1, 0.7))
    }

    /// The fish's sea: blue gradient, sand, seaweed and bubbles.
    static func sea(_ c: Canvas, _ w: Double, _ h: Double) {
        gradient(c, w, h, Color(0.2, 0.55, 0.8), Color(0.04, 0.18, 0.38))
        hills(c, w, h, base: h * 0.93, amplitude: 20, waves: 3, phase: 1, color: Color(0.85, 0.76, 0.52))
        var rng = LCG(state: 7)
        for i in 0..<9 {
            let x = 30 + Double(i) * 95 + rng.next() * 30
            let height = 80 + rng.next() * 120
            var weed = Path()
            weed.move(to: Point(x, h))
            weed.addCurve(to: Point(x + 10, h - height), control1: Point(x - 25, h - height * 0.3), control2: Point(x + 30, h - height * 0.6))
            c.stroke(weed, style: StrokeStyle(lineWidth: 6, lineCap: .round), color: Color(0.15, 0.55 + 0.2 * rng.next(), 0.3))
        }
        for _ in 0..<30 {
            let r = 2 + rng.next() * 5
            let x = rng.next() * w, y = rng.next() * h * 0.85
            c.stroke(Path.ellipse(in: Rect(x - r, y - r, 2 * r, 2 * r)), style: StrokeStyle(lineWidth: 1.2), color: Color(1, 1, 1, 0.5))
        }
    }

    /// Five landscapes for the browser, each clearly different.
    static func photo(_ i: Int, _ c: Canvas, _ w: Double, _ h: Double) {
        var rng = LCG(state: UInt64(100 + i))
        switch i {
        case 0: // sunset over the sea
            gradient(c, w, h, Color(0.98, 0.55, 0.25), Color(0.98, 0.85, 0.55), to: h * 0.6)
            circle(c, w * 0.5, h * 0.58, 70, Color(1, 0.9, 0.4))
            gradient(c, w, h, Color(0.15, 0.3, 0.55), Color(0.05, 0.12, 0.3), from: h * 0.6)
            for k in 0..<8 {
                let y = h * 0.64 + Double(k) * 22
                c.fill(Path.rect(Rect(w * 0.5 - 60 + Double(k) * 5, y, 120 - Double(k) * 10, 3)), color: Color(1, 0.85, 0.5, 0.6))
            }
        case 1: // snowy mountains
            gradient(c, w, h, Color(0.35, 0.6, 0.9), Color(0.8, 0.9, 1))
            for (x, peak, col) in [(0.3, 0.25, Color(0.4, 0.45, 0.55)), (0.7, 0.35, Color(0.3, 0.35, 0.45))] {
                var m = Path()
                m.move(to: Point(w * (x - 0.45), h)); m.addLine(to: Point(w * x, h * peak)); m.addLine(to: Point(w * (x + 0.45), h)); m.closeSubpath()
                c.fill(m, color: col)
                var snow = Path()
                snow.move(to: Point(w * x, h * peak)); snow.addLine(to: Point(w * (x - 0.08), h * (peak + 0.12)))
                snow.addLine(to: Point(w * x, h * (peak + 0.09))); snow.addLine(to: Point(w * (x + 0.08), h * (peak + 0.12))); snow.closeSubpath()
                c.fill(snow, color: .white)
            }
            hills(c, w, h, base: h * 0.95, amplitude: 30, waves: 2, phase: 0, color: Color(0.25, 0.5, 0.3))
        case 2: // night with moon and stars
            gradient(c, w, h, Color(0.02, 0.03, 0.12), Color(0.1, 0.12, 0.3))
            for _ in 0..<120 { circle(c, rng.next() * w, rng.next() * h * 0.7, 0.8 + rng.next() * 1.5, Color(1, 1, 0.9, 0.5 + 0.5 * rng.next())) }
            circle(c, w * 0.75, h * 0.22, 50, Color(0.98, 0.96, 0.85))
            circle(c, w * 0.75 + 22, h * 0.22 - 12, 44, Color(0.03, 0.04, 0.14))
            hills(c, w, h, base: h * 0.88, amplitude: 50, waves: 1.2, phase: 3, color: Color(0.02, 0.02, 0.05))
        case 3: // forest
            gradient(c, w, h, Color(0.75, 0.9, 0.8), Color(0.95, 0.97, 0.9))
            hills(c, w, h, base: h * 0.85, amplitude: 30, waves: 1, phase: 1, color: Color(0.35, 0.55, 0.25))
            for k in 0..<14 {
                let x = Double(k) * w / 13 + rng.next() * 20 - 10
                let s = 0.7 + rng.next() * 0.6
                let base = h * 0.88
                c.fill(Path.rect(Rect(x - 5 * s, base - 30 * s, 10 * s, 40 * s)), color: Color(0.4, 0.25, 0.12))
                for layer in 0..<3 {
                    let y = base - 30 * s - Double(layer) * 45 * s
                    var t = Path()
                    t.move(to: Point(x - 45 * s, y)); t.addLine(to: Point(x, y - 90 * s)); t.addLine(to: Point(x + 45 * s, y)); t.closeSubpath()
                    c.fill(t, color: Color(0.1, 0.4 + 0.05 * Double(layer), 0.2))
                }
            }
        default: // desert with a big sun and dunes
            gradient(c, w, h, Color(0.95, 0.85, 0.6), Color(1, 0.95, 0.8))
            circle(c, w * 0.25, h * 0.3, 60, Color(1, 0.6, 0.2))
            hills(c, w, h, base: h * 0.75, amplitude: 70, waves: 1.3, phase: 0.2, color: Color(0.9, 0.7, 0.4))
            hills(c, w, h, base: h * 0.92, amplitude: 50, waves: 2.1, phase: 1.7, color: Color(0.8, 0.55, 0.3))
        }
    }

    /// A fish (87 × 32 points at 2×) in the i-th of ten swimming poses: the tail sweeps and
    /// the body bends a little with sin(2π i / 10).
    static func fish(_ i: Int, _ c: Canvas, _ w: Double, _ h: Double) {
        let phase = sin(Double(i) / 10 * 2 * .pi)
        let cy = h / 2
        // Tail: a triangle hinged at x = 0.72 w, swinging up and down.
        let hinge = Point(w * 0.72, cy)
        let tip = Point(w - 4, cy + phase * h * 0.16)
        var tail = Path()
        tail.move(to: hinge)
        tail.addLine(to: Point(tip.x, tip.y - h * 0.3))
        tail.addQuadCurve(to: Point(tip.x, tip.y + h * 0.3), control: Point(tip.x - 14, tip.y))
        tail.closeSubpath()
        c.fill(tail, color: Color(0.95, 0.5, 0.1))
        // Body: two curves from the nose to the tail root, bending with the phase.
        let bend = phase * 4
        var body = Path()
        body.move(to: Point(4, cy))
        body.addCurve(to: Point(w * 0.76, cy + bend), control1: Point(w * 0.2, cy - h * 0.62), control2: Point(w * 0.6, cy - h * 0.45 + bend))
        body.addCurve(to: Point(4, cy), control1: Point(w * 0.6, cy + h * 0.45 + bend), control2: Point(w * 0.2, cy + h * 0.62))
        body.closeSubpath()
        c.fill(body, color: Color(1, 0.62, 0.15))
        // Fin and stripes.
        var fin = Path()
        fin.move(to: Point(w * 0.35, cy - h * 0.3))
        fin.addQuadCurve(to: Point(w * 0.55, cy - h * 0.28), control: Point(w * 0.45, cy - h * 0.62))
        c.fill(fin, color: Color(0.95, 0.5, 0.1))
        for sx in [0.3, 0.48] {
            var s = Path()
            s.move(to: Point(w * sx, cy - h * 0.3)); s.addQuadCurve(to: Point(w * sx, cy + h * 0.3), control: Point(w * sx + 6, cy))
            c.stroke(s, style: StrokeStyle(lineWidth: 3, lineCap: .round), color: Color(1, 1, 1, 0.8))
        }
        circle(c, w * 0.14, cy - 4, 4.5, .white)
        circle(c, w * 0.13, cy - 4, 2.5, .black)
    }
}
