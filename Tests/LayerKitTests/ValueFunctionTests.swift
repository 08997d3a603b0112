// Tests of CAValueFunction on transform animations: the inputs interpolate, not the
// matrices; in code and in documents.

import Testing
@testable import LayerKit
import TestSupport

/// CAValueFunction on transform animations, in code and in documents.
@Suite(.freshAnimationContext) struct ValueFunctionTests {
    typealias M = AnimationModelTests

    static func transform(_ l: CALayer, at t: Double) -> CATransform3D {
        CAAnimationContext.current.clock.manualTime = t
        guard case .transform(let m)? = l.presentation()!.value(forKeyPath: "transform") else { return .identity }
        return m
    }
    static func close(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        zip(a.values, b.values).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    // "A value function that rotates by the input value, in radians, around the z-axis. This
    // value function expects a single input value." (CAValueFunctionName.rotateZ) — the input
    // is interpolated, so 0 → 2π turns a full circle (matrices alone would not move).
    @Test func rotateZInterpolatesTheAngleNotTheMatrix() {
        let (_, l) = M.tree(CALayer())
        let a = M.basic("transform", from: 0, to: 2 * .pi, dur: 1)
        a.valueFunction = CAValueFunction(name: .rotateZ)
        M.add(a, to: l, key: "spin")
        #expect(Self.close(Self.transform(l, at: 0.25), .rotation(.pi / 2)))
        #expect(Self.close(Self.transform(l, at: 0.5), .rotation(.pi)))
        #expect(abs((l.presentation()!.value(forKeyPath: "transform.rotation.z")?.kpNumber ?? 0) - .pi) < 1e-9)
    }

    // "Animations using this value transform function must provide animation values in an
    // NSArray of three NSNumber instances that specify the (x, y, z) scale values."
    // (CAValueFunctionName.scale)
    @Test func scaleTakesThreeInputs() {
        let (_, l) = M.tree(CALayer())
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .scale)
        a.fromValue = .numbers([1, 1, 1]); a.toValue = .numbers([3, 5, 7]); a.duration = 1
        M.add(a, to: l, key: "grow")
        #expect(Self.close(Self.transform(l, at: 0.5), .scale(2, 3, 4)))
        #expect(CAValueFunction(name: .scale).transform(for: .number(2)) == nil) // one input for three
    }

    // Each single-input function builds its elementary matrix ("A value function translates
    // by the input value along the x-axis", CAValueFunctionName.translateX, and likewise).
    @Test(arguments: CAValueFunctionName.allCases)
    func everyFunctionBuildsItsElementaryTransform(_ name: CAValueFunctionName) {
        let f = CAValueFunction(name: name)
        let input: AnimatableValue = name.inputCount == 3 ? .numbers([2, 3, 4]) : .number(2)
        let expected: CATransform3D = switch name {
        case .rotateX: .rotation(2, 1, 0, 0)
        case .rotateY: .rotation(2, 0, 1, 0)
        case .rotateZ: .rotation(2, 0, 0, 1)
        case .scale: .scale(2, 3, 4)
        case .scaleX: .scale(2, 1, 1)
        case .scaleY: .scale(1, 2, 1)
        case .scaleZ: .scale(1, 1, 2)
        case .translate: .translation(2, 3, 4)
        case .translateX: .translation(2, 0, 0)
        case .translateY: .translation(0, 2, 0)
        case .translateZ: .translation(0, 0, 2)
        }
        #expect(f.transform(for: input) == expected)
        #expect(f.transform(for: f.identityInput) == .identity)
    }

    // Keyframes take the function's inputs as values too.
    @Test func keyframeValuesAreTheFunctionsInputs() {
        let (_, l) = M.tree(CALayer())
        let k = CAKeyframeAnimation(keyPath: "transform")
        k.valueFunction = CAValueFunction(name: .translateX)
        k.values = [.number(0), .number(100), .number(40)]; k.duration = 2
        M.add(k, to: l, key: "slide")
        #expect(Self.close(Self.transform(l, at: 0.5), .translation(50, 0, 0)))
        #expect(Self.close(Self.transform(l, at: 1.5), .translation(70, 0, 0)))
    }

    // Documents: `valueFunction` with plain numbers or lists of three, for transforms only.
    @Test func documentValueFunctionReadsInputsAndRefusesOtherKeyPaths() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"animations": [
          {"type": "basic", "keyPath": "transform", "valueFunction": "translate",
           "fromValue": [0, 0, 0], "toValue": [10, 20, 30], "duration": 1}]}]}
        """)
        DocumentPlayback.prepare(doc)
        let l = try #require(doc.root.sublayers?.first)
        guard case .transform(let m)? = l.presentation(at: 0.5).value(forKeyPath: "transform") else {
            Issue.record("no transform"); return
        }
        #expect(Self.close(m, .translation(5, 10, 15)))
        #expect(throws: DocumentError.self) {
            try LayerDocument.parse("""
            {"width": 10, "height": 10, "layers": [{"animations": [
              {"type": "basic", "keyPath": "opacity", "valueFunction": "scale", "toValue": 1}]}]}
            """)
        }
        #expect(throws: DocumentError.self) {
            try LayerDocument.parse("""
            {"width": 10, "height": 10, "layers": [{"animations": [
              {"type": "basic", "keyPath": "transform", "valueFunction": "scale", "toValue": 2}]}]}
            """)
        }
        #expect(throws: DocumentError.self) {   // a keyframe path moves position: no transform
            try LayerDocument.parse("""
            {"width": 10, "height": 10, "layers": [{"animations": [
              {"type": "keyframe", "path": "M 0 0 L 10 10", "valueFunction": "rotateZ"}]}]}
            """)
        }
    }
}
