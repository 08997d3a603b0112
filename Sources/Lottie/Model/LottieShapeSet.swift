// The beziers one fill or stroke paints, as one animatable value: several shapes of a group
// mix shape by shape, and become one path with a subpath per shape.
import Raster

struct LottieShapeSet: LottieInterpolatable {
    var shapes: [LottieBezier]
    init(_ shapes: [LottieBezier]) { self.shapes = shapes }

    static func mix(_ a: LottieShapeSet, _ b: LottieShapeSet, eased: [Double]) -> LottieShapeSet {
        guard a.shapes.count == b.shapes.count else { return eased[0] < 1 ? a : b }
        return LottieShapeSet(zip(a.shapes, b.shapes).map { LottieBezier.lerp($0, $1, eased[0]) })
    }

    /// One path, a subpath per shape.
    var path: Path {
        var p = Path()
        for s in shapes { s.append(to: &p) }
        return p
    }
}
