// 3D layers and the camera, in After Effects' reading, built the Core Animation way: a 3D
// layer's transform is one `CATransform3D` on a `CATransformLayer` (which keeps its
// sublayers in 3D instead of flattening them, so a 3D parent turns its 3D children with it),
// and the camera is the `sublayerTransform` of a layer the size of the composition that holds
// the 3D layer: the view from the camera followed by a perspective division ("m34 = −1/d
// gives perspective as seen from distance d", CATransform3D; here the projection is written
// out for a camera that may stand anywhere and look anywhere).
//
// * A 3D layer's matrix (lottie-web TransformProperty, in its 3D space whose z points to
//   the viewer, as Core Animation's does — Lottie's own z points away from it): translate
//   (−a.x, −a.y, a.z) · scale · rotateZ(−rz) · rotateY(ry) · rotateX(rx) · the orientation
//   `or` the same way · translate(p.x, p.y, −p.z), the first acting first.
// * The camera (`ty` 13) stands at its position `p` and looks at its point of interest `a`
//   (a two-node camera; a one-node camera, without `a`, looks straight ahead along +z in
//   Lottie's space), turned further by its own rotation and orientation; its zoom `pe` is
//   the distance at which one pixel of a layer facing it is one pixel on screen, and the
//   projection centre is the composition's centre (Skottie's CameraAdapter; lottie-web's
//   camera places itself at the composition's centre and sets `perspective: pe`).
// * Without a camera, 3D layers are seen by After Effects' default camera: at the
//   composition's centre, 879.13 pixels in front of it, zoom 879.13 (Skottie's
//   `kDefaultAEZoom`).
// * A camera with a parent (`parent`) moves and turns with its parent chain: the parents' 3D
//   matrices, as a 3D layer's above, carry the camera's own place into the world.
// Each run of 3D layers drawn one after another shares one transform layer under the camera,
// which draws them back to front by the depth of their centres (After Effects sorts 3D
// layers by depth; a 2D layer between them ends the run, as in After Effects).
import Foundation
import LayerKit

enum LottieCamera3D {
    /// lottie-web's rotation about x by `degrees` (y' = y·cos + z·sin, z' = −y·sin + z·cos).
    static func rotationX(_ degrees: Double) -> CATransform3D {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        var m = CATransform3D.identity
        m.m22 = c; m.m23 = -s; m.m32 = s; m.m33 = c
        return m
    }

    /// lottie-web's rotation about y (x' = x·cos − z·sin, z' = x·sin + z·cos).
    static func rotationY(_ degrees: Double) -> CATransform3D {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        var m = CATransform3D.identity
        m.m11 = c; m.m13 = s; m.m31 = -s; m.m33 = c
        return m
    }

    /// A turn on screen by `degrees` clockwise (After Effects' z rotation and 2D rotation).
    static func rotationZ(_ degrees: Double) -> CATransform3D { .rotation(degrees * .pi / 180) }

    /// The rotations of `t` at frame `f`: z, y, x, then the orientation's z, y, x.
    static func rotations(_ t: LottieTransformModel, at f: Double) -> CATransform3D {
        let or = t.orientation?.value(at: f) ?? [0, 0, 0]
        func c(_ v: [Double], _ i: Int) -> Double { v.count > i ? v[i] : 0 }
        return rotationZ(t.rotation.value(at: f).first ?? 0)
            .concatenating(rotationY(t.rotationY?.value(at: f).first ?? 0))
            .concatenating(rotationX(t.rotationX?.value(at: f).first ?? 0))
            .concatenating(rotationZ(c(or, 2))).concatenating(rotationY(c(or, 1))).concatenating(rotationX(c(or, 0)))
    }

    /// The position of `t` at frame `f` in Lottie's space (x, y, z).
    static func position(_ t: LottieTransformModel, at f: Double) -> [Double] {
        switch t.position {
        case .combined(let p):
            let v = p.value(at: f)
            return [v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0, v.count > 2 ? v[2] : 0]
        case .split(let x, let y):
            return [x.value(at: f).first ?? 0, y.value(at: f).first ?? 0, 0]
        }
    }

