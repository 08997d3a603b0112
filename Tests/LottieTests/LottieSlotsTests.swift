// Tests of slots (lottie-spec `slots` and `sid`) and of dotLottie 2 themes turned into slots:
// references take their slot's value, unknown ones keep their own, theme rules override the
// animation's slots (values and keyframes), and malformed rules are refused naming the rule.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

@Suite(.freshAnimationContext) struct LottieSlotsTests {
    /// A fill whose colour is slot "fill", an opacity from slot "alpha", a position from a slot
    /// the file lacks, and an image asset from slot "picture".
    static let file = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
     "slots": {"fill": {"p": {"a": 0, "k": [1, 0, 0, 1]}}, "alpha": {"p": {"a": 0, "k": 40}},
               "picture": {"p": {"w": 4, "h": 4, "u": "", "p": "other.png", "e": 0}}},
     "assets": [{"id": "img", "w": 2, "h": 2, "u": "", "p": "dot.png", "sid": "picture"}],
     "layers": [{"ty": 4, "nm": "Square", "ip": 0, "op": 30, "st": 0,
                 "ks": {"o": {"a": 0, "k": 100, "sid": "alpha"}, "p": {"a": 0, "k": [50, 50], "sid": "nowhere"}},
                 "shapes": [{"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1], "sid": "fill"}, "o": {"a": 0, "k": 100}}]}]}
    """##

    static func json(_ s: String) throws -> JSONValue { try JSONReader.parse(Array(s.utf8)) }

    @Test func referencesTakeTheirSlotsValues() throws {
        var warnings: [String] = []
        let resolved = try LottieSlots.resolve(try Self.json(Self.file), warnings: &warnings)
        let layer = resolved["layers"]?.arrayItems?.first
        #expect(layer?["shapes"]?.arrayItems?.first?["c"] == (try Self.json(#"{"a": 0, "k": [1, 0, 0, 1]}"#)))
        #expect(layer?["ks"]?["o"] == (try Self.json(#"{"a": 0, "k": 40}"#)))
        // No such slot: the property keeps its own value and its sid.
        #expect(layer?["ks"]?["p"] == (try Self.json(#"{"a": 0, "k": [50, 50], "sid": "nowhere"}"#)))
        // The image asset keeps its id and takes the slot's fields.
        let asset = resolved["assets"]?.arrayItems?.first
        #expect(asset?["id"] == .string("img") && asset?["p"] == .string("other.png") && asset?["w"] == .number(4))
        // The file imports with the slot's values.
        let scene = try LottieScene.parse(Array(Self.file.utf8))
        #expect(scene.slotIDs == ["fill", "alpha", "picture"])
    }

    @Test func themeRulesOverrideTheSlotsWithValuesAndKeyframes() throws {
        let theme = try Self.json(##"""
        {"rules": [{"id": "fill", "type": "Color", "value": [0, 1, 0]},
                   {"id": "alpha", "type": "Scalar", "keyframes": [{"frame": 0, "value": 10, "outTangent": {"x": [0.5], "y": [0]}, "inTangent": {"x": [0.5], "y": [1]}}, {"frame": 30, "value": 90, "hold": true}]},
                   {"id": "nowhere", "type": "Vector", "value": [20, 30]},
                   {"id": "fill", "type": "Color", "value": [0, 0, 0], "animations": ["someOtherAnimation"]},
                   {"slotId": "ramp", "type": "Gradient", "value": [{"color": [1, 0, 0], "offset": 0}, {"color": [0, 0, 1, 0.5], "offset": 1}]},
                   {"id": "caption", "type": "Text", "value": {"text": "Hi"}},
                   {"id": "picture", "type": "Image", "value": {"width": 8, "height": 6, "path": "/i/night.png"}}]}
        """##)
        var warnings: [String] = []
        let resolved = try LottieSlots.resolve(try Self.json(Self.file), theme: theme, themePath: "t/dark.json", animationID: "main", warnings: &warnings)
        let layer = resolved["layers"]?.arrayItems?.first
        #expect(layer?["shapes"]?.arrayItems?.first?["c"] == (try Self.json(#"{"a": 0, "k": [0, 1, 0]}"#)))
        #expect(layer?["ks"]?["p"] == (try Self.json(#"{"a": 0, "k": [20, 30]}"#)))
        #expect(layer?["ks"]?["o"] == (try Self.json(#"{"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 30, "s": [90], "h": 1}]}"#)))
        // A gradient: offsets and colours, then offsets and alphas (one stop has alpha).
        let slots = resolved["slots"]
        #expect(slots?["ramp"]?["p"] == (try Self.json(#"{"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}"#)))
        // A text rule is a slot of text document keyframes.
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(slots?["caption"]?["p"] == (try Self.json(#"{"k": [{"s": {"t": "Hi"}, "t": 0}]}"#)))
        // An image: the asset keeps its id and takes the rule's size and path.
        #expect(resolved["assets"]?.arrayItems?.first == (try Self.json(#"{"id": "img", "w": 8, "h": 6, "u": "/i/", "p": "night.png", "e": 0}"#)))
        // The themed JSON imports.
        #expect(throws: Never.self) { try LottieAnimationModel.decode(resolved) }
    }

    /// A text layer whose document (two keyframes) is slot "caption".
    static let textFile = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
     "layers": [{"ty": 5, "nm": "Caption", "ip": 0, "op": 30, "st": 0, "ks": {},
                 "t": {"d": {"sid": "caption", "k": [{"s": {"t": "Day", "f": "Arial", "s": 20, "fc": [1, 0, 0], "j": 0}, "t": 0},
                                                     {"s": {"t": "Dusk", "f": "Arial", "s": 30, "fc": [1, 0, 0], "j": 0}, "t": 20}]},
                       "a": [], "m": {"a": {"a": 0, "k": [0, 0]}}, "p": {}}}]}
    """##

    @Test func textThemeRulesSetTheTextOverTheDocument() throws {
        func documents(_ theme: String) throws -> [(Double, String, Double, Double?, Double?)] {
            var warnings: [String] = []
            let resolved = try LottieSlots.resolve(try Self.json(Self.textFile), theme: try Self.json(theme), themePath: "t/x.json", warnings: &warnings)
            #expect(warnings.isEmpty, "\(warnings)")
            let model = try LottieAnimationModel.decode(resolved)
            guard case .text(let doc?) = model.layers.first?.kind else { Issue.record("no text layer"); return [] }
            return doc.keyframes.map { ($0.frame, $0.document.text, $0.document.size, $0.document.fillColor?.first, Double($0.document.justification)) }
        }
        // Only the text: the font, size and colour stay the file's (a slot's document is laid
        // over the one shown at its frame).
        let plain = try documents(#"{"rules": [{"id": "caption", "type": "Text", "value": {"text": "Night"}}]}"#)
        #expect(plain.map(\.1) == ["Night"] && plain.map(\.2) == [20] && plain.map(\.3) == [1])
        // Keyframes with their own size, colour and justification; the second lies over the
        // file's second document.
        let keyed = try documents(##"""
            {"rules": [{"id": "caption", "type": "Text", "keyframes": [
              {"frame": 0, "value": {"text": "One", "fontSize": 12, "fillColor": [0, 1, 0], "justify": "Center"}},
              {"frame": 25, "value": {"text": "Two"}}]}]}
            """##)
        #expect(keyed.map(\.0) == [0, 25] && keyed.map(\.1) == ["One", "Two"])
        #expect(keyed.map(\.2) == [12, 30] && keyed.map(\.3) == [0, 1] && keyed.map(\.4) == [2, 0])
        // A malformed text rule is refused naming it.
        func refusal(_ rules: String) -> String? {
            var warnings: [String] = []
            do { _ = try LottieSlots.resolve(try Self.json(Self.textFile), theme: try Self.json(rules), themePath: "t/x.json", warnings: &warnings); return nil }
            catch let e as DocumentError { return e.description } catch { return "\(error)" }
        }
        #expect(refusal(#"{"rules": [{"id": "caption", "type": "Text", "value": {}}]}"#) == "t/x.json: rules[0]: value: expected {text, …}")
        #expect(refusal(#"{"rules": [{"id": "caption", "type": "Text", "value": {"text": "a", "justify": "Middle"}}]}"#)?.hasPrefix("t/x.json: rules[0]: value: justify: expected one of Left") == true)
        #expect(refusal(#"{"rules": [{"id": "caption", "type": "Text", "keyframes": [{"frame": 0, "value": {"text": "a", "fontSize": "big"}}]}]}"#) == "t/x.json: rules[0]: keyframes[0]: value: fontSize: expected a number")
    }

    @Test func malformedThemeRulesAreRefusedNamingTheRule() throws {
        func refusal(_ rules: String) -> String? {
            var warnings: [String] = []
            do { _ = try LottieSlots.resolve(try Self.json(Self.file), theme: try Self.json(rules), themePath: "t/x.json", warnings: &warnings); return nil }
            catch let e as DocumentError { return e.description } catch { return "\(error)" }
        }
        #expect(refusal(#"{"rules": [{"id": "fill", "type": "Color", "value": [1, 0]}]}"#) == "t/x.json: rules[0]: value: expected [r, g, b] or [r, g, b, a]")
        #expect(refusal(#"{"rules": [{"id": "alpha", "type": "Scalar"}]}"#) == "t/x.json: rules[0]: expected a value or keyframes")
        #expect(refusal(#"{"rules": [{"id": "a", "type": "Scalar", "value": 1}, {"type": "Scalar", "value": 1}]}"#) == "t/x.json: rules[1]: expected an id")
        #expect(refusal(#"{"rules": [{"id": "a", "type": "Gradient", "value": [{"color": [1, 0], "offset": 0}]}]}"#) == "t/x.json: rules[0]: value[0]: expected {color: [r, g, b, a?], offset}")
        #expect(refusal(#"{"rules": [{"id": "a", "type": "Scalar", "keyframes": [{"value": 1}]}]}"#) == "t/x.json: rules[0]: keyframes[0]: expected a frame")
        #expect(refusal(#"{"themes": []}"#) == "t/x.json: expected rules, an array")
        #expect(refusal(#"{"rules": [{"id": "p", "type": "Image", "value": {"width": 2}}]}"#) == "t/x.json: rules[0]: value: expected a path or a dataUrl")
    }
}

private extension JSONValue {
    /// The items of an array, nil for any other value.
    var arrayItems: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}
