// Small helpers of the tests of contents geometry, clipped shadows, flipped geometry, the
// contents crossfade, the style and filter references and the presentation and render
// trees: a root of a given size, a coloured box, its rendering, pixels as components, a moving
// layer wrapped as a Lottie layer's transform layers wrap its content.
@testable import LayerKit

enum PixelScene {
    /// A root `w` × `h` points with `layers` as sublayers.
    static func root(_ w: Double, _ h: Double, _ layers: [CALayer]) -> CALayer {
        let root = CALayer()
        root.bounds = Rect(0, 0, w, h)
        root.position = Point(w / 2, h / 2)
        for l in layers { root.addSublayer(l) }
        return root
    }

    /// A layer filling `frame` with `color`.
    static func box(_ frame: Rect, _ color: Color) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    /// `root` drawn on white at scale 1.
    static func render(_ root: CALayer, _ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        LayerRenderer(background: .white).draw(root, into: Canvas(b))
        return b
    }

    /// A bitmap of the given pixels (ARGB, premultiplied), row by row.
    static func image(_ w: Int, _ h: Int, _ pixels: [UInt32]) -> ImageRef {
        let b = Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b[x, y] = pixels[y * w + x] } }
        return ImageRef(b)
    }

    /// `position.x` from `from` to `to` over `duration` seconds, held after.
    static func move(_ l: CALayer, from: Double, to: Double, duration: Double = 1) {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = .number(from); a.toValue = .number(to)
        a.duration = duration
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "move")
    }

    /// A plain layer moving from x = `from` to `to`, holding a plain layer that holds `leaf`:
    /// a Lottie layer's transform layers around its content.
    static func wrapped(_ leaf: CALayer, from: Double, to: Double) -> CALayer {
        let outer = CALayer(), inner = CALayer()
        outer.anchorPoint = Point(0, 0); inner.anchorPoint = Point(0, 0)
        outer.bounds = Rect(0, 0, 0, 0); inner.bounds = Rect(0, 0, 0, 0)
        move(outer, from: from, to: to)
        inner.addSublayer(leaf)
        outer.addSublayer(inner)
        return outer
    }

    static func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff)) }
}
