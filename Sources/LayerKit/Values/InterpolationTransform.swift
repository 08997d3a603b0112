// Transform interpolation as Core Animation animates `transform`: the matrix decomposed
// (Graphics Gems II "unmatrix", as CSS transforms use), each part mixed, the rotation by
// quaternion slerp, and the parts recomposed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CATransform3D split into perspective, translation, scale, skew and a rotation
/// quaternion (the "unmatrix" of Graphics Gems II, as CSS transforms use), so that two
/// transforms interpolate the way Core Animation animates the `transform` key path:
/// each part separately, the rotation by spherical interpolation.
struct InterpolatedTransformParts: Equatable {
    var perspective: (Double, Double, Double, Double) = (0, 0, 0, 1)
    var translate: (Double, Double, Double) = (0, 0, 0)
    var scale: (Double, Double, Double) = (1, 1, 1)
    var skew: (Double, Double, Double) = (0, 0, 0)          // xy, xz, yz
    var quaternion: (Double, Double, Double, Double) = (0, 0, 0, 1)

    static func == (a: Self, b: Self) -> Bool {
        a.perspective == b.perspective && a.translate == b.translate && a.scale == b.scale
            && a.skew == b.skew && a.quaternion == b.quaternion
    }

    private typealias V3 = (Double, Double, Double)
    private static func dot(_ a: V3, _ b: V3) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
    private static func len(_ a: V3) -> Double { dot(a, a).squareRoot() }
    private static func scaled(_ a: V3, _ s: Double) -> V3 { (a.0 * s, a.1 * s, a.2 * s) }
    private static func comb(_ a: V3, _ b: V3, _ sa: Double, _ sb: Double) -> V3 {
        (a.0 * sa + b.0 * sb, a.1 * sa + b.1 * sb, a.2 * sa + b.2 * sb)
    }
    private static func cross(_ a: V3, _ b: V3) -> V3 {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    /// nil when the matrix cannot be decomposed (singular, m44 = 0).
    init?(_ t: CATransform3D) {
        var m = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
                 [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
        guard m[3][3] != 0 else { return nil }
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= t.m44 } }
        // Perspective part.
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            var pm = m
            for i in 0..<3 { pm[i][3] = 0 }
            pm[3][3] = 1
            guard let inv = CATransform3D(pm.flatMap { $0 })?.inverted else { return nil }
            let r = (m[0][3], m[1][3], m[2][3], m[3][3])
            // r × transpose(inverse(pm))
            let iv = inv.values
            func col(_ j: Int) -> Double { r.0 * iv[j * 4 + 0] + r.1 * iv[j * 4 + 1] + r.2 * iv[j * 4 + 2] + r.3 * iv[j * 4 + 3] }
            perspective = (col(0), col(1), col(2), col(3))
            m[0][3] = 0; m[1][3] = 0; m[2][3] = 0; m[3][3] = 1
        }
        translate = (m[3][0], m[3][1], m[3][2])
        var row: [V3] = [(m[0][0], m[0][1], m[0][2]), (m[1][0], m[1][1], m[1][2]), (m[2][0], m[2][1], m[2][2])]
        var sc: V3 = (0, 0, 0), sk: V3 = (0, 0, 0)
        sc.0 = Self.len(row[0])
        guard sc.0 != 0 else { return nil }
        row[0] = Self.scaled(row[0], 1 / sc.0)
        sk.0 = Self.dot(row[0], row[1])
        row[1] = Self.comb(row[1], row[0], 1, -sk.0)
        sc.1 = Self.len(row[1])
        guard sc.1 != 0 else { return nil }
        row[1] = Self.scaled(row[1], 1 / sc.1)
        sk.0 /= sc.1
        sk.1 = Self.dot(row[0], row[2])
        row[2] = Self.comb(row[2], row[0], 1, -sk.1)
        sk.2 = Self.dot(row[1], row[2])
        row[2] = Self.comb(row[2], row[1], 1, -sk.2)
        sc.2 = Self.len(row[2])
        guard sc.2 != 0 else { return nil }
        row[2] = Self.scaled(row[2], 1 / sc.2)
        sk.1 /= sc.2; sk.2 /= sc.2
        if Self.dot(row[0], Self.cross(row[1], row[2])) < 0 {
            sc = (-sc.0, -sc.1, -sc.2)
            for i in 0..<3 { row[i] = Self.scaled(row[i], -1) }
        }
        scale = sc; skew = sk
        // Quaternion of the rotation (Shepperd's method on the column-convention matrix
        // C[i][j] = row[j][i], choosing the best-conditioned pivot).
        let c00 = row[0].0, c11 = row[1].1, c22 = row[2].2
        let c21 = row[1].2, c12 = row[2].1, c02 = row[2].0, c20 = row[0].2, c10 = row[0].1, c01 = row[1].0
        let trace = c00 + c11 + c22
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            quaternion = ((c21 - c12) * s, (c02 - c20) * s, (c10 - c01) * s, 0.25 / s)
        } else if c00 > c11 && c00 > c22 {
            let s = 2 * (1 + c00 - c11 - c22).squareRoot()
            quaternion = (0.25 * s, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
        } else if c11 > c22 {
            let s = 2 * (1 + c11 - c00 - c22).squareRoot()
            quaternion = ((c01 + c10) / s, 0.25 * s, (c12 + c21) / s, (c02 - c20) / s)
        } else {
            let s = 2 * (1 + c22 - c00 - c11).squareRoot()
            quaternion = ((c02 + c20) / s, (c12 + c21) / s, 0.25 * s, (c10 - c01) / s)
        }
    }

    /// The parts of `a` and `b` mixed at `t` (rotation by slerp, the rest linearly).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        var r = a
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        r.perspective = (l(a.perspective.0, b.perspective.0), l(a.perspective.1, b.perspective.1),
                         l(a.perspective.2, b.perspective.2), l(a.perspective.3, b.perspective.3))
        r.translate = (l(a.translate.0, b.translate.0), l(a.translate.1, b.translate.1), l(a.translate.2, b.translate.2))
        r.scale = (l(a.scale.0, b.scale.0), l(a.scale.1, b.scale.1), l(a.scale.2, b.scale.2))
        r.skew = (l(a.skew.0, b.skew.0), l(a.skew.1, b.skew.1), l(a.skew.2, b.skew.2))
        let qa = a.quaternion
        var qb = b.quaternion
        var d = qa.0 * qb.0 + qa.1 * qb.1 + qa.2 * qb.2 + qa.3 * qb.3
        if d < 0 { qb = (-qb.0, -qb.1, -qb.2, -qb.3); d = -d }      // the short way round
        d = min(1, d)
        if d >= 1 - 1e-12 {
            r.quaternion = qa
        } else {
            let theta = acos(d), s = sin(theta)
            let wa = sin((1 - t) * theta) / s, wb = sin(t * theta) / s
            r.quaternion = (qa.0 * wa + qb.0 * wb, qa.1 * wa + qb.1 * wb, qa.2 * wa + qb.2 * wb, qa.3 * wa + qb.3 * wb)
        }
        return r
    }

    /// Recomposes the matrix (the inverse of the decomposition).
    var transform: CATransform3D {
        var m = CATransform3D()
        m.m14 = perspective.0; m.m24 = perspective.1; m.m34 = perspective.2; m.m44 = perspective.3
        // translate: m = translate · m in row-vector order is "m then translate" → add to row 4.
        m.m41 += translate.0 * m.m11 + translate.1 * m.m21 + translate.2 * m.m31
        m.m42 += translate.0 * m.m12 + translate.1 * m.m22 + translate.2 * m.m32
        m.m43 += translate.0 * m.m13 + translate.1 * m.m23 + translate.2 * m.m33
        m.m44 += translate.0 * m.m14 + translate.1 * m.m24 + translate.2 * m.m34
        let (x, y, z, w) = quaternion
        var rot = CATransform3D()
        // Row-vector convention (CA): the transpose of the column-vector rotation matrix.
        rot.m11 = 1 - 2 * (y * y + z * z); rot.m12 = 2 * (x * y + z * w); rot.m13 = 2 * (x * z - y * w)
        rot.m21 = 2 * (x * y - z * w); rot.m22 = 1 - 2 * (x * x + z * z); rot.m23 = 2 * (y * z + x * w)
        rot.m31 = 2 * (x * z + y * w); rot.m32 = 2 * (y * z - x * w); rot.m33 = 1 - 2 * (x * x + y * y)
        m = rot.concatenating(m)
        if skew.2 != 0 { var s = CATransform3D(); s.m32 = skew.2; m = s.concatenating(m) }
        if skew.1 != 0 { var s = CATransform3D(); s.m31 = skew.1; m = s.concatenating(m) }
        if skew.0 != 0 { var s = CATransform3D(); s.m21 = skew.0; m = s.concatenating(m) }
        m = CATransform3D.scale(scale.0, scale.1, scale.2).concatenating(m)
        return m
    }
}

extension CATransform3D {
    /// Core Animation's interpolation of whole transforms: decompose both, mix the parts,
    /// recompose. Falls back to element-wise mixing when either cannot be decomposed.
    public static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        if let pa = InterpolatedTransformParts(a), let pb = InterpolatedTransformParts(b) {
            return InterpolatedTransformParts.interpolate(pa, pb, t).transform
        }
        let va = a.values, vb = b.values
        return CATransform3D(zip(va, vb).map { $0 + ($1 - $0) * t })!
    }
}
