// Tests that every size a document controls is refused above its limit in one line, with
// quoted text escaped and shortened.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// Every size a document controls is refused above its limit, in one line naming the place
/// and the limit; whatever a refusal quotes is escaped and shortened.
@Suite(.freshAnimationContext) struct DocumentLimitsTests {
    func refusal(_ text: String) -> String? {
        do { _ = try LayerDocument.parse(text); return nil } catch { return error.description }
    }
    func refusal(_ json: [String: Any]) throws -> String? {
        refusal(String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self))
    }

    @Test(arguments: [
        (#"{"width": 100000, "height": 10}"#, "width: 100000 exceeds the limit 16384 pixels"),
        (#"{"width": 10, "height": 16385}"#, "height: 16385 exceeds the limit 16384 pixels"),
        (#"{"width": 1e19, "height": 10}"#, "width: 1e+19 exceeds the limit 16384 pixels"),
        (#"{"width": 1e400, "height": 10}"#, "width: number out of range"),
        (#"{"width": 16384, "height": 8192}"#, "width: 16384 × 8192 pixels exceeds the limit 67108864 pixels"),
    ])
    func canvasAboveTheLimitIsRefused(_ text: String, _ expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test func canvasAtTheLimitLoads() throws {
        let doc = try LayerDocument.parse(#"{"width": 16384, "height": 4096}"#)
        #expect(doc.width == 16384 && doc.height == 4096)
    }

    @Test func scaleIsCheckedBeforeAnyConversion() {
        guard case .success(let s) = DocumentLimits.canvasPixels(width: 100, height: 50, scale: 2) else { Issue.record("refused"); return }
        #expect(s == (200, 100))
        for scale in [Double.infinity, .nan, 1e300, 200] {
            guard case .failure(let e) = DocumentLimits.canvasPixels(width: 100, height: 50, scale: scale) else {
                Issue.record("accepted scale \(scale)"); continue
            }
            #expect(e.field == "width" && e.message.contains("exceeds the limit 16384"))
        }
    }

    @Test func layerCountAboveTheLimitIsRefused() throws {
        let n = DocumentLimits.maximumLayers
        let layers = String(repeating: "{},", count: n) + "{}"
        #expect(refusal(#"{"width": 10, "height": 10, "layers": ["# + layers + "]}")
                == "layers[\(n)]: layer \(n + 1) exceeds the limit \(n) layers")
        // Nested layers count too.
        let nested = #"{"sublayers": ["# + String(repeating: "{},", count: n - 1) + "{}]}"
        #expect(refusal(#"{"width": 10, "height": 10, "layers": ["# + nested + "]}")
                == "layers[0].sublayers[\(n - 1)]: layer \(n + 1) exceeds the limit \(n) layers")
    }

    @Test func animationCountAboveTheLimitIsRefused() {
        let n = DocumentLimits.maximumAnimations
        let anims = String(repeating: #"{"type": "basic", "keyPath": "opacity"},"#, count: n) + #"{"type": "basic", "keyPath": "opacity"}"#
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"animations": ["# + anims + "]}]}")
                == "layers[0].animations[\(n)]: animation \(n + 1) exceeds the limit \(n) animations")
    }

    @Test func keyframeValuesAboveTheLimitAreRefused() {
        let n = DocumentLimits.maximumKeyframes + 1
        let values = Array(repeating: "0", count: n).joined(separator: ",")
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": ["# + values + "]}]}]}")
                == "layers[0].animations[0].values: \(n) entries exceeds the limit \(n - 1)")
        // Inside a group as well.
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"animations": [{"type": "group", "animations": [{"type": "keyframe", "keyPath": "opacity", "keyTimes": ["# + values + "]}]}]}]}")
                == "layers[0].animations[0].animations[0].keyTimes: \(n) entries exceeds the limit \(n - 1)")
    }

    @Test func pathCommandsAboveTheLimitAreRefused() {
        let n = DocumentLimits.maximumPathCommands
        let path = "M 0 0" + String(repeating: " L 1 1", count: n)
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"type": "shape", "path": ""# + path + #""}]}"#)
                == "layers[0].path: \(n + 1) path commands exceeds the limit \(n)")
    }

    @Test func dashEntriesAboveTheLimitAreRefused() {
        let n = DocumentLimits.maximumDashEntries + 1
        let dashes = Array(repeating: "1", count: n).joined(separator: ",")
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"type": "shape", "lineDashPattern": ["# + dashes + "]}]}")
                == "layers[0].lineDashPattern: \(n) entries exceeds the limit \(n - 1)")
    }

    @Test func stringsAboveTheLimitAreRefused() {
        let n = DocumentLimits.maximumStringBytes + 1
        let long = String(repeating: "a", count: n)
        #expect(refusal(#"{"width": 10, "height": 10, "layers": [{"type": "text", "string": ""# + long + #""}]}"#)
                == "layers[0].string: a string of \(n) bytes exceeds the limit \(n - 1) bytes")
    }

    @Test func fileAboveTheLimitIsRefusedUnread() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lk-big-\(UInt32.random(in: 0...UInt32.max)).json")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(DocumentLimits.maximumFileBytes + 1))
        try handle.close()
        do { _ = try LayerDocument.load(path: url.path); Issue.record("accepted") } catch {
            #expect(error.description == "document: \(DocumentLimits.maximumFileBytes + 1) bytes exceeds the limit \(DocumentLimits.maximumFileBytes) bytes")
        }
    }

    @Test func rootThatIsNotAnObjectHasAPlace() {
        #expect(refusal("[1, 2]") == "document: expected an object, got an array")
        #expect(refusal("3") == "document: expected an object, got a number")
    }

    // MARK: Quoting

    @Test func quotingEscapesControlCharactersAndShortens() {
        #expect(DocumentText.quoted("a\nb\0c\u{1b}[31m\"\\") == #""a\nb\0c\u{1b}[31m\"\\""#)
        #expect(DocumentText.quoted("\u{85}\u{2028}\u{7f}\t\r") == #""\u{85}\u{2028}\u{7f}\t\r""#)
        let long = String(repeating: "x", count: 1000)
        #expect(DocumentText.quoted(long) == "\"" + String(repeating: "x", count: 60) + "…\"")
        #expect(DocumentText.quoted(String(repeating: "é", count: 60)) == "\"" + String(repeating: "é", count: 60) + "\"")
    }

    @Test(arguments: [
        "{\"width\": 10, \"height\": 10, \"layers\": [{\"a\\nb\": 1}]}",
        "{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"x\\u0000y\\u001b[2J\"}]}",
        "{\"width\": 10, \"height\": 10, \"a\\r\\nb\": 1, \"a\\r\\nb\": 2}",
        "{\"width\": 10, \"height\": 10, \"layers\": [{\"name\": \"\\n\"}, {\"name\": \"\\n\"}]}",
        "{\"width\": 10, \"height\": 10, \"layers\": [{\"backgroundColor\": \"\\u2028\\u0085\"}]}",
        "{\"width\": 10, \"height\": 10, \"layers\": [{\"transform\": [{\"\\u0007\": 1}]}]}",
        "\u{1b}[31m",
    ])
    func refusalsAreOneSafeLine(_ text: String) throws {
        let line = try #require(refusal(text))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) || $0 == "\u{2028}" }, "got: \(line)")
    }

    @Test func hugeBadValuesGiveAShortLine() throws {
        let key = String(repeating: "k", count: 200_000)
        let line = try #require(refusal(#"{"width": 10, "height": 10, "layers": [{""# + key + #"": 1}]}"#))
        #expect(line.count <= DocumentText.messageLength + 1)
        #expect(line.hasPrefix("layers[0].\"kkkk") && line.contains("…"))
        let value = String(repeating: "v", count: 200_000)
        let line2 = try #require(refusal(#"{"width": 10, "height": 10, "layers": [{"type": ""# + value + #""}]}"#))
        #expect(line2 == "layers[0].type: unknown layer type \"" + String(repeating: "v", count: 60) + "…\" (layer, shape, image, text, gradient, replicator, transform, emitter, scroll, tiled)")
    }
}
