// Tests of document loading, and of a refusal naming the right place for each kind of bad
// input.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// Loading documents, and a refusal with the right place for every kind of bad input.
@Suite(.freshAnimationContext) struct DocumentTests {
    @Test func loadsLayersWithValues() throws {
        let doc = try LayerDocument.parse("""
        {"width": 400, "height": 300, "background": "#ff000080",
         "layers": [
           {"name": "box", "bounds": [0, 0, 80, 40], "position": [40, 20], "anchorPoint": [0, 1],
            "transform": [{"translate": [10, 0]}, {"rotate": 1.5707963267948966}],
            "opacity": 0.5, "hidden": false, "backgroundColor": [0, 0, 1, 1], "cornerRadius": 4,
            "borderWidth": 2, "borderColor": "#00ff00", "masksToBounds": true, "zPosition": 3,
            "actions": {"strokeStart": null, "position": null},
            "sublayers": [
              {"type": "shape", "name": "s", "path": "M 0 0 L 10 0 L 10 10 Z", "fillColor": null,
               "strokeColor": "#112233", "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel",
               "miterLimit": 4, "strokeStart": 0.1, "strokeEnd": 0.9, "lineDashPattern": [2, 1],
               "lineDashPhase": 0.5, "fillRule": "evenOdd"},
              {"type": "text", "string": "hello", "fontSize": 12, "alignmentMode": "center"}
            ]}
         ]}
        """)
        #expect(doc.width == 400 && doc.height == 300)
        #expect(abs(doc.background.a - 128.0 / 255) < 1e-12)
        let box = try #require(doc.layersByName["box"])
        #expect(box.bounds == Rect(0, 0, 80, 40) && box.anchorPoint == Point(0, 1) && box.zPosition == 3)
        // translate · rotate: the rotation acts first, then the translation.
        let expected = CATransform3D.rotation(.pi / 2).concatenating(.translation(10, 0))
        #expect(zip(box.transform.values, expected.values).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(box.actions.keys.contains("strokeStart") && box.actions["position"]! == nil)
        #expect(box.backgroundColor == Color(0, 0, 1, 1) && box.borderColor == Color(0, 1, 0, 1))
        let s = try #require(doc.layersByName["s"] as? CAShapeLayer)
        #expect(s.fillColor == nil && s.lineCap == .round && s.lineJoin == .bevel && s.fillRule == .evenOdd)
        #expect(s.lineDashPattern == [2, 1] && s.strokeStart == 0.1 && s.path?.elements.count == 4)
        #expect(s.superlayer === box)
        let t = try #require(box.sublayers?[1] as? CATextLayer)
        #expect(t.string == "hello" && t.fontSize == 12 && t.alignmentMode == .center && t.foregroundColor == .white)
        #expect(doc.allLayers.map(\.indexPath) == [[0], [0, 0], [0, 1]])
    }

