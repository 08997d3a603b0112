// The projective faces: cube and flip. The images are faces in 3D, placed with a 4×4 transform
// (Core Animation's row-vector convention, m34 perspective: a point is the row [x y z 1]
// multiplied on the right) and drawn through the 3×3 projective map of their plane, so
// straight edges stay straight.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransitionFrame {
    /// Eye distance as a multiple of the face size: m34 = −1/(2.2·size), close to the
    /// −1/500…−1/700 UIKit code uses for 320-point-wide views.
    static let perspectiveFactor = 2.2

    /// A face's model matrix: image pixel (u, v, 0) ↦ origin + u·U + v·V (centre-relative 3D,
    /// y down, z toward the viewer).
    static func face(origin o: (Double, Double, Double), u: (Double, Double, Double),
                     v: (Double, Double, Double)) -> SpaceTransform {
        SpaceTransform(SIMD16(u.0, u.1, u.2, 0, v.0, v.1, v.2, 0, 0, 0, 1, 0, o.0, o.1, o.2, 1))
    }

    /// model → rotation (`angle` about x or y) → pushed back by `depth` → perspective about the
    /// images' centre → device position.
    func place(_ model: SpaceTransform, angle: Double, aboutY: Bool, depth: Double, eye: Double) -> ProjectiveTransform {
        let rot = aboutY ? SpaceTransform.rotation(angle, 0, 1, 0) : SpaceTransform.rotation(angle, 1, 0, 0)
        let cx = Double(ox) + Double(width) / 2, cy = Double(oy) + Double(height) / 2
        return model.concatenating(rot)
            .concatenating(.translation(0, 0, depth))
            .concatenating(.perspective(eye))
            .concatenating(.translation(cx, cy, 0))
            .projective
    }

    /// Shading of a face turned by `angle` from the viewer: full light facing, darker edge-on.
    static func faceShade(_ angle: Double) -> UInt32 {
        lkScaleFactor(0.55 + 0.45 * abs(cos(angle)))
    }

    /// A box turning a quarter turn: the old content on the front face, the new on the side
    /// face hinged at their shared edge (the `edge` side), with perspective. The box is
    /// pushed back just enough that its nearest edge stays in the images' plane.
    func cube(_ edge: ImageTransition.Edge) {
        let W = Double(width), H = Double(height)
        let horizontal = edge.isHorizontal
        let D = horizontal ? W : H                    // box depth = the turning side
        let eye = Self.perspectiveFactor * max(W, H)
        let old = Self.face(origin: (-W / 2, -H / 2, D / 2), u: (1, 0, 0), v: (0, 1, 0))
        let new: SpaceTransform
        let sign: Double
        switch edge {
        case .right: // right face, u running into the screen from the shared edge
            new = Self.face(origin: (W / 2, -H / 2, D / 2), u: (0, 0, -1), v: (0, 1, 0)); sign = -1
        case .left:
            new = Self.face(origin: (-W / 2, -H / 2, -D / 2), u: (0, 0, 1), v: (0, 1, 0)); sign = 1
        case .top:
            new = Self.face(origin: (-W / 2, -H / 2, -D / 2), u: (1, 0, 0), v: (0, 0, 1)); sign = -1
        case .bottom:
            new = Self.face(origin: (-W / 2, H / 2, D / 2), u: (1, 0, 0), v: (0, 0, -1)); sign = 1
        }
        let a = sign * p * Double.pi / 2
        let depth = -(D / 2) * (abs(sin(a)) + cos(a))
        let b = clip // the box may reach past the images' rectangle
        // The face turning away is farther at the end; draw the farther face first.
        let oldM = place(old, angle: a, aboutY: horizontal, depth: depth, eye: eye)
        let newM = place(new, angle: a, aboutY: horizontal, depth: depth, eye: eye)
        let oldShade = Self.faceShade(a), newShade = Self.faceShade(a - sign * Double.pi / 2)
        if p < 0.5 {
            ProjectiveImage.drawWithSampledEdges(to, newM, shade: newShade, into: target, box: b)
            ProjectiveImage.drawWithSampledEdges(from, oldM, shade: oldShade, into: target, box: b)
        } else {
            ProjectiveImage.drawWithSampledEdges(from, oldM, shade: oldShade, into: target, box: b)
            ProjectiveImage.drawWithSampledEdges(to, newM, shade: newShade, into: target, box: b)
        }
    }

    /// A card flipping half a turn about its vertical (from the left or right) or horizontal
    /// (from the top or bottom) axis, with perspective and a slight retreat mid-flip; the old
    /// image on the front, the new on the back. From the left brings the left edge toward the
    /// viewer, as UIKit's flipFromLeft.
    func flip(_ edge: ImageTransition.Edge) {
        let W = Double(width), H = Double(height)
        let horizontal = edge.isHorizontal
        let eye = Self.perspectiveFactor * max(W, H)
        let card = Self.face(origin: (-W / 2, -H / 2, 0), u: (1, 0, 0), v: (0, 1, 0))
        // Sign so the named edge comes forward (rotation about y: +; about x: top needs −).
        let sign: Double = switch edge {
        case .left: 1
        case .right: -1
        case .top: -1
        case .bottom: 1
        }
        let depth = -sin(Double.pi * p) * 0.3 * (horizontal ? W : H)
        if p < 0.5 {
            let a = sign * Double.pi * p
            ProjectiveImage.drawWithSampledEdges(from, place(card, angle: a, aboutY: horizontal, depth: depth, eye: eye),
                                            shade: Self.faceShade(a), into: target, box: clip)
        } else {
            let a = sign * Double.pi * (p - 1) // the back side, unmirrored: turning from −90° to 0
            ProjectiveImage.drawWithSampledEdges(to, place(card, angle: a, aboutY: horizontal, depth: depth, eye: eye),
                                            shade: Self.faceShade(a), into: target, box: clip)
        }
    }
}

