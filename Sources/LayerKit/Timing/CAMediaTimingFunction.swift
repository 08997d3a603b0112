// CAMediaTimingFunction: a cubic Bézier easing curve from (0,0) to (1,1), solved for x,
// with Core Animation's named functions and their control points.

/// The names of Core Animation's predefined timing functions (CAMediaTimingFunctionName).
public enum CAMediaTimingFunctionName: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInEaseOut
    /// kCAMediaTimingFunctionDefault: (0.25, 0.1), (0.25, 1), used by implicit animations.
    case `default`
}

/// A cubic Bézier from (0,0) to (1,1) with two control points that maps an animation's
/// linear progress to its eased progress (CAMediaTimingFunction). Solved for x to 1e-6.
public final class CAMediaTimingFunction: Hashable, @unchecked Sendable {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        // x control points outside 0…1 would make the curve non-monotonic in x; CA clamps them.
        self.c1x = min(max(c1x, 0), 1); self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1); self.c2y = c2y
    }
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }
    public static let linear = CAMediaTimingFunction(name: .linear)
    public static let easeIn = CAMediaTimingFunction(name: .easeIn)
    public static let easeOut = CAMediaTimingFunction(name: .easeOut)
    public static let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)
    public static let `default` = CAMediaTimingFunction(name: .default)

    /// getControlPointAtIndex: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1).
    public func controlPoint(at index: Int) -> Point {
        switch index {
        case 1: return Point(c1x, c1y)
        case 2: return Point(c2x, c2y)
        case 3: return Point(1, 1)
        default: return Point(0, 0)
        }
    }
    /// Core Animation's `getControlPoint(at:values:)`: "Returns the control point for the
    /// specified index." — writes x and y into `ptr[0]` and `ptr[1]`. "The value of `index`
    /// must be between 0 and 3." Another index writes nothing.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard (0...3).contains(idx) else { return }
        let p = controlPoint(at: idx)
        ptr[0] = Float(p.x); ptr[1] = Float(p.y)
    }

    @inline(__always) private func bx(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1x + 3 * u * s * s * c2x + s * s * s
    }
    @inline(__always) private func by(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1y + 3 * u * s * s * c2y + s * s * s
    }
    @inline(__always) private func dbx(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1x + 6 * u * s * (c2x - c1x) + 3 * s * s * (1 - c2x)
    }

    /// The Bézier parameter s with x(s) = x, to 1e-6 in x: Newton from s = x, falling back to
    /// bisection when the slope is flat or Newton leaves [0, 1].
    public func solveParameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let e = bx(s) - x
            if abs(e) < 1e-7 { return s }
            let d = dbx(s)
            if abs(d) < 1e-6 { break }
            let n = s - e / d
            if n < 0 || n > 1 { break }
            s = n
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = bx(s)
            if abs(v - x) < 1e-7 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
    /// The eased progress for linear progress `x` (outside 0…1 the curve is extended by its
    /// end values, as CA clamps).
    public func evaluate(_ x: Double) -> Double {
        if c1x == c1y && c2x == c2y { return x }      // linear (any diagonal control points)
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return by(solveParameter(forX: x))
    }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool {
        a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }
    public func hash(into h: inout Hasher) { h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y) }
}
