// cube and oglFlip: the snapshots as faces in 3D, placed with CATransform3D (Core Animation's
// row-vector convention, m34 perspective) and drawn through the 3×3 projective map of their
// plane, so straight edges stay straight.
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
                     v: (Double, Double, Double)) -> CATransform3D {
        CATransform3D([u.0, u.1, u.2, 0, v.0, v.1, v.2, 0, 0, 0, 1, 0, o.0, o.1, o.2, 1])!
    }

    /// model → rotation (`angle` about x or y) → pushed back by `depth` → perspective about the
    /// snapshot's centre → device position.
    func place(_ model: CATransform3D, angle: Double, aboutY: Bool, depth: Double, eye: Double) -> ProjectiveTransform {
        let rot = aboutY ? CATransform3D.rotation(angle, 0, 1, 0) : CATransform3D.rotation(angle, 1, 0, 0)
        let cx = Double(ox) + Double(width) / 2, cy = Double(oy) + Double(height) / 2
        return model.concatenating(rot)
            .concatenating(.translation(0, 0, depth))
            .concatenating(.perspective(eye))
            .concatenating(.translation(cx, cy, 0))
            .projective
    }

    /// Shading of a face turned by `angle` from the viewer: full light facing, darker edge-on.
    static func faceShade(_ angle: Double) -> UInt32 {
        TransitionFrame.weight(0.55 + 0.45 * abs(cos(angle)))
    }

    /// A box turning a quarter turn: the old content on the front face, the new on the side
    /// face hinged at their shared edge (the subtype's side), with perspective. The box is
    /// pushed back just enough that its nearest edge stays in the layer's plane.
    func cube(_ sub: TransitionSubtype) {
        let W = Double(width), H = Double(height)
        let horizontal = sub.isHorizontal
        let D = horizontal ? W : H                    // box depth = the turning side
        let eye = Self.perspectiveFactor * max(W, H)
        let old = Self.face(origin: (-W / 2, -H / 2, D / 2), u: (1, 0, 0), v: (0, 1, 0))
        let new: CATransform3D
        let sign: Double
        switch sub {
        case .fromRight: // right face, u running into the screen from the shared edge
            new = Self.face(origin: (W / 2, -H / 2, D / 2), u: (0, 0, -1), v: (0, 1, 0)); sign = -1
        case .fromLeft:
            new = Self.face(origin: (-W / 2, -H / 2, -D / 2), u: (0, 0, 1), v: (0, 1, 0)); sign = 1
        case .fromTop:
            new = Self.face(origin: (-W / 2, -H / 2, -D / 2), u: (1, 0, 0), v: (0, 0, 1)); sign = -1
        case .fromBottom:
            new = Self.face(origin: (-W / 2, H / 2, D / 2), u: (1, 0, 0), v: (0, 0, -1)); sign = 1
        }
        let a = sign * p * Double.pi / 2
        let depth = -(D / 2) * (abs(sin(a)) + cos(a))
        let b = clip // the box may reach past the layer's rectangle
        // The face turning away is farther at the end; draw the farther face first.
        let oldM = place(old, angle: a, aboutY: horizontal, depth: depth, eye: eye)
        let newM = place(new, angle: a, aboutY: horizontal, depth: depth, eye: eye)
        let oldShade = Self.faceShade(a), newShade = Self.faceShade(a - sign * Double.pi / 2)
        if p < 0.5 {
            TransitionRaster.drawProjective(to, newM, shade: newShade, into: target, box: b)
            TransitionRaster.drawProjective(from, oldM, shade: oldShade, into: target, box: b)
        } else {
            TransitionRaster.drawProjective(from, oldM, shade: oldShade, into: target, box: b)
            TransitionRaster.drawProjective(to, newM, shade: newShade, into: target, box: b)
        }
    }

    /// A card flipping half a turn about its vertical (fromLeft / fromRight) or horizontal
    /// (fromTop / fromBottom) axis, with perspective and a slight retreat mid-flip; the old
    /// content on the front, the new on the back. fromLeft brings the left edge toward the
    /// viewer, as UIKit's flipFromLeft.
    func flip(_ sub: TransitionSubtype) {
        let W = Double(width), H = Double(height)
        let horizontal = sub.isHorizontal
        let eye = Self.perspectiveFactor * max(W, H)
        let card = Self.face(origin: (-W / 2, -H / 2, 0), u: (1, 0, 0), v: (0, 1, 0))
        // Sign so the named edge comes forward (rotation about y: +; about x: top needs −).
        let sign: Double = switch sub {
        case .fromLeft: 1
        case .fromRight: -1
        case .fromTop: -1
        case .fromBottom: 1
        }
        let depth = -sin(Double.pi * p) * 0.3 * (horizontal ? W : H)
        if p < 0.5 {
            let a = sign * Double.pi * p
            TransitionRaster.drawProjective(from, place(card, angle: a, aboutY: horizontal, depth: depth, eye: eye),
                                            shade: Self.faceShade(a), into: target, box: clip)
        } else {
            let a = sign * Double.pi * (p - 1) // the back side, unmirrored: turning from −90° to 0
            TransitionRaster.drawProjective(to, place(card, angle: a, aboutY: horizontal, depth: depth, eye: eye),
                                            shade: Self.faceShade(a), into: target, box: clip)
        }
    }
}
