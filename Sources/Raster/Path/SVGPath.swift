// SVG path data (SVG 1.1 §8.3 grammar, SVG 2 arc rules of appendix F.6): parsing into a
// `Path` and serializing back. The parser works on UTF-8 bytes with one byte of lookahead.

/// A malformed SVG path string: `offset` is the character index where parsing failed.
public struct SVGPathError: Error, CustomStringConvertible, Sendable {
    public var offset: Int
    public var message: String
    public init(offset: Int, message: String) { self.offset = offset; self.message = message }
    public var description: String { "at offset \(offset): \(message)" }
}

extension Path {
    /// Parses SVG path data (the whole grammar of SVG 1.1 §8.3): M m L l H h V v C c S s
    /// Q q T t A a Z z, implicit repeated commands (a moveto's extra pairs are linetos),
    /// exponents, compact numbers (`M10-5.5.5`), arc flags without separators. Elliptical
    /// arcs become cubics per appendix F.6 (radii scaled up when too small, zero radius →
    /// line). An empty string is an empty path; anything malformed throws `SVGPathError`.
    public init(svg: String) throws {
        var parser = SVGParser(Array(svg.utf8))
        do {
            self = try parser.parse()
        } catch let e as SVGPathError {
            // Report a character index, not a byte index (they differ only past non-ASCII text).
            let bytes = Array(svg.utf8)
            let prefix = bytes[0..<min(e.offset, bytes.count)]
            throw SVGPathError(offset: String(decoding: prefix, as: UTF8.self).count, message: e.message)
        }
    }

    /// The path as SVG path data (absolute commands: M L Q C Z), shortest round-tripping numbers.
    public var svgString: String {
        var s = ""
        func num(_ v: Double) -> String {
            if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
            return "\(v)"
        }
        func pt(_ p: Point) -> String { num(p.x) + " " + num(p.y) }
        for e in elements {
            if !s.isEmpty { s += " " }
            switch e {
            case .move(let p): s += "M" + pt(p)
            case .line(let p): s += "L" + pt(p)
            case .quad(let c, let p): s += "Q" + pt(c) + " " + pt(p)
            case .cubic(let a, let b, let p): s += "C" + pt(a) + " " + pt(b) + " " + pt(p)
            case .close: s += "Z"
            }
        }
        return s
    }
}

/// Recursive-descent-free SVG path data reader (the grammar is flat: command, arguments, repeat).
struct SVGParser {
    let s: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { s = bytes }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    mutating func skipSpace() { while i < s.count && SVGParser.isSpace(s[i]) { i += 1 } }
    /// comma-wsp: whitespace, at most one comma, whitespace.
    mutating func skipCommaSpace() {
        skipSpace()
        if i < s.count && s[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
    }
    func error(_ msg: String, at o: Int? = nil) -> SVGPathError { SVGPathError(offset: o ?? i, message: msg) }

    /// Whether a number can start here (so an implicit repeat of the command follows).
    func numberStarts() -> Bool {
        guard i < s.count else { return false }
        let c = s[i]
        return SVGParser.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
    }

    /// One number (sign, digits, fraction, exponent), followed by an optional comma-wsp.
    mutating func number(_ what: String) throws -> Double {
        let start = i
        if i >= s.count { throw error("expected \(what), found end of data") }
        if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < s.count && SVGParser.isDigit(s[i]) { i += 1; digits += 1 }
        if i < s.count && s[i] == UInt8(ascii: ".") {
            i += 1
            while i < s.count && SVGParser.isDigit(s[i]) { i += 1; digits += 1 }
        }
        if digits == 0 {
            if i < s.count && start == i { throw error("expected \(what), found \(Self.shown(s[i]))", at: start) }
            throw error("expected \(what): no digits", at: start)
        }
        // Exponent only when 'e' is followed by digits (so "2e" is an error, not silently 2).
        if i < s.count && (s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E")) {
            var j = i + 1
            if j < s.count && (s[j] == UInt8(ascii: "+") || s[j] == UInt8(ascii: "-")) { j += 1 }
            guard j < s.count && SVGParser.isDigit(s[j]) else { throw error("malformed exponent in \(what)", at: i) }
            while j < s.count && SVGParser.isDigit(s[j]) { j += 1 }
            i = j
        }
        guard let v = Double(String(decoding: s[start..<i], as: UTF8.self)) else {
            throw error("malformed \(what)", at: start)
        }
        skipCommaSpace()
        return v
    }

    /// An arc flag: exactly '0' or '1', separators optional.
    mutating func flag(_ what: String) throws -> Bool {
        guard i < s.count else { throw error("expected \(what) (0 or 1), found end of data") }
        let c = s[i]
        guard c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
            throw error("expected \(what) (0 or 1), found \(Self.shown(c))")
        }
        i += 1
        skipCommaSpace()
        return c == UInt8(ascii: "1")
    }

