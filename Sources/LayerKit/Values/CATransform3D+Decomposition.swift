// A CATransform3D taken apart into the components the `transform.*` key paths name (the W3C
// CSS "unmatrix" decomposition, in CATransform3D's row-vector layout) and put back together.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CATransform3D taken apart into the components Core Animation's `transform.*` key paths
/// name (W3C CSS "unmatrix" decomposition, in CATransform3D's row-vector layout).
///
/// The matrix is rebuilt as `scale · skew · rotation · translation · perspective` in
/// CATransform3D's row-vector order (the first factor acts first on a point): scale, then
/// rotate about x, then y, then z, then translate — read as a chain of CA calls that is
/// `translate · rotateZ · rotateY · rotateX · scale` (the order CA's value functions use).
/// `rotation` are Euler angles (radians) with R = Rx · Ry · Rz in row-vector order.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: (x: Double, y: Double, z: Double) { get { (tx, ty, tz) } set { (tx, ty, tz) = newValue } }
    public var scale: (x: Double, y: Double, z: Double) { get { (sx, sy, sz) } set { (sx, sy, sz) = newValue } }
    public var rotation: (x: Double, y: Double, z: Double) { get { (rx, ry, rz) } set { (rx, ry, rz) = newValue } }
    public var tx = 0.0, ty = 0.0, tz = 0.0
    public var sx = 1.0, sy = 1.0, sz = 1.0
    /// Shear factors xy, xz, yz (W3C's skew[0…2]).
    public var skewXY = 0.0, skewXZ = 0.0, skewYZ = 0.0
    /// Euler angles about x, y, z in radians.
    public var rx = 0.0, ry = 0.0, rz = 0.0
    /// The perspective column (m14, m24, m34, m44) of the perspective factor; (0,0,0,1) for none.
    public var px = 0.0, py = 0.0, pz = 0.0, pw = 1.0

    public init() {}

    /// Component-wise linear interpolation (what `transform` animations use between two
    /// decompositions; angles are not wrapped, as CA interpolates the decomposed angles).
    public func interpolated(to o: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func l(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var r = DecomposedTransform()
        r.tx = l(tx, o.tx); r.ty = l(ty, o.ty); r.tz = l(tz, o.tz)
        r.sx = l(sx, o.sx); r.sy = l(sy, o.sy); r.sz = l(sz, o.sz)
        r.skewXY = l(skewXY, o.skewXY); r.skewXZ = l(skewXZ, o.skewXZ); r.skewYZ = l(skewYZ, o.skewYZ)
        r.rx = l(rx, o.rx); r.ry = l(ry, o.ry); r.rz = l(rz, o.rz)
        r.px = l(px, o.px); r.py = l(py, o.py); r.pz = l(pz, o.pz); r.pw = l(pw, o.pw)
        return r
    }

    /// The matrix these components describe (exact inverse of `CATransform3D.decomposed`).
    public var matrix: CATransform3D {
        let r = CATransform3D.rotation(rx, 1, 0, 0)
            .concatenating(.rotation(ry, 0, 1, 0))
            .concatenating(.rotation(rz, 0, 0, 1))
        let r0 = (r.m11, r.m12, r.m13), r1 = (r.m21, r.m22, r.m23), r2 = (r.m31, r.m32, r.m33)
        var m = CATransform3D()
        // Undo the Gram–Schmidt steps of the decomposition.
        m.m11 = sx * r0.0; m.m12 = sx * r0.1; m.m13 = sx * r0.2
        m.m21 = sy * (r1.0 + skewXY * r0.0); m.m22 = sy * (r1.1 + skewXY * r0.1); m.m23 = sy * (r1.2 + skewXY * r0.2)
        m.m31 = sz * (r2.0 + skewXZ * r0.0 + skewYZ * r1.0)
        m.m32 = sz * (r2.1 + skewXZ * r0.1 + skewYZ * r1.1)
        m.m33 = sz * (r2.2 + skewXZ * r0.2 + skewYZ * r1.2)
        m.m41 = tx; m.m42 = ty; m.m43 = tz
        if px == 0 && py == 0 && pz == 0 && pw == 1 { return m }
        // M = N · Q where Q is the identity with its last column replaced by the perspective.
        var q = CATransform3D()
        q.m14 = px; q.m24 = py; q.m34 = pz; q.m44 = pw
        return m.concatenating(q)
    }

    public static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        [a.tx, a.ty, a.tz, a.sx, a.sy, a.sz, a.skewXY, a.skewXZ, a.skewYZ, a.rx, a.ry, a.rz, a.px, a.py, a.pz, a.pw]
            == [b.tx, b.ty, b.tz, b.sx, b.sy, b.sz, b.skewXY, b.skewXZ, b.skewYZ, b.rx, b.ry, b.rz, b.px, b.py, b.pz, b.pw]
    }
    public func hash(into h: inout Hasher) {
        for v in [tx, ty, tz, sx, sy, sz, skewXY, skewXZ, skewYZ, rx, ry, rz, px, py, pz, pw] { h.combine(v) }
    }
}