/// A 4×4 transform of 3D space in the row-vector convention (a point is the row [x y z 1]
/// multiplied on the right, so `a.concatenating(b)` applies a first, then b); m34 = −1/d gives
/// perspective as seen from distance d. Just what placing a face needs.
struct SpaceTransform {
    /// Row-major m11 … m44.
    var m: SIMD16<Double>

    init(_ values: SIMD16<Double>) { m = values }

    static var identity: SpaceTransform { SpaceTransform(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)) }

    static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> SpaceTransform {
        SpaceTransform(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1))
    }

    /// `angle` radians about the axis (x, y, z).
    static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> SpaceTransform {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return .identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), C = 1 - c
        let m11 = c + ux * ux * C, m12 = ux * uy * C + uz * s, m13 = ux * uz * C - uy * s
        let m21 = uy * ux * C - uz * s, m22 = c + uy * uy * C, m23 = uy * uz * C + ux * s
        let m31 = uz * ux * C + uy * s, m32 = uz * uy * C - ux * s, m33 = c + uz * uz * C
        return SpaceTransform(SIMD16(m11, m12, m13, 0, m21, m22, m23, 0, m31, m32, m33, 0, 0, 0, 0, 1))
    }

    /// Only m34 = −1/d (d > 0).
    static func perspective(_ d: Double) -> SpaceTransform {
        var t = SpaceTransform.identity
        if d != 0 { t.m[11] = -1 / d }
        return t
    }

    /// `self` first, then `b`: the matrix product self · b.
    func concatenating(_ b: SpaceTransform) -> SpaceTransform {
        var r = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0..<4 {
                r[4 * i + j] = m[4 * i] * b.m[j] + m[4 * i + 1] * b.m[4 + j] + m[4 * i + 2] * b.m[8 + j]
                    + m[4 * i + 3] * b.m[12 + j]
            }
        }
        return SpaceTransform(r)
    }

    /// The plane z = 0 mapped to the screen as a 3×3 projective transform (z dropped after the map).
    var projective: ProjectiveTransform {
        ProjectiveTransform(m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15])
    }
}