    mutating func pair(_ what: String) throws -> Point {
        let x = try number("\(what) x"), y = try number("\(what) y")
        return Point(x, y)
    }

    /// A byte as an error message shows it: a printable ASCII character quoted, any other byte
    /// (a control character, a piece of UTF-8) as its value, so that the message stays one
    /// clean line.
    static func shown(_ b: UInt8) -> String {
        (0x20..<0x7f).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    mutating func parse() throws -> Path {
        var path = Path()
        var cur = Point.zero, start = Point.zero
        // Reflection points for S/s and T/t (nil when the previous command was of another kind).
        var lastCubicC2: Point? = nil, lastQuadC: Point? = nil
        var cmd: UInt8 = 0
        skipSpace()
        if i >= s.count { return path }
        var first = true
        while true {
            skipSpace()
            if i >= s.count { break }
            let c = s[i]
            let cmdStart = i
            if (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) {
                guard "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c) else {
                    throw error("unknown command '\(Character(Unicode.Scalar(c)))'")
                }
                cmd = c; i += 1; skipSpace()
                if first && cmd != UInt8(ascii: "M") && cmd != UInt8(ascii: "m") {
                    throw error("path data must start with a moveto (M or m)", at: cmdStart)
                }
            } else if numberStarts() {
                if cmd == 0 { throw error("path data must start with a moveto (M or m)") }
                if cmd == UInt8(ascii: "Z") || cmd == UInt8(ascii: "z") {
                    throw error("number after closepath without a command")
                }
                // Implicit repetition; extra moveto pairs are linetos.
                if cmd == UInt8(ascii: "M") { cmd = UInt8(ascii: "L") }
                if cmd == UInt8(ascii: "m") { cmd = UInt8(ascii: "l") }
            } else {
                throw error("unexpected character \(Self.shown(c))")
            }
            first = false
            let rel = cmd >= UInt8(ascii: "a")
            let base = rel ? cur : Point.zero
            var nextCubic: Point? = nil, nextQuad: Point? = nil
            switch cmd | 0x20 {   // lowercase
            case UInt8(ascii: "m"):
                let p = try pair("moveto") + base
                path.move(to: p); cur = p; start = p
            case UInt8(ascii: "l"):
                let p = try pair("lineto") + base
                path.addLine(to: p); cur = p
            case UInt8(ascii: "h"):
                let x = try number("horizontal lineto x") + (rel ? cur.x : 0)
                let p = Point(x, cur.y); path.addLine(to: p); cur = p
            case UInt8(ascii: "v"):
                let y = try number("vertical lineto y") + (rel ? cur.y : 0)
                let p = Point(cur.x, y); path.addLine(to: p); cur = p
            case UInt8(ascii: "c"):
                let c1 = try pair("curveto control 1") + base
                let c2 = try pair("curveto control 2") + base
                let p = try pair("curveto end") + base
                path.addCurve(to: p, control1: c1, control2: c2); cur = p; nextCubic = c2
            case UInt8(ascii: "s"):
                let c1 = lastCubicC2.map { cur * 2 - $0 } ?? cur
                let c2 = try pair("smooth curveto control 2") + base
                let p = try pair("smooth curveto end") + base
                path.addCurve(to: p, control1: c1, control2: c2); cur = p; nextCubic = c2
            case UInt8(ascii: "q"):
                let q = try pair("quadratic control") + base
                let p = try pair("quadratic end") + base
                path.addQuadCurve(to: p, control: q); cur = p; nextQuad = q
            case UInt8(ascii: "t"):
                let q = lastQuadC.map { cur * 2 - $0 } ?? cur
                let p = try pair("smooth quadratic end") + base
                path.addQuadCurve(to: p, control: q); cur = p; nextQuad = q
            case UInt8(ascii: "a"):
                let rx = try number("arc rx"), ry = try number("arc ry")
                let rot = try number("arc x-axis-rotation")
                let large = try flag("arc large-arc-flag"), sweep = try flag("arc sweep-flag")
                let p = try pair("arc end") + base
                path.addSVGArc(from: cur, to: p, rx: rx, ry: ry, rotationDegrees: rot, largeArc: large, sweep: sweep)
                cur = p
            case UInt8(ascii: "z"):
                path.closeSubpath(); cur = start
            default:
                throw error("unknown command", at: cmdStart)
            }
            lastCubicC2 = nextCubic; lastQuadC = nextQuad
        }
        return path
    }
}