extension CATransform3D {
    /// The transform's components (translation, scale, skew, Euler rotation, perspective);
    /// nil when the matrix is singular (m44 = 0 or a degenerate 3×3 part), where CA's
    /// sub-key-path reads give zeros.
    public var decomposed: DecomposedTransform? {
        guard m44 != 0, m44.isFinite else { return nil }
        var a = values.map { $0 / m44 }
        // N: the matrix without its perspective column.
        var n = a; n[3] = 0; n[7] = 0; n[11] = 0; n[15] = 1
        guard let nInv = CATransform3D(n)?.inverted else { return nil }
        var d = DecomposedTransform()
        if a[3] != 0 || a[7] != 0 || a[11] != 0 {
            // Q's column p solves N · p = (m14, m24, m34, m44).
            let rhs = [a[3], a[7], a[11], a[15]]
            let inv = nInv.values
            var p = [0.0, 0, 0, 0]
            for i in 0..<4 { for j in 0..<4 { p[i] += inv[i * 4 + j] * rhs[j] } }
            (d.px, d.py, d.pz, d.pw) = (p[0], p[1], p[2], p[3])
            a = n
        }
        (d.tx, d.ty, d.tz) = (a[12], a[13], a[14])
        var r0 = [a[0], a[1], a[2]], r1 = [a[4], a[5], a[6]], r2 = [a[8], a[9], a[10]]
        func len(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ u: [Double], _ v: [Double]) -> Double { u[0] * v[0] + u[1] * v[1] + u[2] * v[2] }
        func comb(_ u: [Double], _ v: [Double], _ k: Double) -> [Double] { [u[0] + k * v[0], u[1] + k * v[1], u[2] + k * v[2]] }
        func scaled(_ v: [Double], _ k: Double) -> [Double] { [v[0] * k, v[1] * k, v[2] * k] }
        d.sx = len(r0); guard d.sx > 0 else { return nil }
        r0 = scaled(r0, 1 / d.sx)
        var kxy = dot(r0, r1); r1 = comb(r1, r0, -kxy)
        d.sy = len(r1); guard d.sy > 0 else { return nil }
        r1 = scaled(r1, 1 / d.sy); kxy /= d.sy
        var kxz = dot(r0, r2); r2 = comb(r2, r0, -kxz)
        var kyz = dot(r1, r2); r2 = comb(r2, r1, -kyz)
        d.sz = len(r2); guard d.sz > 0 else { return nil }
        r2 = scaled(r2, 1 / d.sz); kxz /= d.sz; kyz /= d.sz
        (d.skewXY, d.skewXZ, d.skewYZ) = (kxy, kxz, kyz)
        // A reflection: flip everything so the rotation is proper.
        let c = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
        if dot(r0, c) < 0 {
            d.sx = -d.sx; d.sy = -d.sy; d.sz = -d.sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        // R = Rx · Ry · Rz (row vectors): R13 = −sin(ry), R23 = sin(rx)cos(ry), R33 = cos(rx)cos(ry),
        // R12 = cos(ry)sin(rz), R11 = cos(ry)cos(rz).
        d.ry = asin(max(-1, min(1, -r0[2])))
        if abs(cos(d.ry)) > 1e-9 {
            d.rx = atan2(r1[2], r2[2])
            d.rz = atan2(r0[1], r0[0])
        } else {
            // Gimbal lock: put all of the remaining turn in rx.
            d.rx = atan2(-r2[1], r1[1])
            d.rz = 0
        }
        return d
    }
}
