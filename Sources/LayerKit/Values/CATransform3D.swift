// CATransform3D: Core Animation's 4×4 transform in its row-vector convention, with the
// CATransform3D* constructors and operations (concat, invert, perspective via m34).

@_exported import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Core Animation's 4×4 transform, with its row-vector convention: a point is the row
/// [x y z 1] multiplied on the right, so `a.concatenating(b)` (CATransform3DConcat(a, b))
/// applies a first, then b. m34 = −1/d gives perspective as seen from distance d.
public struct CATransform3D: Hashable, Sendable {
    public var m11 = 1.0, m12 = 0.0, m13 = 0.0, m14 = 0.0
    public var m21 = 0.0, m22 = 1.0, m23 = 0.0, m24 = 0.0
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
    public var m41 = 0.0, m42 = 0.0, m43 = 0.0, m44 = 1.0

    public init() {}
    /// From 16 numbers, row-major m11 … m44 (the document format's `matrix`).
    public init?(_ v: [Double]) {
        guard v.count == 16 else { return nil }
        (m11, m12, m13, m14) = (v[0], v[1], v[2], v[3])
        (m21, m22, m23, m24) = (v[4], v[5], v[6], v[7])
        (m31, m32, m33, m34) = (v[8], v[9], v[10], v[11])
        (m41, m42, m43, m44) = (v[12], v[13], v[14], v[15])
    }
    public static let identity = CATransform3D()
    /// Row-major m11 … m44.
    public var values: [Double] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }
    /// `self == .identity`, entry by entry, the diagonal first (most transforms that are not
    /// the identity differ there), without the call and the sixteen comparisons of `==`.
    @inlinable public var isIdentity: Bool {
        m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1 && m41 == 0 && m42 == 0 && m43 == 0
            && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0
    }

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> CATransform3D {
        var t = CATransform3D(); t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
    }
    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> CATransform3D {
        var t = CATransform3D(); t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
    }
    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z); about z a positive
    /// angle turns clockwise on a y-down screen, as on iOS.
    public static func rotation(_ angle: Double, _ x: Double = 0, _ y: Double = 0, _ z: Double = 1) -> CATransform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return .identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), C = 1 - c
        var t = CATransform3D()
        t.m11 = c + ux * ux * C;      t.m12 = ux * uy * C + uz * s; t.m13 = ux * uz * C - uy * s
        t.m21 = uy * ux * C - uz * s; t.m22 = c + uy * uy * C;      t.m23 = uy * uz * C + ux * s
        t.m31 = uz * ux * C + uy * s; t.m32 = uz * uy * C - ux * s; t.m33 = c + uz * uz * C
        return t
    }
    /// A transform with only m34 = −1/d (d > 0).
    public static func perspective(_ d: Double) -> CATransform3D {
        var t = CATransform3D(); if d != 0 { t.m34 = -1 / d }; return t
    }
    /// `self` first, then `b` (CATransform3DConcat(self, b)): the matrix product self · b.
    public func concatenating(_ b: CATransform3D) -> CATransform3D {
        let a = self
        var r = CATransform3D()
        r.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41
        r.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42
        r.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43
        r.m14 = a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44
        r.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41
        r.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42
        r.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43
        r.m24 = a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44
        r.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41
        r.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42
        r.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43
        r.m34 = a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44
        r.m41 = a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41
        r.m42 = a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42
        r.m43 = a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43
        r.m44 = a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
        return r
    }
    /// CATransform3DTranslate(self, …): the translation acts first, then self.
    public func translatedBy(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> CATransform3D {
        CATransform3D.translation(tx, ty, tz).concatenating(self)
    }
    /// CATransform3DScale(self, …).
    public func scaledBy(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> CATransform3D {
        CATransform3D.scale(sx, sy, sz).concatenating(self)
    }
    /// CATransform3DRotate(self, …).
    public func rotatedBy(_ angle: Double, _ x: Double = 0, _ y: Double = 0, _ z: Double = 1) -> CATransform3D {
        CATransform3D.rotation(angle, x, y, z).concatenating(self)
    }
    /// Maps (x, y, z) with the perspective divide; nil when w ≤ 0 (behind the eye).
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double)? {
        let w = x * m14 + y * m24 + z * m34 + m44
        guard w > 1e-12 else { return nil }
        return ((x * m11 + y * m21 + z * m31 + m41) / w, (x * m12 + y * m22 + z * m32 + m42) / w,
                (x * m13 + y * m23 + z * m33 + m43) / w)
    }
    /// Whether the transform is a 2D affine map (no z mixing, no perspective): CATransform3DIsAffine.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }
    /// The 2D affine part (CATransform3DGetAffineTransform).
    public var affine: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }
    /// CATransform3DMakeAffineTransform.
    public init(_ t: AffineTransform) {
        self.init(); m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }
    /// The plane z = 0 mapped to the screen as a 3×3 projective transform (drops z after the map).
    public var projective: ProjectiveTransform {
        ProjectiveTransform(m11, m21, m41, m12, m22, m42, m14, m24, m44)
    }
    /// The inverse, or nil when singular (CATransform3DInvert).
    public var inverted: CATransform3D? {
        // The cofactor expansion on two 16-element buffers on the stack (no array per call:
        // the presentation inverts matrices for every animated transform of every frame).
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { buffer -> CATransform3D? in
            let a = UnsafeMutableBufferPointer(rebasing: buffer[0..<16])
            let inv = UnsafeMutableBufferPointer(rebasing: buffer[16..<32])
            storeValues(into: a)
            inv[0] = a[5]*a[10]*a[15] - a[5]*a[11]*a[14] - a[9]*a[6]*a[15] + a[9]*a[7]*a[14] + a[13]*a[6]*a[11] - a[13]*a[7]*a[10]
            inv[4] = -a[4]*a[10]*a[15] + a[4]*a[11]*a[14] + a[8]*a[6]*a[15] - a[8]*a[7]*a[14] - a[12]*a[6]*a[11] + a[12]*a[7]*a[10]
            inv[8] = a[4]*a[9]*a[15] - a[4]*a[11]*a[13] - a[8]*a[5]*a[15] + a[8]*a[7]*a[13] + a[12]*a[5]*a[11] - a[12]*a[7]*a[9]
            inv[12] = -a[4]*a[9]*a[14] + a[4]*a[10]*a[13] + a[8]*a[5]*a[14] - a[8]*a[6]*a[13] - a[12]*a[5]*a[10] + a[12]*a[6]*a[9]
            inv[1] = -a[1]*a[10]*a[15] + a[1]*a[11]*a[14] + a[9]*a[2]*a[15] - a[9]*a[3]*a[14] - a[13]*a[2]*a[11] + a[13]*a[3]*a[10]
            inv[5] = a[0]*a[10]*a[15] - a[0]*a[11]*a[14] - a[8]*a[2]*a[15] + a[8]*a[3]*a[14] + a[12]*a[2]*a[11] - a[12]*a[3]*a[10]
            inv[9] = -a[0]*a[9]*a[15] + a[0]*a[11]*a[13] + a[8]*a[1]*a[15] - a[8]*a[3]*a[13] - a[12]*a[1]*a[11] + a[12]*a[3]*a[9]
            inv[13] = a[0]*a[9]*a[14] - a[0]*a[10]*a[13] - a[8]*a[1]*a[14] + a[8]*a[2]*a[13] + a[12]*a[1]*a[10] - a[12]*a[2]*a[9]
            inv[2] = a[1]*a[6]*a[15] - a[1]*a[7]*a[14] - a[5]*a[2]*a[15] + a[5]*a[3]*a[14] + a[13]*a[2]*a[7] - a[13]*a[3]*a[6]
            inv[6] = -a[0]*a[6]*a[15] + a[0]*a[7]*a[14] + a[4]*a[2]*a[15] - a[4]*a[3]*a[14] - a[12]*a[2]*a[7] + a[12]*a[3]*a[6]
            inv[10] = a[0]*a[5]*a[15] - a[0]*a[7]*a[13] - a[4]*a[1]*a[15] + a[4]*a[3]*a[13] + a[12]*a[1]*a[7] - a[12]*a[3]*a[5]
            inv[14] = -a[0]*a[5]*a[14] + a[0]*a[6]*a[13] + a[4]*a[1]*a[14] - a[4]*a[2]*a[13] - a[12]*a[1]*a[6] + a[12]*a[2]*a[5]
            inv[3] = -a[1]*a[6]*a[11] + a[1]*a[7]*a[10] + a[5]*a[2]*a[11] - a[5]*a[3]*a[10] - a[9]*a[2]*a[7] + a[9]*a[3]*a[6]
            inv[7] = a[0]*a[6]*a[11] - a[0]*a[7]*a[10] - a[4]*a[2]*a[11] + a[4]*a[3]*a[10] + a[8]*a[2]*a[7] - a[8]*a[3]*a[6]
            inv[11] = -a[0]*a[5]*a[11] + a[0]*a[7]*a[9] + a[4]*a[1]*a[11] - a[4]*a[3]*a[9] - a[8]*a[1]*a[7] + a[8]*a[3]*a[5]
            inv[15] = a[0]*a[5]*a[10] - a[0]*a[6]*a[9] - a[4]*a[1]*a[10] + a[4]*a[2]*a[9] + a[8]*a[1]*a[6] - a[8]*a[2]*a[5]
            let det = a[0] * inv[0] + a[1] * inv[4] + a[2] * inv[8] + a[3] * inv[12]
            guard det != 0, det.isFinite else { return nil }
            for i in 0..<16 { inv[i] = inv[i] / det }
            return CATransform3D(rowMajor: UnsafeBufferPointer(inv))
        }
    }
    /// Writes m11 … m44 row-major into `out` (16 elements): `values` without an array.
    @inline(__always)
    func storeValues(into out: UnsafeMutableBufferPointer<Double>) {
        (out[0], out[1], out[2], out[3]) = (m11, m12, m13, m14)
        (out[4], out[5], out[6], out[7]) = (m21, m22, m23, m24)
        (out[8], out[9], out[10], out[11]) = (m31, m32, m33, m34)
        (out[12], out[13], out[14], out[15]) = (m41, m42, m43, m44)
    }
    /// From 16 numbers row-major (a buffer of at least 16).
    @inline(__always)
    init(rowMajor v: UnsafeBufferPointer<Double>) {
        (m11, m12, m13, m14) = (v[0], v[1], v[2], v[3])
        (m21, m22, m23, m24) = (v[4], v[5], v[6], v[7])
        (m31, m32, m33, m34) = (v[8], v[9], v[10], v[11])
        (m41, m42, m43, m44) = (v[12], v[13], v[14], v[15])
    }
}
