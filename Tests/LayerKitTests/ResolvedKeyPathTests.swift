// Tests of key paths read once per animation (ResolvedKeyPath): every read and write through
// one gives what `value(forKeyPath:)` and `setValue(_:forKeyPath:)` give, for whole
// properties, parts of values, every `transform.*` component (with the decomposition it keeps
// from one matrix to the next), unknown key paths, a changed key path, layers of several
// classes, and an emitter, whose key-value methods add its cells' key paths.

import Testing
@testable import LayerKit
import TestSupport

@Suite(.freshAnimationContext) struct ResolvedKeyPathTests {
    /// Matrices a transform component starts from: the identity, 2D and 3D maps, a mirror, a
    /// perspective, −0 entries, and singular ones.
    static let matrices: [CATransform3D] = [
        .identity,
        .rotation(0.7),
        .scale(2, -3, 0.5).concatenating(.rotation(1.1, 1, 2, 3)).concatenating(.translation(4, 5, 6)),
        .scale(1.5, 1.5).concatenating(.rotation(-2)).concatenating(.translation(-3, 8)).concatenating(.perspective(500)),
        CATransform3D([1, -0.0, 0, 0, -0.0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])!,
        .scale(0, 2),
        CATransform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])!,
    ]
    static let transformKeyPaths = ["transform.scale", "transform.scale.x", "transform.scale.y", "transform.scale.z",
                                    "transform.rotation", "transform.rotation.x", "transform.rotation.y",
                                    "transform.rotation.z", "transform.translation", "transform.translation.x",
                                    "transform.translation.y", "transform.translation.z",
                                    "sublayerTransform.rotation.z", "sublayerTransform.scale"]

    /// The layer's whole state as the key paths show it.
    func state(_ l: CALayer) -> [AnimatableValue?] { type(of: l).properties.animatable.map { $0.get(l) } }

    @Test func transformComponentsReadAndWriteAsTheKeyPathMethods() {
        for keyPath in Self.transformKeyPaths {
            let animation = CABasicAnimation(keyPath: keyPath)
            // One animation writes many matrices in turn, each twice (the kept decomposition).
            for m in Self.matrices + Self.matrices.reversed() {
                for value in [AnimatableValue.number(0.25), .number(-3), .size(Size(5, -6)), .point(Point(1, 2)), .bool(true)] {
                    let viaMethods = CALayer(), viaResolved = CALayer()
                    viaMethods.transform = m; viaResolved.transform = m
                    viaMethods.sublayerTransform = m; viaResolved.sublayerTransform = m
                    let resolved = animation.resolvedKeyPath(for: viaResolved)!
                    #expect(resolved.value(of: viaResolved) == viaMethods.value(forKeyPath: keyPath), "\(keyPath)")
                    let a = viaMethods.setValue(value, forKeyPath: keyPath)
                    let b = resolved.setValue(value, of: viaResolved)
                    #expect(a == b, "\(keyPath) \(value)")
                    #expect(viaResolved.transform.hasSameBitsForTest(as: viaMethods.transform), "\(keyPath) \(value) \(m)")
                    #expect(viaResolved.sublayerTransform.hasSameBitsForTest(as: viaMethods.sublayerTransform), "\(keyPath)")
                }
            }
        }
    }

    @Test func wholePropertiesPartsAndUnknownKeyPaths() {
        let writes: [(String, AnimatableValue)] = [
            ("position", .point(Point(3, 4))), ("position.y", .number(7)), ("position.z", .number(1)),
            ("bounds.size", .size(Size(10, 20))), ("bounds.size.height", .number(30)), ("opacity", .number(0.5)),
            ("opacity", .point(.zero)), ("strokeEnd", .number(0.25)), ("strokeEnds", .number(1)), ("fillColor", .color(nil)),
            ("transform", .transform(.rotation(0.3))), ("transform.rotation.w", .number(1)), ("", .number(1)),
            ("name", .number(1)), ("backgroundColor", .color(Color(1, 0, 0, 1))),
        ]
        for (keyPath, value) in writes {
            for make in [{ CALayer() }, { CAShapeLayer() }, { CAGradientLayer() }, { CATextLayer() }] as [() -> CALayer] {
                let viaMethods = make(), viaResolved = make()
                let animation = CABasicAnimation(keyPath: keyPath)
                let resolved = animation.resolvedKeyPath(for: viaResolved)!
                #expect(resolved.value(of: viaResolved) == viaMethods.value(forKeyPath: keyPath), "\(keyPath)")
                #expect(viaMethods.setValue(value, forKeyPath: keyPath) == resolved.setValue(value, of: viaResolved), "\(keyPath)")
                #expect(state(viaResolved) == state(viaMethods), "\(keyPath) on \(type(of: viaMethods))")
            }
        }
    }

    @Test func readAgainForAnotherClassOrKeyPath() {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        let shape = CAShapeLayer(), plain = CALayer()
        #expect(animation.resolvedKeyPath(for: shape)!.setValue(.number(0.5), of: shape))
        #expect(shape.strokeEnd == 0.5)
        // A plain layer has no strokeEnd: read for its class, the same animation writes nothing.
        #expect(!animation.resolvedKeyPath(for: plain)!.setValue(.number(0.5), of: plain))
        animation.keyPath = "opacity"
        #expect(animation.resolvedKeyPath(for: shape)!.setValue(.number(0.5), of: shape))
        #expect(shape.opacity == 0.5 && shape.strokeEnd == 0.5)
        animation.keyPath = nil
        #expect(animation.resolvedKeyPath(for: shape) == nil)
    }

    @Test func emitterKeyPathsGoThroughItsOwnMethods() {
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "spark"
        emitter.emitterCells = [cell]
        let keyPath = "emitterCells.spark.birthRate"
        let animation = CABasicAnimation(keyPath: keyPath)
        let resolved = animation.resolvedKeyPath(for: emitter)!
        #expect(resolved.value(of: emitter) == emitter.value(forKeyPath: keyPath))
        #expect(resolved.setValue(.number(42), of: emitter))
        #expect(emitter.value(forKeyPath: keyPath) == .number(42))
    }

    /// An animation of a `transform.*` component over frames of a render tree draws what a
    /// fresh presentation copy draws (the kept decomposition never leaks from one frame to the
    /// next, model changes between frames included).
    @Test func renderTreeFramesMatchFreshCopies() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 10, 10)
        // It draws (the render tree leaves a layer that draws nothing unevaluated).
        l.backgroundColor = .red
        l.transform = .scale(2, 3)
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [.number(0), .number(3)]
        spin.duration = 1
        spin.fillMode = .both
        spin.isRemovedOnCompletion = false
        l.add(spin, forKey: "spin")
        let grow = CABasicAnimation(keyPath: "transform.scale.x")
        grow.fromValue = .number(1); grow.toValue = .number(4)
        grow.duration = 1
        grow.fillMode = .both
        grow.isRemovedOnCompletion = false
        l.add(grow, forKey: "grow")
        CAAnimationEngine.current.tick(at: 0)
        let tree = RenderTree()
        for (i, t) in [0.0, 0.3, 0.3, 0.7, 1.2].enumerated() {
            if i == 3 { l.transform = .rotation(0.4).concatenating(.translation(2, 1)) }
            let kept = tree.update(l, at: t).transform
            let fresh = l.presentation(at: t).transform
            #expect(kept.hasSameBitsForTest(as: fresh), "frame \(i)")
        }
    }
}

extension CATransform3D {
    /// Every entry with the same bits (0 and −0 told apart, NaN equal to itself).
    func hasSameBitsForTest(as o: CATransform3D) -> Bool {
        zip(values, o.values).allSatisfy { $0.bitPattern == $1.bitPattern }
    }
}
