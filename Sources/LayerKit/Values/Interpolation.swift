// The arithmetic of animatable values: mixing, adding, distances and component vectors, per
// kind of value; values that cannot mix switch at the midpoint.

/// The arithmetic animations need on `AnimatableValue`: mixing, adding (additive, byValue,
/// cumulative), distances (paced keyframes) and the flat component vectors that splines use.
/// Numbers, points, sizes, rects and colours are vectors of their components; whole
/// transforms mix by decomposition and add by concatenation; paths with the same element
/// structure mix point by point; everything else (bool, image, mismatched kinds) switches
/// discretely at the midpoint.
public enum Interpolation {
    /// The components of a value, nil for values that only switch.
    public static func vector(_ v: AnimatableValue) -> [Double]? {
        switch v {
        case .number(let x): return [x]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): let c = c ?? .clear; return [c.r, c.g, c.b, c.a]
        case .transform(let t): return t.values
        case .numbers(let xs): return xs
        case .path(let p):
            guard let p else { return nil }
            var out: [Double] = []
            for e in p.elements {
                switch e {
                case .move(let a), .line(let a): out += [a.x, a.y]
                case .quad(let a, let b): out += [a.x, a.y, b.x, b.y]
                case .cubic(let a, let b, let c): out += [a.x, a.y, b.x, b.y, c.x, c.y]
                case .close: break
                }
            }
            return out
        case .bool, .image, .filters: return nil
        case .list(let xs):
            var out: [Double] = []
            for x in xs {
                guard let v = vector(x) else { return nil }
                out += v
            }
            return out
        }
    }

    /// A value of the same kind (and, for paths, structure) as `template` from components.
    public static func value(_ v: [Double], like template: AnimatableValue) -> AnimatableValue {
        switch template {
        case .number: return .number(v[0])
        case .point: return .point(Point(v[0], v[1]))
        case .size: return .size(Size(v[0], v[1]))
        case .rect: return .rect(Rect(v[0], v[1], v[2], v[3]))
        case .color: return .color(Color(v[0], v[1], v[2], v[3]))
        case .transform: return .transform(CATransform3D(v)!)
        case .numbers: return .numbers(v)
        case .path(let p):
            guard let p else { return template }
            var out = Path()
            var i = 0
            func pt() -> Point { defer { i += 2 }; return Point(v[i], v[i + 1]) }
            for e in p.elements {
                switch e {
                case .move: out.move(to: pt())
                case .line: out.addLine(to: pt())
                case .quad: let c = pt(); out.addQuadCurve(to: pt(), control: c)
                case .cubic: let c1 = pt(); let c2 = pt(); out.addCurve(to: pt(), control1: c1, control2: c2)
                case .close: out.closeSubpath()
                }
            }
            return .path(out)
        case .bool, .image, .filters: return template
        case .list(let xs):
            var out: [AnimatableValue] = []
            var i = 0
            for x in xs {
                let n = vector(x)?.count ?? 0
                out.append(value(Array(v[i..<i + n]), like: x))
                i += n
            }
            return .list(out)
        }
    }

    /// Whether `a` and `b` can be mixed component-wise (same kind, same path structure).
    static func compatible(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform):
            return true
        case (.numbers(let x), .numbers(let y)): return x.count == y.count
        case (.path(let p), .path(let q)):
            guard let p, let q, p.elements.count == q.elements.count else { return false }
            for (x, y) in zip(p.elements, q.elements) {
                switch (x, y) {
                case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
                default: return false
                }
            }
            return true
        case (.list(let p), .list(let q)):
            return p.count == q.count && zip(p, q).allSatisfy { compatible($0, $1) }
        default: return false
        }
    }

    /// `a` mixed with `b` at `t` (t may leave 0…1, e.g. for springs' overshoot).
    public static func lerp(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        if case .transform(let x) = a, case .transform(let y) = b {
            return .transform(CATransform3D.interpolate(x, y, t))
        }
        if let mixed = directLerp(a, b, t) { return mixed }
        if case .filters(let x) = a, case .filters(let y) = b, let mixed = CIFilter.mix(x, y, t) { return .filters(mixed) }
        guard compatible(a, b), let va = vector(a), let vb = vector(b) else { return t < 0.5 ? a : b }
        var r = va
        for i in r.indices { r[i] = va[i] + (vb[i] - va[i]) * t }
        return value(r, like: a)
    }

    /// `lerp` for the kinds keyframes carry most (numbers, points, sizes, rects, colours,
    /// paths of one shape, number lists, lists of those kinds such as a gradient's colours),
    /// mixed in place: the same `x + (y − x)·t` per component as the vector form, without
    /// building vectors. nil for the other kinds.
    @inline(__always)
    static func directLerp(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue? {
        @inline(__always) func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        @inline(__always) func mix(_ p: Point, _ q: Point) -> Point { Point(mix(p.x, q.x), mix(p.y, q.y)) }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(mix(x, y))
        case (.point(let p), .point(let q)): return .point(mix(p, q))
        case (.size(let p), .size(let q)): return .size(Size(mix(p.width, q.width), mix(p.height, q.height)))
        case (.rect(let p), .rect(let q)):
            return .rect(Rect(mix(p.origin.x, q.origin.x), mix(p.origin.y, q.origin.y),
                              mix(p.size.width, q.size.width), mix(p.size.height, q.size.height)))
        case (.color(let p), .color(let q)):
            let c = p ?? .clear, d = q ?? .clear
            return .color(Color(mix(c.r, d.r), mix(c.g, d.g), mix(c.b, d.b), mix(c.a, d.a)))
        case (.path(let p?), .path(let q?)):
            guard p.elements.count == q.elements.count else { return nil }
            var out = Path()
            out.reserveCapacity(p.elements.count)
            for (x, y) in zip(p.elements, q.elements) {
                switch (x, y) {
                case (.move(let u), .move(let v)): out.move(to: mix(u, v))
                case (.line(let u), .line(let v)): out.addLine(to: mix(u, v))
                case (.quad(let c, let u), .quad(let d, let v)): out.addQuadCurve(to: mix(u, v), control: mix(c, d))
                case (.cubic(let c1, let c2, let u), .cubic(let d1, let d2, let v)):
                    out.addCurve(to: mix(u, v), control1: mix(c1, d1), control2: mix(c2, d2))
                case (.close, .close): out.closeSubpath()
                default: return nil  // shapes differ: the vector form's rule (switch halfway)
                }
            }
            return .path(out)
        case (.numbers(let x), .numbers(let y)):
            guard x.count == y.count else { return nil }
            return .numbers(zip(x, y).map { mix($0, $1) })
        case (.list(let x), .list(let y)):
            return mixedList(x, y, t)
        default: return nil
        }
    }

    /// Two lists mixed element by element (a gradient's colours or locations), each pair by
    /// `directLerp`, as the vector form mixes each element's components; nil (the whole list
    /// left to the vector form) when the counts differ or a pair is of another kind: a
    /// transform (whose vector form mixes its matrix entries), a nested list, a value that
    /// only switches, paths of two shapes.
    @inline(never)
    static func mixedList(_ x: [AnimatableValue], _ y: [AnimatableValue], _ t: Double) -> AnimatableValue? {
        guard x.count == y.count else { return nil }
        var out: [AnimatableValue] = []
        out.reserveCapacity(x.count)
        for i in x.indices {
            if case .list = x[i] { return nil }
            guard let m = directLerp(x[i], y[i], t) else { return nil }
            out.append(m)
        }
        return .list(out)
    }

    /// `a + b` (for transforms: `b` applied first, then `a`, CATransform3DConcat(b, a)).
    public static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        if case .transform(let x) = a, case .transform(let y) = b { return .transform(y.concatenating(x)) }
        guard compatible(a, b), let va = vector(a), let vb = vector(b) else { return b }
        return value(zip(va, vb).map { $0 + $1 }, like: a)
    }
    /// `a − b` (for transforms: a · b⁻¹, so that add(subtract(a, b), b) = a).
    public static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        if case .transform(let x) = a, case .transform(let y) = b {
            return .transform(y.inverted.map { x.concatenating($0) } ?? x)
        }
        guard compatible(a, b), let va = vector(a), let vb = vector(b) else { return a }
        return value(zip(va, vb).map { $0 - $1 }, like: a)
    }
    /// `a` times `s` (for transforms: `a` concatenated |s| times, inverted for negative s).
    public static func scale(_ a: AnimatableValue, _ s: Int) -> AnimatableValue {
        if case .transform(let x) = a {
            // m^|s| by repeated squaring: at most 2 × 64 products whatever the iteration count
            // (a cumulative animation's iteration can be any Int, up to Int.max).
            var r = CATransform3D.identity
            var m = s >= 0 ? x : (x.inverted ?? .identity)
            var n = s.magnitude
            while n > 0 {
                if n & 1 == 1 { r = r.concatenating(m) }
                n >>= 1
                if n > 0 { m = m.concatenating(m) }
            }
            return .transform(r)
        }
        guard let v = vector(a) else { return a }
        return value(v.map { $0 * Double(s) }, like: a)
    }
    /// Whether `a` adds component by component (numbers, points, sizes, rects, colours, number
    /// lists): for those an additive animation from (old − new) to zero draws exactly
    /// old → new. Transforms (which add by concatenation) and values that only switch do not.
    public static func addsAsVector(_ a: AnimatableValue) -> Bool {
        switch a {
        case .number, .point, .size, .rect, .color, .numbers: return true
        case .transform, .path, .bool, .image, .list, .filters: return false
        }
    }
    /// The zero of `a`'s kind (identity for transforms).
    public static func zero(like a: AnimatableValue) -> AnimatableValue {
        if case .transform = a { return .transform(.identity) }
        guard let v = vector(a) else { return a }
        return value(v.map { _ in 0 }, like: a)
    }
    /// Euclidean distance of the components (0 for values that only switch).
    public static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        guard compatible(a, b), let va = vector(a), let vb = vector(b) else { return 0 }
        var s = 0.0
        for i in va.indices { s += (va[i] - vb[i]) * (va[i] - vb[i]) }
        return s.squareRoot()
    }
}
