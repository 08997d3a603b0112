// Tests of key-path reads and writes, and of the transform decomposition behind the
// `transform.*` sub key paths.

import Testing
@testable import LayerKit
import TestSupport

/// Key-path reads and writes, and the transform decomposition behind the sub-key-paths.
@Suite(.freshAnimationContext) struct KeyPathTests {
    func near(_ a: CATransform3D, _ b: CATransform3D, _ eps: Double = 1e-9) -> Bool {
        zip(a.values, b.values).allSatisfy { abs($0 - $1) < eps }
    }

    @Test func plainAndSubKeyPaths() {
        let l = CAShapeLayer()
        #expect(l.setValue(.point(Point(3, 4)), forKeyPath: "position"))
        #expect(l.setValue(.number(7), forKeyPath: "position.y"))
        #expect(l.value(forKeyPath: "position") == .point(Point(3, 7)))
        #expect(l.setValue(.size(Size(10, 20)), forKeyPath: "bounds.size"))
        #expect(l.setValue(.number(30), forKeyPath: "bounds.size.height"))
        #expect(l.setValue(.point(Point(1, 2)), forKeyPath: "bounds.origin"))
        #expect(l.bounds == Rect(1, 2, 10, 30))
        #expect(l.setValue(.number(0.25), forKeyPath: "strokeEnd"))
        #expect(l.value(forKeyPath: "strokeEnd") == .number(0.25))
        #expect(l.value(forKeyPath: "strokeEnds") == nil)
        #expect(!l.setValue(.point(.zero), forKeyPath: "strokeEnd"))
        #expect(CALayer().value(forKeyPath: "strokeEnd") == nil)
        #expect(l.setValue(.color(nil), forKeyPath: "fillColor") && l.fillColor == nil)
    }

    @Test func transformSubKeyPathsComposeScaleRotateTranslate() {
        let l = CALayer()
        l.setValue(.number(2), forKeyPath: "transform.scale")
        l.setValue(.number(0.5), forKeyPath: "transform.rotation")
        l.setValue(.size(Size(10, 20)), forKeyPath: "transform.translation")
        // translate · rotateZ · scale as chained CA calls: scale acts first.
        let expected = CATransform3D.scale(2, 2, 2).concatenating(.rotation(0.5)).concatenating(.translation(10, 20, 0))
        #expect(near(l.transform, expected))
        #expect(l.value(forKeyPath: "transform.rotation.z") == .number(0.5) || {
            if case .number(let v) = l.value(forKeyPath: "transform.rotation.z")! { return abs(v - 0.5) < 1e-12 }
            return false
        }())
        if case .number(let sx) = l.value(forKeyPath: "transform.scale.x") { #expect(abs(sx - 2) < 1e-12) } else { Issue.record("scale.x") }
        if case .number(let ty) = l.value(forKeyPath: "transform.translation.y") { #expect(abs(ty - 20) < 1e-12) } else { Issue.record("ty") }
        l.setValue(.number(3), forKeyPath: "transform.scale.y")
        if case .number(let r) = l.value(forKeyPath: "transform.rotation") { #expect(abs(r - 0.5) < 1e-12) } else { Issue.record("rot") }
        if case .number(let sy) = l.value(forKeyPath: "transform.scale.y") { #expect(abs(sy - 3) < 1e-12) } else { Issue.record("sy") }
    }

    @Test func decompositionRoundTrips() {
        let cases: [CATransform3D] = [
            .identity,
            .rotation(0.7, 0, 1, 0),
            .rotation(1.1, 1, 2, 3).concatenating(.scale(2, -3, 0.5)).concatenating(.translation(4, 5, 6)),
            .scale(1.5, 1.5).concatenating(.rotation(-2)).concatenating(.translation(-3, 8)).concatenating(.perspective(500)),
            CATransform3D([1, 0.3, 0, 0, 0.2, 1, 0, 0, 0, 0, 1, 0, 7, 8, 0, 1])!,
            .rotation(.pi / 2, 0, 1, 0),   // gimbal lock
        ]
        for t in cases {
            guard let d = t.decomposed else { Issue.record(Comment(rawValue: "singular")); continue }
            #expect(near(d.matrix, t, 1e-9), "\(t.values)")
        }
        #expect(CATransform3D.scale(0, 1).decomposed == nil)
        var d = DecomposedTransform(); d.rx = 0.3; d.ry = -0.4; d.rz = 1.2
        let back = d.matrix.decomposed!
        #expect(abs(back.rx - 0.3) < 1e-12 && abs(back.ry + 0.4) < 1e-12 && abs(back.rz - 1.2) < 1e-12)
    }

    @Test func rotationComponentsAboutEachAxis() {
        for (key, axis) in [("x", (1.0, 0.0, 0.0)), ("y", (0.0, 1.0, 0.0)), ("z", (0.0, 0.0, 1.0))] {
            let l = CALayer()
            l.transform = .rotation(0.6, axis.0, axis.1, axis.2)
            guard case .number(let v) = l.value(forKeyPath: "transform.rotation.\(key)") else { Issue.record("rotation \(key)"); continue }
            #expect(abs(v - 0.6) < 1e-12, "\(key)")
        }
    }
}
