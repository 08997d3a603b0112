/// A vector path in the style of CGPath / UIBezierPath: subpaths of lines and Bézier curves.
/// Value type; building is cheap appends. Coordinates are points, y down.
public struct Path: Hashable, Sendable {
    /// One drawing command. Curves carry their control points and end point; the start is
    /// the previous element's end point.
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The current point (end of the last element), nil before the first moveTo.
    public private(set) var currentPoint: Point?
    /// Start of the current subpath (where closeSubpath returns to).
    private var subpathStart: Point?

    public init() {}
    public init(elements: [Element]) { for e in elements { append(e) } }

    public var isEmpty: Bool { elements.isEmpty }
    /// Makes room for `n` elements, so that building a path of a known length (a mix of two
    /// paths, a mapped copy) grows its storage once instead of append by append.
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

    /// Appends an element, keeping currentPoint and the subpath start in step.
    public mutating func append(_ e: Element) {
        switch e {
        case .move(let p): subpathStart = p; currentPoint = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p):
            if currentPoint == nil { elements.append(.move(p)); subpathStart = p }
            currentPoint = p
        case .close:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(e)
    }

    public mutating func move(to p: Point) { append(.move(p)) }
    public mutating func addLine(to p: Point) { append(.line(p)) }
    public mutating func addQuadCurve(to p: Point, control c: Point) { append(.quad(c, p)) }
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) { append(.cubic(c1, c2, p)) }
    public mutating func closeSubpath() { append(.close) }

    /// Adds a circular arc with UIKit's meaning (`addArcWithCenter:radius:startAngle:endAngle:clockwise:`):
    /// angles in radians from the +x axis, y down, so `clockwise` increases the angle on screen.
    /// A line joins the current point to the arc's start (a move when there is none).
    /// Arcs are cubic Béziers of at most 90° each (error < 0.03 % of the radius).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite, center.isFinite else { return }
        let twoPi = 2 * Double.pi
        var sweep = endAngle - startAngle
        // UIKit: a clockwise arc sweeps forward (positive) from start to end, wrapping within 2π.
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            if sweep > twoPi { sweep = twoPi }
            if sweep == 0 && endAngle != startAngle { sweep = twoPi }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            if sweep < -twoPi { sweep = -twoPi }
            if sweep == 0 && endAngle != startAngle { sweep = -twoPi }
        }
        let start = Point(center.x + radius * _cos(startAngle), center.y + radius * _sin(startAngle))
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        guard sweep != 0, sweep.isFinite, radius > 0 else { return }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * _tan(step / 4) * radius
        var a0 = startAngle
        for i in 0..<segments {
            let a1 = i == segments - 1 ? startAngle + sweep : a0 + step
            let c0 = _cos(a0), s0 = _sin(a0), c1 = _cos(a1), s1 = _sin(a1)
            let p0 = Point(center.x + radius * c0, center.y + radius * s0)
            let p3 = Point(center.x + radius * c1, center.y + radius * s1)
            addCurve(to: p3, control1: Point(p0.x - k * s0, p0.y + k * c0),
                     control2: Point(p3.x + k * s1, p3.y - k * c1))
            a0 = a1
        }
    }

    /// UIKit's `bezierPathWithArcCenter:radius:startAngle:endAngle:clockwise:`.
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) -> Path {
        var p = Path()
        p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return p
    }

    /// A closed rectangle, clockwise on screen from the top left (as CGPathAddRect).
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY)); addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY)); addLine(to: Point(r.minX, r.maxY)); closeSubpath()
    }
    public static func rect(_ r: Rect) -> Path { var p = Path(); p.addRect(r); return p }

    /// An ellipse inscribed in `r`, starting at the right-middle, clockwise on screen.
    public mutating func addEllipse(in r: Rect) {
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: Point(cx + rx, cy))
        addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        addCurve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        addCurve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        closeSubpath()
    }
    public static func ellipse(in r: Rect) -> Path { var p = Path(); p.addEllipse(in: r); return p }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double) {
        let rad = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        guard rad > 0 else { addRect(r); return }
        let k = 0.5522847498307936 * rad
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        move(to: Point(x0 + rad, y0))
        addLine(to: Point(x1 - rad, y0))
        addCurve(to: Point(x1, y0 + rad), control1: Point(x1 - rad + k, y0), control2: Point(x1, y0 + rad - k))
        addLine(to: Point(x1, y1 - rad))
        addCurve(to: Point(x1 - rad, y1), control1: Point(x1, y1 - rad + k), control2: Point(x1 - rad + k, y1))
        addLine(to: Point(x0 + rad, y1))
        addCurve(to: Point(x0, y1 - rad), control1: Point(x0 + rad - k, y1), control2: Point(x0, y1 - rad + k))
        addLine(to: Point(x0, y0 + rad))
        addCurve(to: Point(x0 + rad, y0), control1: Point(x0, y0 + rad - k), control2: Point(x0 + rad - k, y0))
        closeSubpath()
    }
    public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path {
        var p = Path(); p.addRoundedRect(r, cornerRadius: cornerRadius); return p
    }

    /// Appends all of `other`'s subpaths.
    public mutating func addPath(_ other: Path) { for e in other.elements { append(e) } }

    /// Every point mapped through `t`.
    public func applying(_ t: AffineTransform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.append(.move(t.apply(p)))
            case .line(let p): out.append(.line(t.apply(p)))
            case .quad(let c, let p): out.append(.quad(t.apply(c), t.apply(p)))
            case .cubic(let c1, let c2, let p): out.append(.cubic(t.apply(c1), t.apply(c2), t.apply(p)))
            case .close: out.append(.close)
            }
        }
        return out
    }

    /// The bounding box of all points, control points included (CGPathGetBoundingBox is tighter;
    /// this one is what damage tracking needs: cheap and conservative). `.null` when empty.
    public var controlPointBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return x0 > x1 ? .null : Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// Whether every coordinate is finite (NaN and infinity are refused by the rasterizer).
    public var isFinite: Bool {
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !p.isFinite { return false }
            case .quad(let c, let p): if !c.isFinite || !p.isFinite { return false }
            case .cubic(let c1, let c2, let p): if !c1.isFinite || !c2.isFinite || !p.isFinite { return false }
            case .close: break
            }
        }
        return true
    }
}
