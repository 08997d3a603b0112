/// A 2D affine transform with Core Graphics' layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `angle` radians; positive turns clockwise on a y-down screen (as CGAffineTransform).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let c = _cos(angle), s = _sin(angle)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    @inlinable public var isIdentity: Bool { self == .identity }
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Maps a vector (no translation).
    @inlinable public func applyVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }
    /// `self` then `t`: the result maps p to t(self(p)) (CGAffineTransformConcat(self, t)).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    @inlinable public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when singular.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
    /// The largest factor by which the transform stretches a length (for flattening tolerances).
    public var maxScale: Double {
        let s1 = a * a + b * b, s2 = c * c + d * d
        let tr = s1 + s2, det = determinant
        let disc = max(0, tr * tr / 4 - det * det)
        return (tr / 2 + disc.squareRoot()).squareRoot()
    }
}

/// A 3×3 projective transform of the plane (homogeneous): [x', y', w'] = M · [x, y, 1], row-major.
/// Used for perspective drawing of images (3D layer transforms and transitions).
public struct ProjectiveTransform: Hashable, Sendable {
    // Row-major entries; the bottom row (m31, m32, m33) carries the perspective divide.
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double
    public init(_ m11: Double, _ m12: Double, _ m13: Double,
                _ m21: Double, _ m22: Double, _ m23: Double,
                _ m31: Double, _ m32: Double, _ m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }
    public static let identity = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)
    public init(_ t: AffineTransform) {
        self.init(t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1)
    }
    /// Maps a point; `nil` when it lands at or behind the eye (w ≤ 0).
    @inlinable public func apply(_ p: Point) -> Point? {
        let w = m31 * p.x + m32 * p.y + m33
        guard w > 1e-12 else { return nil }
        return Point((m11 * p.x + m12 * p.y + m13) / w, (m21 * p.x + m22 * p.y + m23) / w)
    }
    /// `self` then `t` (t · self as matrices).
    public func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        let a = t, b = self
        return ProjectiveTransform(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32, a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32, a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32, a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }
    /// The inverse (adjugate / determinant), or nil when singular.
    public var inverted: ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        return ProjectiveTransform(c11 * i, c12 * i, c13 * i, c21 * i, c22 * i, c23 * i, c31 * i, c32 * i, c33 * i)
    }
    /// True when the bottom row is (0, 0, 1).
    public var isAffine: Bool { m31 == 0 && m32 == 0 && m33 == 1 }
}

// Foundation-free trigonometry so Raster depends on nothing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@usableFromInline func _cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _tan(_ x: Double) -> Double { tan(x) }
