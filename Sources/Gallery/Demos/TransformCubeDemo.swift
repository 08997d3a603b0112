// The transform-layer demo: a cube of six face layers inside a CATransformLayer, so the faces
// keep their 3D places, are drawn back to front and hide their backs (isDoubleSided false),
// seen through the perspective of the container's sublayerTransform. A click on the left,
// right, top or bottom of the window (or an arrow key) turns the cube a quarter turn that way.
import LayerKit
import Player

/// A cube that turns with clicks and arrow keys; in the gallery tile it spins by itself.
public final class TransformCubeDemo: Demo {
    public static let name = "cube"
    public static let title = "Transform-layer cube"

    public let container = CALayer()
    public let cube = CATransformLayer()
    public private(set) var faces: [CALayer] = []
    /// The cube's orientation: the product of every quarter turn so far.
    public private(set) var orientation = CATransform3D.identity
    var size = Size(0, 0)
    static let turnDuration = 0.5

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.size = size
        root.backgroundColor = Color(0.08, 0.09, 0.12)
        container.bounds = Rect(0, 0, size.width, size.height)
        container.position = Point(size.width / 2, size.height / 2)
        // A little from above, with perspective: tilt first, then the eye 600 points away.
        container.sublayerTransform = CATransform3D.rotation(-0.45, 1, 0, 0).concatenating(.rotation(0.55, 0, 1, 0))
            .concatenating(.perspective(600))
        root.addSublayer(container)
        let s = min(size.width, size.height) * 0.36, h = s / 2
        cube.bounds = Rect(0, 0, s, s)
        cube.position = Point(size.width / 2, size.height / 2)
        container.addSublayer(cube)
        let colors = [Color(0.91, 0.3, 0.24), Color(0.18, 0.8, 0.44), Color(0.2, 0.6, 0.86),
                      Color(0.95, 0.77, 0.06), Color(0.61, 0.35, 0.71), Color(0.9, 0.49, 0.13)]
        // Front, back, right, left, top, bottom: each turned outwards, then pushed out by half a side.
        let placements: [CATransform3D] = [
            .translation(0, 0, h),
            CATransform3D.rotation(.pi, 0, 1, 0).concatenating(.translation(0, 0, -h)),
            CATransform3D.rotation(.pi / 2, 0, 1, 0).concatenating(.translation(h, 0, 0)),
            CATransform3D.rotation(-.pi / 2, 0, 1, 0).concatenating(.translation(-h, 0, 0)),
            CATransform3D.rotation(.pi / 2, 1, 0, 0).concatenating(.translation(0, -h, 0)),
            CATransform3D.rotation(-.pi / 2, 1, 0, 0).concatenating(.translation(0, h, 0)),
        ]
        for (i, t) in placements.enumerated() {
            let face = CALayer()
            face.bounds = Rect(0, 0, s, s)
            face.position = Point(h, h)
            face.backgroundColor = colors[i]
            face.borderColor = Color(1, 1, 1, 0.8)
            face.borderWidth = 3
            face.cornerRadius = s * 0.06
            face.isDoubleSided = false
            face.transform = t
            let label = CATextLayer()
            label.string = "\(i + 1)"
            label.fontSize = s * 0.5
            label.alignmentMode = .center
            label.bounds = Rect(0, 0, s, s * 0.62)
            label.position = Point(h, h + s * 0.04)
            face.addSublayer(label)
            cube.addSublayer(face)
            faces.append(face)
        }
    }

    /// Turns the cube a quarter turn about the screen's vertical (dx ≠ 0) or horizontal
    /// (dy ≠ 0) axis, animated from where it is now.
    public func turn(dx: Int, dy: Int) {
        let step: CATransform3D = dx != 0 ? .rotation(Double(dx) * .pi / 2, 0, 1, 0) : .rotation(Double(-dy) * .pi / 2, 1, 0, 0)
        let from = (cube.presentation() ?? cube).transform
        orientation = orientation.concatenating(step)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        cube.transform = orientation
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = .transform(from)
        a.toValue = .transform(orientation)
        a.duration = Self.turnDuration
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        cube.add(a, forKey: "turn")
        CATransaction.commit()
    }

    public func click(at point: Point) -> Bool {
        let x = point.x / max(size.width, 1), y = point.y / max(size.height, 1)
        if abs(x - 0.5) >= abs(y - 0.5) { turn(dx: x < 0.5 ? -1 : 1, dy: 0) } else { turn(dx: 0, dy: y < 0.5 ? -1 : 1) }
        return true
    }

    public func key(_ name: String) -> Bool {
        switch name {
        case "Left": turn(dx: -1, dy: 0)
        case "Right": turn(dx: 1, dy: 0)
        case "Up": turn(dx: 0, dy: -1)
        case "Down": turn(dx: 0, dy: 1)
        default: return false
        }
        return true
    }

    public func startForTile() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = .number(0)
        spin.toValue = .number(2 * .pi)
        spin.duration = 6
        spin.repeatCount = .infinity
        cube.add(spin, forKey: "spin")
    }
}