extension Path {
    /// Appends an SVG elliptical arc from `p1` (the current point) to `p2` as cubics (SVG F.6.5
    /// endpoint → centre conversion, F.6.6 out-of-range radii). Equal endpoints add nothing;
    /// a zero radius adds a line.
    mutating func addSVGArc(from p1: Point, to p2: Point, rx rx0: Double, ry ry0: Double,
                            rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        if p1 == p2 { return }
        var rx = abs(rx0), ry = abs(ry0)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, rotationDegrees.isFinite else { addLine(to: p2); return }
        let phi = (rotationDegrees.truncatingRemainder(dividingBy: 360)) * Double.pi / 180
        let cphi = _cos(phi), sphi = _sin(phi)
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1p = cphi * dx + sphi * dy, y1p = -sphi * dx + cphi * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let k = lambda.squareRoot(); rx *= k; ry *= k }
        let rx2 = rx * rx, ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let den = rx2 * y1p * y1p + ry2 * x1p * x1p
        guard den > 0, den.isFinite else { addLine(to: p2); return }
        var coef = (max(0, num) / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry, cyp = -coef * ry * x1p / rx
        let cx = cphi * cxp - sphi * cyp + (p1.x + p2.x) / 2
        let cy = sphi * cxp + cphi * cyp + (p1.y + p2.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            _atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = angle(1, 0, ux, uy)
        var dtheta = angle(ux, uy, vx, vy)
        if !sweep && dtheta > 0 { dtheta -= 2 * Double.pi }
        if sweep && dtheta < 0 { dtheta += 2 * Double.pi }
        guard dtheta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite else { addLine(to: p2); return }
        // Cubic pieces of at most 90° on the unit circle, mapped by the ellipse's frame.
        let n = max(1, Int((abs(dtheta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = dtheta / Double(n)
        let k = 4.0 / 3.0 * _tan(step / 4)
        func pointAt(_ c: Double, _ s: Double) -> Point {
            Point(cx + cphi * rx * c - sphi * ry * s, cy + sphi * rx * c + cphi * ry * s)
        }
        func tangentAt(_ c: Double, _ s: Double) -> Point {
            // d/dθ of pointAt: (-sinθ, cosθ) through the frame.
            Point(-cphi * rx * s - sphi * ry * c, -sphi * rx * s + cphi * ry * c)
        }
        var a0 = theta1
        var from = p1
        for j in 0..<n {
            let a1 = j == n - 1 ? theta1 + dtheta : a0 + step
            let c0 = _cos(a0), s0 = _sin(a0), c1 = _cos(a1), s1 = _sin(a1)
            let to = j == n - 1 ? p2 : pointAt(c1, s1)
            let ctrl1 = from + tangentAt(c0, s0) * k
            let ctrl2 = to - tangentAt(c1, s1) * k
            addCurve(to: to, control1: ctrl1, control2: ctrl2)
            from = to; a0 = a1
        }
    }
}
