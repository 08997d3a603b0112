// Lists (a gradient's colours and locations) and number lists mix element by element in
// `Interpolation.lerp` without building component vectors (`directLerp`, `mixedList`): these
// tests hold them to the vector form (`vector`, `x + (y − x)·t` per component, `value(_:like:)`,
// or a switch at the midpoint when the two cannot mix) bit for bit, over many fractions, for
// each kind an element can be, and for the lists that must stay with the vector form.
import Testing
@testable import LayerKit

/// A closed path of a move, a cubic and a line through `points` (five of them).
private func curvedPath(_ points: [Point]) -> Path {
    var p = Path()
    p.move(to: points[0])
    p.addCurve(to: points[3], control1: points[1], control2: points[2])
    p.addLine(to: points[4])
    p.closeSubpath()
    return p
}

/// A square: a path of another shape than `curvedPath`'s.
private func square() -> Path { var p = Path(); p.addRect(Rect(0, 0, 4, 4)); return p }

struct InterpolationListTests {
    /// A fine grid of fractions, and fractions outside 0…1 (a spring's overshoot).
    let fractions: [Double] = (0...64).map { Double($0) / 64 } + [-0.5, -0.0, 1e-12, 0.5 - 1e-15, 1 + 1e-9, 3]

    /// The vector form of `lerp` for values that are not whole transforms.
    func vectorForm(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        guard Interpolation.compatible(a, b), let va = Interpolation.vector(a), let vb = Interpolation.vector(b) else {
            return t < 0.5 ? a : b
        }
        var r = va
        for i in r.indices { r[i] = va[i] + (vb[i] - va[i]) * t }
        return Interpolation.value(r, like: a)
    }

    /// Equal kind, structure and components, bit for bit (a Double prints as the shortest text
    /// that reads back as the same bits, −0 as "-0.0").
    func same(_ x: AnimatableValue, _ y: AnimatableValue) -> Bool {
        String(reflecting: x) == String(reflecting: y)
    }

    @Test(arguments: [
        // A gradient's colours (a nil one mixes as clear) and locations.
        (AnimatableValue.list([.color(.red), .color(nil), .color(Color(0.2, 0.4, 0.6, 0.8))]),
         AnimatableValue.list([.color(Color(0.1, 0.9, 0.3, 0.25)), .color(.blue), .color(nil)])),
        (.list([.number(0), .number(0.3), .number(1)]), .list([.number(0.1), .number(-0.0), .number(1e-300)])),
        (.numbers([1, -2.5, 1e6]), .numbers([0.3, 7, -0.0])),
        // Every other kind an element may be, side by side.
        (.list([.point(Point(0, 10)), .size(Size(3, 4)), .rect(Rect(1, 2, 3, 4)), .numbers([1, 2]),
                .path(Optional(curvedPath([Point(0, 0), Point(1, 5), Point(7, 2), Point(9, 9), Point(-3, 4)])))]),
         .list([.point(Point(-5.5, 3)), .size(Size(0.5, 40)), .rect(Rect(-1, 0.25, 30, 0)), .numbers([-4, 0.125]),
                .path(Optional(curvedPath([Point(2, 2), Point(-1, 0), Point(3, 3), Point(0, 1), Point(6, -6)])))])),
        // Transforms in a list mix their matrix entries (the vector form), not by decomposition.
        (.list([.transform(.rotation(0.3)), .number(1)]), .list([.transform(CATransform3D.rotation(2.9).scaledBy(2, 1, 1)), .number(3)])),
        // A nested list.
        (.list([.list([.number(1), .color(.red)]), .number(2)]), .list([.list([.number(5), .color(.green)]), .number(-2)])),
    ])
    func listsMixAsTheirComponentVectors(_ a: AnimatableValue, _ b: AnimatableValue) {
        for t in fractions {
            let mixed = Interpolation.lerp(a, b, t)
            let expected = vectorForm(a, b, t)
            #expect(same(mixed, expected), "t = \(t): \(mixed) against \(expected)")
        }
    }

    @Test(arguments: [
        // Two lengths, two kinds in one place, a value that only switches, paths of two shapes,
        // number lists of two lengths, a nil path.
        (AnimatableValue.list([.number(0), .number(1)]), AnimatableValue.list([.number(0)])),
        (.list([.number(0), .point(Point(1, 1))]), .list([.number(2), .size(Size(1, 1))])),
        (.list([.number(0), .bool(false)]), .list([.number(2), .bool(true)])),
        (.list([.path(Optional(curvedPath([Point(0, 0), Point(1, 5), Point(7, 2), Point(9, 9), Point(-3, 4)])))]),
         .list([.path(Optional(square()))])),
        (.numbers([1, 2]), .numbers([1, 2, 3])),
        (.list([.path(nil)]), .list([.path(nil)])),
    ])
    func listsThatCannotMixSwitchAtTheMidpoint(_ a: AnimatableValue, _ b: AnimatableValue) {
        for t in fractions {
            let mixed = Interpolation.lerp(a, b, t)
            #expect(same(mixed, vectorForm(a, b, t)), "t = \(t)")
            #expect(same(mixed, t < 0.5 ? a : b), "t = \(t)")
        }
    }
}
