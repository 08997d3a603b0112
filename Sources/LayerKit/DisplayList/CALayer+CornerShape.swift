// The layer's shape: its bounds with the corners `maskedCorners` selects rounded by
// `cornerRadius`, along `cornerCurve`. The background, the border, the gradient of a
// gradient layer and the masksToBounds clip all take this shape. Circular corners are
// quarter circles (one cubic each, as Path.addRoundedRect). Continuous corners follow
// Apple's iOS 7 "squircle" as measured by PaintCode ("The Code Behind iOS 7's rounded
// corners"): the rounding starts 1.52866483 × radius from the corner and is made of three
// cubics whose curvature grows from zero at the edge, so the radius is limited to
// min(width, height) / 2 / 1.52866483.

extension CALayer {
    /// The ratio of a continuous corner's extent along each edge to its radius.
    static let continuousCornerExtent = 1.52866483

    /// Whether the shape is the plain circular rounded rectangle of `cornerRadius` (all four
    /// corners, circular curve): what a clip shape can express.
    var hasPlainCorners: Bool { maskedCorners == .all && cornerCurve == .circular }

    /// The shape masksToBounds clips to: exactly the shape the background fills. "When true an
    /// implicit mask matching the layer bounds is applied to the layer (including the effects
    /// of the `cornerRadius' property)" (CALayer.h, masksToBounds), and `maskedCorners`
    /// "defines which of the four corners receives the masking when using `cornerRadius'
    /// property" (CALayer.h, maskedCorners), along `cornerCurve`.
    var boundsClipPath: Path { cornerRadius > 0 ? cornerShape() : .rect(bounds) }

    /// The layer's shape in its own coordinates (`b` defaults to the bounds; `radius` to
    /// cornerRadius).
    func cornerShape(_ b: Rect? = nil, radius: Double? = nil) -> Path {
        let b = b ?? bounds
        let r = radius ?? cornerRadius
        guard r > 0, !maskedCorners.isEmpty else { return .rect(b) }
        if hasPlainCorners { return .roundedRect(b, cornerRadius: r) }
        return Self.cornerShape(b, radius: r, corners: maskedCorners, curve: cornerCurve)
    }

    /// `b` with the corners in `corners` rounded by `radius` along `curve`, clockwise on a
    /// y-down screen from the top-left corner.
    static func cornerShape(_ b: Rect, radius: Double, corners: CACornerMask, curve: CALayerCornerCurve) -> Path {
        let half = min(b.width, b.height) / 2
        let r = curve == .continuous ? min(radius, half / continuousCornerExtent) : min(radius, half)
        // Each corner: its point, the direction the edge arrives along, the one it leaves along.
        let list: [(CACornerMask, Point, Point, Point)] = [
            (.layerMinXMinYCorner, Point(b.minX, b.minY), Point(0, -1), Point(1, 0)),
            (.layerMaxXMinYCorner, Point(b.maxX, b.minY), Point(1, 0), Point(0, 1)),
            (.layerMaxXMaxYCorner, Point(b.maxX, b.maxY), Point(0, 1), Point(-1, 0)),
            (.layerMinXMaxYCorner, Point(b.minX, b.maxY), Point(-1, 0), Point(0, -1)),
        ]
        var p = Path()
        for (i, (mask, c, u, v)) in list.enumerated() {
            // (a, b): a back from the corner along the arriving edge, b along the leaving one.
            func at(_ a: Double, _ bb: Double) -> Point { Point(c.x - u.x * a + v.x * bb, c.y - u.y * a + v.y * bb) }
            guard corners.contains(mask), r > 0 else {
                if i == 0 { p.move(to: c) } else { p.addLine(to: c) }
                continue
            }
            switch curve {
            case .circular:
                let k = 0.5522847498 * r
                if i == 0 { p.move(to: at(r, 0)) } else { p.addLine(to: at(r, 0)) }
                p.addCurve(to: at(0, r), control1: at(r - k, 0), control2: at(0, r - k))
            case .continuous:
                let e = continuousCornerExtent * r
                if i == 0 { p.move(to: at(e, 0)) } else { p.addLine(to: at(e, 0)) }
                p.addCurve(to: at(0.66993427 * r, 0.06549600 * r), control1: at(1.08849323 * r, 0), control2: at(0.86840689 * r, 0))
                p.addLine(to: at(0.63149399 * r, 0.07491100 * r))
                p.addCurve(to: at(0.07491100 * r, 0.63149399 * r), control1: at(0.37282392 * r, 0.16905899 * r),
                           control2: at(0.16905899 * r, 0.37282392 * r))
                p.addLine(to: at(0.06549600 * r, 0.66993427 * r))
                p.addCurve(to: at(0, e), control1: at(0, 0.86840701 * r), control2: at(0, 1.08849323 * r))
            }
        }
        p.closeSubpath()
        return p
    }
}
