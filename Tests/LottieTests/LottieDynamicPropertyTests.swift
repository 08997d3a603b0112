// Tests of lottie-ios's dynamic properties: `AnimationKeypath` matching (`*`, `**`, globs),
// the key paths a file lists, value providers written into the properties they name (colour,
// number, point, scale, gradient, colour keyframes, a solid's colour, a split position), text
// providers, a precomposition used twice with a provider naming one use, and the warnings and
// refusals.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieDynamicPropertyTests {
    /// A shape layer with a group (fill, stroke, transform) and a gradient, a solid, a text
    /// layer, and a precomposition used by two layers.
    static let file = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
     "assets": [{"id": "inner", "layers": [{"ty": 4, "nm": "Dot", "ip": 0, "op": 30, "st": 0, "ks": {},
                 "shapes": [{"ty": "el", "nm": "Ellipse 1", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}},
                            {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]}]}],
     "layers": [
       {"ty": 4, "nm": "Shape", "ip": 0, "op": 30, "st": 0,
        "ks": {"o": {"a": 0, "k": 100}, "p": {"s": true, "x": {"a": 0, "k": 10}, "y": {"a": 0, "k": 20}}},
        "shapes": [{"ty": "gr", "nm": "Group 1", "it": [
                      {"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}},
                      {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}},
                      {"ty": "tr", "nm": "Transform", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}}]},
                   {"ty": "gf", "nm": "Gradient Fill 1", "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "t": 1,
                    "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 0, 0, 0]}}, "o": {"a": 0, "k": 100}}]},
       {"ty": 1, "nm": "Solid", "ip": 0, "op": 30, "st": 0, "ks": {}, "sc": "#111111", "sw": 100, "sh": 100},
       {"ty": 5, "nm": "Title", "ip": 0, "op": 30, "st": 0, "ks": {},
        "t": {"d": {"k": [{"t": 0, "s": {"t": "Hello", "s": 12, "f": "Sans", "fc": [0, 0, 0], "j": 0, "lh": 14}}]}}},
       {"ty": 0, "nm": "Left", "refId": "inner", "ip": 0, "op": 30, "st": 0, "ks": {}, "w": 10, "h": 10},
       {"ty": 0, "nm": "Right", "refId": "inner", "ip": 0, "op": 30, "st": 0, "ks": {}, "w": 10, "h": 10}]}
    """##

    static func json(_ s: String) throws -> JSONValue { try JSONReader.parse(Array(s.utf8)) }

    static func applied(_ set: [(String, LottieValueProvider)], texts: [(String, String)] = []) throws -> (JSONValue, LottieKeypathTree) {
        var d = LottieDynamicProperties()
        for (k, v) in set { d.setValueProvider(v, keypath: try AnimationKeypath.parse(k)) }
        for (k, t) in texts { d.setText(t, keypath: try AnimationKeypath.parse(k)) }
        let tree = LottieKeypathTree(d)
        return (try tree.apply(try json(file)), tree)
    }

    @Test func wildcardsMatchAsLottieIOSMatchesThem() throws {
        func m(_ pattern: String, _ path: String) throws -> Bool {
            try AnimationKeypath.parse(pattern).matches(path.split(separator: ".").map(String.init))
        }
        #expect(try m("**.Color", "Color"))
        #expect(try m("**.Color", "Layer 1.Color"))
        #expect(try m("**.Color", "Layer 1.Layer 2.Color"))
        #expect(try !m("**.Color", "Layer 1.Colors"))
        #expect(try m("*.Color", "Layer 1.Color"))
        #expect(try !m("*.Color", "Layer 1.Layer 2.Color"))
        #expect(try m("**.Stroke 1.**.Color", "A.Stroke 1.Color"))
        #expect(try m("**.base_color.**.Color", "A.base_color.Group 1.Fill 1.Color"))
        #expect(try !m("**.base_color.**.Color", "A.other.Group 1.Fill 1.Color"))
        #expect(try m("Fill*.Color", "Fill 1.Color"))
        #expect(try !m("Fill*.Color", "Fill.Color"))   // a `*` stands for one or more characters
        #expect(try m("Checkmark Outlines.Group 1.Stroke 1.Color", "Checkmark Outlines.Group 1.Stroke 1.Color"))
        for bad in ["", "a..b", ".a", "a.", "a.***.b"] {
            #expect(throws: DocumentError.self) { try AnimationKeypath.parse(bad) }
        }
        // A long pattern against a long path costs pattern × path steps, not more.
        let long = Array(repeating: "**", count: 60).joined(separator: ".") + ".x"
        #expect(try !m(long, Array(repeating: "a", count: 60).joined(separator: ".")))
    }

    @Test func keypathsListEveryLayerItemAndProperty() throws {
        let paths = try LottieScene.hierarchyKeypaths(Array(Self.file.utf8))
        for p in ["Shape", "Shape.Transform.Position", "Shape.Group 1.Fill 1.Color", "Shape.Group 1.Stroke 1.Stroke Width",
                  "Shape.Group 1.Transform.Scale", "Shape.Group 1.Rect.Size", "Shape.Gradient Fill 1.Colors",
                  "Shape.Gradient Fill 1.Start Point", "Solid.Color", "Title", "Left.Dot.Fill 1.Color", "Right.Dot.Ellipse 1.Size"] {
            #expect(paths.contains(p), "\(p)")
        }
        #expect(paths.first == "Shape")
    }

    @Test func valueProvidersReplaceTheValuesTheyName() throws {
        let (out, tree) = try Self.applied([
            ("**.Fill 1.Color", .color(Color(1, 0, 0, 1))),
            ("Shape.Group 1.Stroke 1.Stroke Width", .float(7)),
            ("Shape.Transform.Position", .point(x: 40, y: 50)),
            ("Shape.Group 1.Transform.Scale", .size(width: 200, height: 150)),
            ("**.Colors", .gradient([LottieGradientStop(color: Color(0, 0, 0, 1), location: 0),
                                     LottieGradientStop(color: Color(1, 1, 1, 0.5), location: 0.5),
                                     LottieGradientStop(color: Color(1, 1, 1, 1), location: 1)])),
            ("Solid.Color", .color(Color(0, 1, 0, 1))),
        ])
        let shape = out["layers"]?.arrayItems?[0]
        let group = shape?["shapes"]?.arrayItems?[0]["it"]?.arrayItems
        #expect(group?[1]["c"] == (try Self.json(#"{"a": 0, "k": [1, 0, 0, 1]}"#)))
        #expect(group?[2]["w"] == (try Self.json(#"{"a": 0, "k": 7}"#)))
        #expect(group?[2]["c"] == (try Self.json(#"{"a": 0, "k": [0, 1, 0, 1]}"#)))   // not named
        #expect(group?[3]["s"] == (try Self.json(#"{"a": 0, "k": [200, 150, 100]}"#)))
        // A split position is replaced whole by the point.
        #expect(shape?["ks"]?["p"] == (try Self.json(#"{"a": 0, "k": [40, 50]}"#)))
        #expect(shape?["shapes"]?.arrayItems?[1]["g"] == (try Self.json(
            #"{"p": 3, "k": {"a": 0, "k": [0, 0, 0, 0, 0.5, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0.5, 0.5, 1, 1]}}"#)))
        #expect(out["layers"]?.arrayItems?[1]["sc"] == .string("#00ff00"))
        #expect(tree.unmatchedWarnings.isEmpty && tree.warnings.isEmpty)
        // The file imports with them.
        var d = LottieDynamicProperties()
        d.setValueProvider(.color(Color(1, 0, 0, 1)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        let scene = try LottieScene.parse(Array(Self.file.utf8), dynamicProperties: d)
        #expect(scene.warnings.allSatisfy { !$0.contains("--value") })
    }

    @Test func colourStopsOnAColourAreKeyframesAndTheLastProviderWins() throws {
        let (out, _) = try Self.applied([
            ("**.Color", .color(Color(0, 0, 0, 1))),
            ("Shape.Group 1.Fill 1.Color", try LottieValueProvider.parse("#000000@0,#C2C2C2@75,#000000@150")),
        ])
        let fill = out["layers"]?.arrayItems?[0]["shapes"]?.arrayItems?[0]["it"]?.arrayItems?[1]
        let k = fill?["c"]?["k"]?.arrayItems
        #expect(fill?["c"]?["a"] == .number(1) && k?.count == 3)
        #expect(k?[1]["t"] == .number(75) && k?[1]["o"] != nil && k?[2]["o"] == nil)
        // The stroke takes the earlier `**.Color`.
        let stroke = out["layers"]?.arrayItems?[0]["shapes"]?.arrayItems?[0]["it"]?.arrayItems?[2]
        #expect(stroke?["c"] == (try Self.json(#"{"a": 0, "k": [0, 0, 0, 1]}"#)))
    }

    @Test func aProviderNamingOneUseOfAPrecompositionChangesOnlyThatUse() throws {
        let (out, _) = try Self.applied([("Left.Dot.Fill 1.Color", .color(Color(1, 0, 0, 1)))])
        let layers = out["layers"]?.arrayItems
        #expect(layers?[3]["refId"] == .string("inner#1"))
        #expect(layers?[4]["refId"] == .string("inner"))
        let assets = out["assets"]?.arrayItems
        #expect(assets?.count == 2)
        #expect(assets?[1]["layers"]?.arrayItems?[0]["shapes"]?.arrayItems?[1]["c"] == (try Self.json(#"{"a": 0, "k": [1, 0, 0, 1]}"#)))
        #expect(assets?[0]["layers"]?.arrayItems?[0]["shapes"]?.arrayItems?[1]["c"] == (try Self.json(#"{"a": 0, "k": [0, 0, 1, 1]}"#)))
        // Both uses named alike share one copy.
        let (both, _) = try Self.applied([("*.Dot.Fill 1.Color", .color(Color(1, 0, 0, 1)))])
        #expect(both["layers"]?.arrayItems?[3]["refId"] == .string("inner#1") && both["layers"]?.arrayItems?[4]["refId"] == .string("inner#1"))
    }

    @Test func textProvidersSetTheTextOfTheLayersTheyName() throws {
        let (out, tree) = try Self.applied([], texts: [("**", "Bounce-bounce"), ("Nothing", "x")])
        let doc = out["layers"]?.arrayItems?[2]["t"]?["d"]?["k"]?.arrayItems?[0]["s"]
        #expect(doc?["t"] == .string("Bounce-bounce") && doc?["s"] == .number(12))
        #expect(tree.unmatchedWarnings == [#"--text key path "Nothing" matches no text layer of the animation"#])
    }

    @Test func mismatchesAndMissesAreWarningsAndMalformedValuesRefusals() throws {
        var d = LottieDynamicProperties()
        d.setValueProvider(.color(Color(1, 0, 0, 1)), keypath: AnimationKeypath(keypath: "**.Opacity"))
        d.setValueProvider(.float(3), keypath: AnimationKeypath(keypath: "No.Such.Color"))
        let scene = try LottieScene.parse(Array(Self.file.utf8), dynamicProperties: d)
        #expect(scene.warnings.contains(#"--value key path "No.Such.Color" matches no property of the animation"#))
        #expect(scene.warnings.contains { $0.hasPrefix(#"--value "**.Opacity": Opacity at "#) && $0.hasSuffix("takes a number, not a colour") })
        // The iOS reading applies only what lottie-ios's Core Animation engine customizes.
        var size = LottieDynamicProperties()
        size.setValueProvider(.size(width: 5, height: 5), keypath: AnimationKeypath(keypath: "**.Rect.Size"))
        size.setValueProvider(.float(50), keypath: AnimationKeypath(keypath: "**.Fill 1.Opacity"))
        let ios = LottieKeypathTree(size, reading: .iOS)
        let out = try ios.apply(try Self.json(Self.file))
        let group = out["layers"]?.arrayItems?[0]["shapes"]?.arrayItems?[0]["it"]?.arrayItems
        #expect(group?[0]["s"] == (try Self.json(#"{"a": 0, "k": [20, 20]}"#)))
        #expect(group?[1]["o"] == (try Self.json(#"{"a": 0, "k": 50}"#)))
        #expect(ios.warnings.count == 1 && ios.warnings[0].contains("does not customize Size"))
        #expect(try LottieValueProvider.parse("#FF000080") == .color(Color(1, 0, 0, 128.0 / 255)))
        #expect(try LottieValueProvider.parse("12.5") == .float(12.5))
        #expect(try LottieValueProvider.parse("200,150") == .point(x: 200, y: 150))
        for bad in ["", "#FF00", "red", "1,2,3", "#FF0000@", "#FF0000@x", "1,,2", "nan"] {
            #expect(throws: DocumentError.self) { try LottieValueProvider.parse(bad) }
        }
    }
}

fileprivate extension JSONValue {
    var arrayItems: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
}