    /// A 3D layer's whole matrix at frame `f` (see the file header).
    static func matrix(_ t: LottieTransformModel, at f: Double) -> CATransform3D {
        let a = t.anchor.value(at: f), s = t.scale.value(at: f), p = position(t, at: f)
        func c(_ v: [Double], _ i: Int, _ d: Double) -> Double { v.count > i ? v[i] : d }
        var m = CATransform3D.translation(-c(a, 0, 0), -c(a, 1, 0), c(a, 2, 0))
            .concatenating(.scale(c(s, 0, 100) / 100, c(s, 1, c(s, 0, 100)) / 100, c(s, 2, 100) / 100))
        if t.hasSkew && t.rotationX == nil && t.rotationY == nil {
            m = m.concatenating(LottieTransformLayers.skewMatrix(t.skew?.value(at: f).first ?? 0, axis: t.skewAxis?.value(at: f).first ?? 0))
        }
        return m.concatenating(rotations(t, at: f)).concatenating(.translation(p[0], p[1], -p[2]))
    }

    /// Whether anything of a 3D transform changes over time.
    static func changesOverTime(_ t: LottieTransformModel) -> Bool {
        var moving = [t.anchor, t.scale, t.rotation].contains { $0.changesOverTime }
            || [t.rotationX, t.rotationY, t.orientation, t.skew, t.skewAxis].contains { $0?.changesOverTime ?? false }
        switch t.position {
        case .combined(let p): moving = moving || p.changesOverTime
        case .split(let x, let y): moving = moving || x.changesOverTime || y.changesOverTime
        }
        return moving
    }

    /// `content` inside a transform layer carrying the 3D transform of `t` on `timeline`.
    static func wrap(_ content: CALayer, in t: LottieTransformModel, name: String, timeline: LottieTimeline) -> CALayer {
        let l = CATransformLayer()
        l.name = name
        l.anchorPoint = Point(0, 0)
        l.bounds = Rect(0, 0, 0, 0)
        l.position = Point(0, 0)
        LottieKeyframeAnimation.applySampled(.transform, to: l, timeline: timeline, animated: changesOverTime(t)) {
            matrix(t, at: timeline.frame(atRoot: $0))
        }
        l.addSublayer(content)
        return l
    }

