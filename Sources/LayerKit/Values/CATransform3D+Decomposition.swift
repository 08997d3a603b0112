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
        // Without rotations about x and y (a flat layer's transform) the first two factors
        // are the identity, every entry exactly 1 or +0, and for a finite angle the product
        // with them leaves the rotation about z bit for bit (no entry of it is −0): it is
        // taken directly, without two rotations and two 4×4 products.
        let r = rx == 0 && ry == 0 && rz.isFinite
            ? CATransform3D.rotation(rz, 0, 0, 1)
            : CATransform3D.rotation(rx, 1, 0, 0)
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
        // The matrix and its perspective-free part on the stack, the rows as three-number
        // values: no array per call (the `transform.*` key paths decompose for every animated
        // component of every frame).
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { buffer -> DecomposedTransform? in
            var a = UnsafeMutableBufferPointer(rebasing: buffer[0..<16])
            let n = UnsafeMutableBufferPointer(rebasing: buffer[16..<32])
            storeValues(into: a)
            for i in 0..<16 { a[i] = a[i] / m44 }
            // N: the matrix without its perspective column.
            for i in 0..<16 { n[i] = a[i] }
            n[3] = 0; n[7] = 0; n[11] = 0; n[15] = 1
            guard let nInv = CATransform3D(rowMajor: UnsafeBufferPointer(n)).inverted else { return nil }
            var d = DecomposedTransform()
            if a[3] != 0 || a[7] != 0 || a[11] != 0 {
                // Q's column p solves N · p = (m14, m24, m34, m44).
                let rhs = (a[3], a[7], a[11], a[15])
                func solved(_ r: (Double, Double, Double, Double)) -> Double {
                    0.0 + r.0 * rhs.0 + r.1 * rhs.1 + r.2 * rhs.2 + r.3 * rhs.3
                }
                let p = (solved(nInv.row(0)), solved(nInv.row(1)), solved(nInv.row(2)), solved(nInv.row(3)))
                (d.px, d.py, d.pz, d.pw) = p
                a = n
            }
            (d.tx, d.ty, d.tz) = (a[12], a[13], a[14])
            var r0 = Vector3(a[0], a[1], a[2]), r1 = Vector3(a[4], a[5], a[6]), r2 = Vector3(a[8], a[9], a[10])
            d.sx = r0.length; guard d.sx > 0 else { return nil }
            r0 = r0.scaled(1 / d.sx)
            var kxy = r0.dot(r1); r1 = r1.combined(r0, -kxy)
            d.sy = r1.length; guard d.sy > 0 else { return nil }
            r1 = r1.scaled(1 / d.sy); kxy /= d.sy
            var kxz = r0.dot(r2); r2 = r2.combined(r0, -kxz)
            var kyz = r1.dot(r2); r2 = r2.combined(r1, -kyz)
            d.sz = r2.length; guard d.sz > 0 else { return nil }
            r2 = r2.scaled(1 / d.sz); kxz /= d.sz; kyz /= d.sz
            (d.skewXY, d.skewXZ, d.skewYZ) = (kxy, kxz, kyz)
            // A reflection: flip everything so the rotation is proper.
            let c = Vector3(r1.y * r2.z - r1.z * r2.y, r1.z * r2.x - r1.x * r2.z, r1.x * r2.y - r1.y * r2.x)
            if r0.dot(c) < 0 {
                d.sx = -d.sx; d.sy = -d.sy; d.sz = -d.sz
                r0 = r0.scaled(-1); r1 = r1.scaled(-1); r2 = r2.scaled(-1)
            }
            // R = Rx · Ry · Rz (row vectors): R13 = −sin(ry), R23 = sin(rx)cos(ry), R33 = cos(rx)cos(ry),
            // R12 = cos(ry)sin(rz), R11 = cos(ry)cos(rz).
            d.ry = asin(max(-1, min(1, -r0.z)))
            if abs(cos(d.ry)) > 1e-9 {
                d.rx = atan2(r1.z, r2.z)
                d.rz = atan2(r0.y, r0.x)
            } else {
                // Gimbal lock: put all of the remaining turn in rx.
                d.rx = atan2(-r2.y, r1.y)
                d.rz = 0
            }
            return d
        }
    }

    /// Row `i` (0…3) of the matrix.
    @inline(__always)
    fileprivate func row(_ i: Int) -> (Double, Double, Double, Double) {
        switch i {
        case 0: return (m11, m12, m13, m14)
        case 1: return (m21, m22, m23, m24)
        case 2: return (m31, m32, m33, m34)
        default: return (m41, m42, m43, m44)
        }
    }
}

/// A row of the 3×3 part during the decomposition (the operations the unmatrix steps use,
/// each in the order of its terms).
private struct Vector3 {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func dot(_ v: Vector3) -> Double { x * v.x + y * v.y + z * v.z }
    /// self + k · v.
    func combined(_ v: Vector3, _ k: Double) -> Vector3 { Vector3(x + k * v.x, y + k * v.y, z + k * v.z) }
    func scaled(_ k: Double) -> Vector3 { Vector3(x * k, y * k, z * k) }
}
