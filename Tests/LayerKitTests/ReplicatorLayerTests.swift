// Tests of CAReplicatorLayer: instance transforms, colours and delays, its document form, and
// display-list keys of its own for every copy.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// CAReplicatorLayer: instance transforms, colours and delayed time, its document form, and
/// display-list keys of its own for every copy.
@Suite(.serialized, .freshAnimationContext) struct ReplicatorLayerTests {
    /// Six squares stepped right and down, red fading out and blue growing with each copy.
    func steppedReplicator() -> (CALayer, CAReplicatorLayer) {
        let root = MoreLayersGoldens.root(140, 60)
        let r = CAReplicatorLayer()
        r.bounds = Rect(0, 0, 140, 60); r.position = Point(70, 30)
        r.instanceCount = 6
        r.instanceTransform = .translation(22, 4, 0)
        r.instanceColor = Color(1, 1, 0, 1)
        r.instanceRedOffset = -0.2; r.instanceBlueOffset = 0.2
        let square = CALayer()
        square.bounds = Rect(0, 0, 18, 18); square.position = Point(14, 14)
        square.backgroundColor = .white
        r.addSublayer(square)
        root.addSublayer(r)
        return (root, r)
    }

    @Test func instancesStepAndTint() throws {
        let (root, r) = steppedReplicator()
        #expect(r.color(ofInstance: 0) == Color(1, 1, 0, 1))
        let c5 = try #require(r.color(ofInstance: 5))
        #expect(abs(c5.r - 0) < 1e-12 && abs(c5.b - 1) < 1e-12 && c5.g == 1)
        let b = MoreLayersGoldens.render(root, 140, 60)
        // Instance 0 at (5…23, 5…23): white × yellow; instance 5 at +110, +20: white × (0, 1, 1).
        #expect(MoreLayersGoldens.rgba(b, 14, 14) == (255, 255, 0, 255))
        #expect(MoreLayersGoldens.rgba(b, 124, 34) == (0, 255, 255, 255))
        // Instance 2 (+44, +8): red 0.6, blue 0.4.
        #expect(MoreLayersGoldens.rgba(b, 58, 22) == (153, 255, 102, 255))
        // Between the copies: background.
        #expect(MoreLayersGoldens.rgba(b, 25, 14) == (255, 255, 255, 255))
        try expectGolden(b, "replicator_stepped", in: MoreLayersGoldens.folder, tolerance: MoreLayersGoldens.tolerance)
    }

    @Test func everyCopyHasItsOwnDisplayItemKeys() {
        let (root, _) = steppedReplicator()
        let list = LayerRenderer().displayList(root, width: 140, height: 60)
        let keys = list.items.map(\.key)
        #expect(Set(keys).count == keys.count)
        // Six backgrounds, each (but white × white) in a tinted group.
        #expect(list.items.filter { if case .fill = $0.operation { return true }; return false }.count == 6)
        #expect(list.items.filter { if case .tintGroup = $0.operation { return true }; return false }.count == 6)
    }

    /// "instanceDelay: the delay, in seconds, between replicated copies": copy k shows the
    /// animation k × delay later.
    @Test func instanceDelayShiftsEachCopysTime() throws {
        let context = CAAnimationContext.current
        context.clock.manualTime = 100
        let root = MoreLayersGoldens.root(100, 100)
        let r = CAReplicatorLayer()
        r.bounds = Rect(0, 0, 100, 100); r.position = Point(50, 50)
        r.instanceCount = 4; r.instanceDelay = 0.25
        let dot = CALayer()
        dot.bounds = Rect(0, 0, 10, 10); dot.backgroundColor = .black
        r.addSublayer(dot)
        root.addSublayer(r)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = .number(0); a.toValue = .number(1)
        a.duration = 1; a.beginTime = 100; a.fillMode = .both
        dot.add(a, forKey: "fade")
        for t in [100.0, 100.3, 100.6, 101.1] {
            let p = try #require(root.presentation(at: t).sublayers?.first as? CAReplicatorLayer)
            for k in 0..<4 {
                let opacity = try #require(p.sublayers(ofInstance: k).first).opacity
                let expected = min(1, max(0, t - 100 - 0.25 * Double(k)))
                #expect(abs(opacity - expected) < 1e-9, "t = \(t), instance \(k)")
            }
        }
    }

    @Test func documentsNameTheReplicatorAndItsProperties() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"type": "replicator", "name": "r", "instanceCount": 5, "instanceDelay": 0.1,
           "instanceTransform": [{"rotate": 0.5}], "instanceColor": "#ff0000", "instanceRedOffset": -0.1,
           "instanceGreenOffset": 0.1, "instanceBlueOffset": 0.2, "instanceAlphaOffset": -0.2, "preservesDepth": true}
        ]}
        """)
        let r = try #require(doc.layersByName["r"] as? CAReplicatorLayer)
        #expect(r.instanceCount == 5 && r.instanceDelay == 0.1 && r.instanceColor == Color(1, 0, 0, 1))
        #expect(r.instanceRedOffset == -0.1 && r.instanceGreenOffset == 0.1 && r.instanceBlueOffset == 0.2)
        #expect(r.instanceAlphaOffset == -0.2 && r.preservesDepth)
        #expect(r.value(forKeyPath: "instanceCount") == .number(5))
        for (bad, message) in [("-1", "layers[0].instanceCount: expected a whole number of at least 0, got -1"),
                               ("2.5", "layers[0].instanceCount: expected a whole number of at least 0, got 2.5"),
                               ("1000000", "layers[0].instanceCount: 1000000 exceeds the limit 10000")] {
            do {
                _ = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"type": "replicator", "instanceCount": \#(bad)}]}"#)
                Issue.record("instanceCount \(bad) was accepted")
            } catch { #expect("\(error)" == message) }
        }
    }
}