    /// The sublayerTransform that shows a `width` × `height` composition's 3D layers as
    /// `camera` sees them at its frame `f` (nil: After Effects' default camera). Core
    /// Animation applies a sublayerTransform about the bounds' centre c, so this is
    /// translate(c) · view · projection, and the whole map translate(−c) · it · translate(c).
    /// `parents` is the matrix of the camera's parent chain at that time (its parent's
    /// `matrix` first, then the grandparent's…): a parented camera moves and turns with its
    /// parents as any layer does, so the world is first taken into the parent's space (the
    /// chain's inverse) and then seen as an unparented camera sees it — lottie-web's
    /// HCameraElement.renderFrame likewise undoes each parent's position, rotations, scale
    /// and anchor, outermost first, before the camera's own view.
    static func sublayerTransform(camera: (LottieCamera, LottieTransformModel)?, at f: Double, width: Double, height: Double,
                                  parents: CATransform3D = .identity) -> CATransform3D {
        let cx = width / 2, cy = height / 2
        var zoom = LottieCamera.defaultZoom
        // Camera space is Core Animation's: x right, y down, z towards the viewer.
        var eye = [cx, cy, zoom], target = [cx, cy, 0.0]
        var own = CATransform3D.identity
        if let (camera, t) = camera {
            zoom = camera.zoom.value(at: f).first ?? LottieCamera.defaultZoom
            let p = position(t, at: f)
            eye = [p[0], p[1], -p[2]]
            if camera.looksAtPointOfInterest {
                let a = t.anchor.value(at: f)
                target = [a.count > 0 ? a[0] : 0, a.count > 1 ? a[1] : 0, -(a.count > 2 ? a[2] : 0)]
            } else {
                target = [eye[0], eye[1], eye[2] - 1]
            }
            own = rotations(t, at: f)
        }
        guard zoom.isFinite, zoom > 0 else { return .identity }
        // The camera's axes in the world: right r, down d, back b (it looks along −b).
        func sub(_ a: [Double], _ b: [Double]) -> [Double] { [a[0] - b[0], a[1] - b[1], a[2] - b[2]] }
        func cross(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        }
        func unit(_ v: [Double]) -> [Double]? {
            let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            return n > 1e-12 && n.isFinite ? v.map { $0 / n } : nil
        }
        let forward = unit(sub(target, eye)) ?? [0, 0, -1]
        let r = unit(cross([0, -1, 0], forward)) ?? [1, 0, 0]
        let d = cross(r, forward)
        let b = forward.map { -$0 }
        // World → camera: the rotation's transpose (rows r, d, b become columns), after the
        // camera's own turn is undone (its inverse, the transpose).
        var look = CATransform3D.identity
        look.m11 = r[0]; look.m21 = r[1]; look.m31 = r[2]
        look.m12 = d[0]; look.m22 = d[1]; look.m32 = d[2]
        look.m13 = b[0]; look.m23 = b[1]; look.m33 = b[2]
        var ownInverse = CATransform3D.identity
        ownInverse.m11 = own.m11; ownInverse.m12 = own.m21; ownInverse.m13 = own.m31
        ownInverse.m21 = own.m12; ownInverse.m22 = own.m22; ownInverse.m23 = own.m32
        ownInverse.m31 = own.m13; ownInverse.m32 = own.m23; ownInverse.m33 = own.m33
        let unparented = CATransform3D.translation(-eye[0], -eye[1], -eye[2]).concatenating(look).concatenating(ownInverse)
        guard let intoParents = parents.inverted else { return .identity }
        let view = intoParents.concatenating(unparented)
        // Projection: x·zoom / −z, y·zoom / −z (w = −z); z becomes 1 / distance, larger
        // nearer the viewer, as a transform layer sorts its layers' depths back to front.
        var projection = CATransform3D.identity
        projection.m11 = zoom; projection.m22 = zoom; projection.m33 = 0; projection.m43 = 1; projection.m34 = -1; projection.m44 = 0
        return CATransform3D.translation(cx, cy, 0).concatenating(view).concatenating(projection)
    }

    /// A layer the size of the composition whose sublayerTransform is the camera's view,
    /// animated when the camera moves, holding `top` (the transform layer of a run of 3D layers).
    static func viewed(_ top: CALayer, camera: (LottieCamera, LottieTransformModel)?, timeline: LottieTimeline,
                       width: Double, height: Double, parents: [LottieTransformModel] = []) -> CALayer {
        let holder = CALayer()
        holder.anchorPoint = Point(0, 0)
        holder.bounds = Rect(0, 0, width, height)
        holder.position = Point(0, 0)
        holder.name = top.name
        let moves = (camera.map { c, t in c.zoom.changesOverTime || changesOverTime(t) } ?? false)
            || parents.contains { changesOverTime($0) }
        LottieKeyframeAnimation.applySampled(.sublayerTransform, to: holder, timeline: timeline, animated: moves) { t in
            // The parents at the composition's frame, as the camera (a layer's own keyframes
            // run on its composition's frames: see LottieTimeline), the camera's first.
            let frame = timeline.frame(atRoot: t)
            let chain = parents.reduce(CATransform3D.identity) { $0.concatenating(matrix($1, at: frame)) }
            return sublayerTransform(camera: camera, at: frame, width: width, height: height, parents: chain)
        }
        holder.addSublayer(top)
        return holder
    }
}