    @Test func defaultsAreCoreAnimations() throws {
        let doc = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"type": "shape"}]}"#)
        let s = try #require(doc.root.sublayers?.first as? CAShapeLayer)
        #expect(s.fillColor == .black && s.strokeColor == nil && s.lineWidth == 1 && s.miterLimit == 10)
        #expect(s.anchorPoint == Point(0.5, 0.5) && s.opacity == 1 && s.speed == 1 && s.strokeEnd == 1)
        #expect(doc.background == .clear)
        #expect(doc.root.bounds == Rect(0, 0, 10, 10))
    }

    @Test func animationsAreParsedForTheirKeyPaths() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"type": "shape", "animations": [
          {"type": "basic", "key": "crawl", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 0.5,
           "duration": 0.75, "repeatCount": "infinity", "fillMode": "forwards",
           "timingFunction": [0.42, 0, 1.0, 0.55]},
          {"type": "keyframe", "keyPath": "position", "values": [[0, 0], [5, 5]], "keyTimes": [0, 1],
           "calculationMode": "paced"},
          {"type": "group", "duration": 2, "animations": [
             {"type": "spring", "keyPath": "transform.scale", "toValue": 2, "damping": 5}]},
          {"type": "basic", "keyPath": "transform", "toValue": [{"rotate": [1, 0, 1, 0]}]},
          {"type": "transition", "transitionType": "push", "subtype": "fromLeft", "to": {"opacity": 0.5}}
        ]}]}
        """)
        #expect(doc.animationSpecs.count == 5)
        let a = doc.animationSpecs[0].spec
        #expect(a.kind == .basic && a.key == "crawl" && a.toValue == .number(0.5) && a.repeatCount == .infinity)
        #expect(a.timingFunction == .controlPoints(0.42, 0, 1, 0.55) && a.fillMode == .forwards)
        #expect(doc.animationSpecs[1].spec.values == [.point(.zero), .point(Point(5, 5))])
        #expect(doc.animationSpecs[2].spec.animations.first?.damping == 5)
        #expect(doc.animationSpecs[4].spec.to.first?.1 == .number(0.5))
        #expect(doc.animationSources.count == 5)
    }

    /// Every kind of bad input: the message starts with the JSON path of the culprit.
    @Test(arguments: [
        (#"{"width": 10, "height": 10, "layers": [{}, {}, {"animations": [{"type": "basic", "keyPath": "strokeEnds"}]}]}"#,
         #"layers[2].animations[0].keyPath: unknown key path "strokeEnds""#),
        (#"{"width": 10, "height": 10, "layers": [{"type": "shape", "animations": [{"type": "basic", "keyPath": "strokeEnds"}]}]}"#,
         #"layers[0].animations[0].keyPath: unknown key path "strokeEnds""#),
        (##"{"width": 10, "height": 10, "layers": [{"colour": "#fff"}]}"##, ##"layers[0].colour: unknown key "colour""##),
        (#"{"width": 10, "height": 10, "extra": 1}"#, #"extra: unknown key "extra""#),
        (#"{"width": "10", "height": 10}"#, "width: expected a number, got a string"),
        (#"{"height": 10}"#, "width: missing"),
        (#"{"width": 10, "height": 10, "layers": [{"opacity": true}]}"#, "layers[0].opacity: expected a number, got a boolean"),
        (##"{"width": 10, "height": 10, "layers": [{"backgroundColor": "#ff00"}]}"##, ##"layers[0].backgroundColor: bad colour "#ff00""##),
        (##"{"width": 10, "height": 10, "layers": [{"backgroundColor": "#gg0000"}]}"##, ##"layers[0].backgroundColor: bad colour"##),
        (#"{"width": 10, "height": 10, "layers": [{"backgroundColor": [1, 0, 0]}]}"#, "layers[0].backgroundColor: bad colour: expected [r, g, b, a]"),
        (#"{"width": 10, "height": 10, "layers": [{"backgroundColor": [1, 0, 2, 1]}]}"#, "layers[0].backgroundColor[2]: colour component 2.0 outside 0…1"),
        (#"{"width": 10, "height": 10, "layers": [{"type": "shape", "path": "M 0 0 L 5"}]}"#, "layers[0].path: bad SVG path at offset"),
        (#"{"width": 10, "height": 10, "layers": [{"type": "blob"}]}"#, #"layers[0].type: unknown layer type "blob""#),
        (#"{"width": 10, "height": 10, "layers": [{"type": "shape", "lineCap": "flat"}]}"#, #"layers[0].lineCap: unknown value "flat""#),
        (#"{"width": 10, "height": 10, "layers": [{"path": "M 0 0"}]}"#, #"layers[0].path: unknown key "path""#),
        (#"{"width": 10, "height": 10, "layers": [{"transform": [{"skew": 1}]}]}"#, #"layers[0].transform[0].skew: unknown transform operation"#),
        (#"{"width": 10, "height": 10, "layers": [{"transform": [{"translate": [1]}]}]}"#, "layers[0].transform[0].translate: expected 2 or 3 numbers"),
        (#"{"width": 10, "height": 10, "layers": [{"transform": [{"matrix": [1, 2]}]}]}"#, "layers[0].transform[0].matrix: expected 16 numbers"),
        (#"{"width": 10, "height": 10, "layers": [{"bounds": [0, 0, 1]}]}"#, "layers[0].bounds: expected a rect"),
        (#"{"width": 10, "height": 10, "layers": [{"name": "a"}, {"name": "a"}]}"#, #"layers[1].name: duplicate layer name "a""#),
        (#"{"width": 10, "height": 10, "layers": [{"sublayers": [{"hidden": 1}]}]}"#, "layers[0].sublayers[0].hidden: expected true or false"),
        (#"{"width": 10, "height": 10, "layers": [{"actions": {"strokeEnds": null}}]}"#, #"layers[0].actions.strokeEnds: unknown key path "strokeEnds""#),
        (#"{"width": 10, "height": 10, "layers": [{"actions": {"opacity": 1}}]}"#, "layers[0].actions.opacity: expected null"),
        (#"{"width": 10, "height": 10, "layers": [{"type": "image", "contents": "no-such-file.png"}]}"#, #"layers[0].contents: image file "no-such-file.png" not found"#),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "bounce"}]}]}"#, #"layers[0].animations[0].type: unknown animation type "bounce""#),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": [1, 2]}]}]}"#,
         "layers[0].animations[0].toValue: expected a number, got an array"),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "basic", "keyPath": "position", "fromValue": 3}]}]}"#,
         "layers[0].animations[0].fromValue: expected an array, got a number"),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "timingFunction": "bouncy"}]}]}"#,
         #"layers[0].animations[0].timingFunction: unknown timing function "bouncy""#),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "fillMode": "sideways"}]}]}"#,
         #"layers[0].animations[0].fillMode: unknown value "sideways""#),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0.5, 0.2]}]}]}"#,
         "layers[0].animations[0].keyTimes[1]: key times must rise from 0 to 1"),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "group", "animations": [{"type": "basic", "keyPath": "nope"}]}]}]}"#,
         #"layers[0].animations[0].animations[0].keyPath: unknown key path "nope""#),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "repeatCount": -1}]}]}"#,
         "layers[0].animations[0].repeatCount: must not be negative"),
        (#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "transition", "transitionType": "wipe"}]}]}"#,
         #"layers[0].animations[0].transitionType: unknown transition type "wipe""#),
        (#"{"width": 10, "height": 10, "layers": [{"opacity": "infinity"}]}"#, #"layers[0].opacity: "infinity" is not allowed here"#),
        (#"{"width": 10, "height": 10, "layers": [{"type": "shape","#, "invalid JSON at line 1, offset 56: unexpected end of input (truncated document?)"),
        (#"{"width": 10, "height": 10, "width": 3}"#, #"invalid JSON at line 1, offset 28: duplicate key "width""#),
        (#"{"width": 10, "height": 10, "layers": [{"position": [1e400, 0]}]}"#, "layers[0].position[0]: number out of range"),
        (#"[1, 2]"#, "document: expected an object, got an array"),
        ("", "invalid JSON at line 1, offset 0: unexpected end of input"),
        (#"{"width": 10, "height": 10, "layers": [{"opacity": 01}]}"#, "invalid JSON"),
    ])
    func refusesBadDocuments(_ text: String, _ expected: String) {
        do {
            _ = try LayerDocument.parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func loadsImageContentsThroughTheLoader() throws {
        final class FakeLoader: ImageLoading {
            var loaded: [String] = []
            func loadImage(atPath path: String) throws -> Bitmap { loaded.append(path); return Bitmap(width: 3, height: 2) }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lkdoc-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data([0]).write(to: dir.appendingPathComponent("a.png"))
        let docURL = dir.appendingPathComponent("doc.json")
        try Data(#"{"width": 10, "height": 10, "layers": [{"type": "image", "contents": "a.png", "contentsGravity": "topLeft"}, {"type": "image", "contents": "a.png"}]}"#.utf8).write(to: docURL)
        let loader = FakeLoader()
        let doc = try LayerDocument.load(path: docURL.path, images: loader)
        let l = try #require(doc.root.sublayers?.first)
        #expect(l.contents?.bitmap.width == 3 && l.contentsGravity == .topLeft)
        #expect(loader.loaded.count == 1)   // cached
        #expect(doc.root.sublayers?[1].contents == l.contents)
    }
}
