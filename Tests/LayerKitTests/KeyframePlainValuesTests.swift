// A keyframe animation whose values are all numbers, points or colours mixes them unboxed
// (`KeyframePlainValues`): these tests hold the unboxed value to the boxed evaluation
// (`value(at:values:)`, through `Interpolation.lerp`) bit for bit, over many fractions, with
// key times, per-segment timing functions and out-of-range fractions, and check which value
// lists and modes fall back to the boxed evaluation.
import Testing
@testable import LayerKit

@Suite(.freshAnimationContext) struct KeyframePlainValuesTests {
    func animation(_ values: [AnimatableValue]) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = values
        a.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1),
                             CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.3, 1.4)]
        return a
    }

    /// Every fraction of a fine grid, the key times themselves, and fractions outside 0…1.
    var fractions: [Double] {
        (0...400).map { Double($0) / 400 } + [-0.5, -0.0, 1e-12, 0.5 - 1e-15, 1 + 1e-9, 3]
    }

    func bitsEqual(_ a: AnimatableValue?, _ b: AnimatableValue) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)): return x.bitPattern == y.bitPattern
        case (.point(let p)?, .point(let q)): return p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern
        case (.color(let c?)?, .color(let d?)):
            return c.r.bitPattern == d.r.bitPattern && c.g.bitPattern == d.g.bitPattern
                && c.b.bitPattern == d.b.bitPattern && c.a.bitPattern == d.a.bitPattern
        default: return false
        }
    }

    @Test(arguments: [
        [AnimatableValue.number(0), .number(1), .number(-3.25)],
        [.number(0.1), .number(0.7), .number(0.7), .number(1e-300), .number(-0.0)],
        [.point(Point(0, 10)), .point(Point(-5.5, 3)), .point(Point(1e6, -0.0))],
        [.color(.red), .color(nil), .color(Color(0.2, 0.4, 0.6, 0.8))],
    ])
    func unboxedValuesAreTheBoxedOnes(_ values: [AnimatableValue]) {
        // Evenly spaced, then uneven with a zero-length segment.
        for keyTimes in [nil, Array([0, 0.25, 0.25, 0.6, 1].prefix(values.count - 1)) + [1]] as [[Double]?] {
            let a = animation(values)
            a.keyTimes = keyTimes
            for f in fractions {
                let plain = a.plainLinearValue(at: f)?.boxed
                let boxed = a.value(at: f, values: values)
                #expect(bitsEqual(plain, boxed), "f = \(f), key times \(String(describing: keyTimes))")
            }
        }
    }

    @Test func otherListsAndModesUseTheBoxedEvaluation() {
        // Mixed kinds, another kind, a single value, other calculation modes.
        #expect(animation([.number(0), .point(Point(1, 1))]).plainLinearValue(at: 0.5) == nil)
        #expect(animation([.size(Size(1, 2)), .size(Size(3, 4))]).plainLinearValue(at: 0.5) == nil)
        #expect(animation([.number(2)]).plainLinearValue(at: 0.5) == nil)
        for mode in [CAAnimationCalculationMode.discrete, .paced, .cubic, .cubicPaced] {
            let a = animation([.number(0), .number(1), .number(4)])
            a.calculationMode = mode
            #expect(a.plainLinearValue(at: 0.3) == nil)
        }
    }

    @Test func changedValuesAreReadAgain() {
        let a = animation([.number(0), .number(10)])
        a.timingFunctions = nil
        #expect(a.plainLinearValue(at: 0.5) == .number(5))
        a.values = [.number(0), .number(20)]
        #expect(a.plainLinearValue(at: 0.5) == .number(10))
        a.values![1] = .point(Point(1, 1))
        #expect(a.plainLinearValue(at: 0.5) == nil)
    }

    /// `apply` writes the unboxed mix straight away only for an animation that neither adds
    /// to the value on screen nor is in a later cumulative cycle: those still add.
    @Test func applyAddsForAdditiveAndLaterCumulativeCycles() {
        func progress(_ f: Double, iteration: Int) -> CAAnimationProgress {
            CAAnimationProgress(time: f, duration: 1, iteration: iteration, fraction: f, isFilling: false)
        }
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "zPosition")
        a.values = [.number(1), .number(3), .number(7)]
        layer.zPosition = 100
        a.apply(progress(0.25, iteration: 0), to: layer)
        #expect(layer.zPosition == 2)
        // Additive: on the value on screen.
        a.isAdditive = true
        layer.zPosition = 100
        a.apply(progress(0.25, iteration: 0), to: layer)
        #expect(layer.zPosition == 102)
        // Cumulative, third cycle: two spans (7 − 1) added; the first cycle is the plain mix.
        a.isAdditive = false
        a.isCumulative = true
        a.apply(progress(0.75, iteration: 2), to: layer)
        #expect(layer.zPosition == 5 + 2 * 6)
        a.apply(progress(0.75, iteration: 0), to: layer)
        #expect(layer.zPosition == 5)
    }

    /// The unboxed write into a property of the value's type (`AnyLayerProperty.plainWrite`)
    /// leaves the layer as the boxed write does: numbers, points and colours into whole
    /// properties, and into a part of one (`position.x`) or a transform component through the
    /// boxed route; a value of another type than the property's writes what the boxed one does.
    @Test func unboxedWritesAreTheBoxedOnes() {
        let cases: [(String, KeyframePlainValue)] = [
            ("opacity", .number(0.375)), ("lineWidth", .number(-0.0)), ("position", .point(Point(3.5, -2))),
            ("strokeColor", .color(Color(0.1, 0.2, 0.3, 0.4))), ("fillColor", .color(.red)),
            ("position.x", .number(7)), ("transform.scale.x", .number(0.5)), ("transform.rotation.z", .number(1)),
            ("opacity", .point(Point(1, 2))), ("position", .number(4)), ("strokeColor", .number(1)),
        ]
        for (keyPath, value) in cases {
            let plain = CAShapeLayer(), boxed = CAShapeLayer()
            for l in [plain, boxed] { l.strokeColor = .blue; l.position = Point(1, 1); l.opacity = 0.5 }
            ResolvedKeyPath(keyPath, for: plain).setPlainValue(value, of: plain)
            ResolvedKeyPath(keyPath, for: boxed).setValue(value.boxed, of: boxed)
            for k in ["opacity", "lineWidth", "position", "strokeColor", "fillColor", "transform"] {
                #expect(plain.value(forKeyPath: k) == boxed.value(forKeyPath: k), "\(keyPath) → \(k)")
            }
        }
        // The write reached the property.
        let l = CAShapeLayer()
        ResolvedKeyPath("strokeColor", for: l).setPlainValue(.color(.red), of: l)
        #expect(l.strokeColor == .red)
        ResolvedKeyPath("position", for: l).setPlainValue(.point(Point(9, 8)), of: l)
        #expect(l.position == Point(9, 8))
    }
}
