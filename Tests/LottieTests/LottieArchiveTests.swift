// Tests of `.lottie` archives: the first animation imports with its images embedded, and
// damaged archives are refused naming the problem.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport
import ZIPFoundation

/// `.lottie` archives: the manifest's first animation imports as its JSON does, archived
/// images are embedded, and damaged archives are refused with the place and the problem.
@Suite(.freshAnimationContext) struct LottieArchiveTests {
    static let animation = ##"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "assets": [{"id": "i", "w": 2, "h": 2, "u": "/images/", "p": "dot.png"}], "layers": [{"ty": 2, "nm": "Dot", "refId": "i", "ip": 0, "op": 60, "st": 0, "ks": {}}]}"##

    /// A ZIP in memory holding `entries` (path → bytes).
    static func archive(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in entries {
            let data = Data(bytes)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return Array(try #require(archive.data))
    }

    @Test func firstAnimationImportsWithItsImageEmbedded() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3]
        let bytes = try Self.archive([
            ("manifest.json", Array(#"{"animations": [{"id": "worm"}, {"id": "other"}]}"#.utf8)),
            ("animations/worm.json", Array(Self.animation.utf8)),
            ("images/dot.png", png),
        ])
        #expect(LottieScene.isLottie(bytes))
        let scene = try LottieScene.parse(bytes)
        #expect(scene.width == 200 && scene.height == 100)
        let path = try #require(scene.model.assets["i"]?.imagePath)
        #expect(path == "data:image;base64," + Data(png).base64EncodedString())
    }

    @Test func damagedArchivesAreRefusedNamingTheProblem() throws {
        func refusal(_ bytes: [UInt8]) -> String? {
            do { _ = try LottieScene.parse(bytes); return nil } catch { return error.description }
        }
        let noManifest = try Self.archive([("animations/a.json", Array(Self.animation.utf8))])
        #expect(refusal(noManifest) == ".lottie archive without manifest.json")
        let noAnimation = try Self.archive([("manifest.json", Array(#"{"animations": [{"id": "a"}]}"#.utf8))])
        #expect(refusal(noAnimation) == "animations/a.json: missing from the archive")
        // Cut short: the central directory is gone.
        let whole = try Self.archive([("manifest.json", Array(#"{"animations": [{"id": "a"}]}"#.utf8)),
                                      ("animations/a.json", Array(Self.animation.utf8))])
        #expect(refusal(Array(whole.prefix(whole.count / 2)))?.hasPrefix("not a readable .lottie archive") == true)
    }

    /// The animation of `Self.animation` with its width set to `w`, to tell animations apart.
    static func animation(width w: Int) -> [UInt8] { Array(animation.replacingOccurrences(of: "\"w\": 200", with: "\"w\": \(w)").utf8) }

    @Test func versionTwoReadsAnimationsImagesAndTheInitialAnimation() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 9, 9]
        let manifest = #"{"version": "2", "generator": "test", "animations": [{"id": "one"}, {"id": "two"}], "themes": [{"id": "dark"}], "stateMachines": [{"id": "toggle"}], "initial": {"animation": "two"}}"#
        let bytes = try Self.archive([
            ("manifest.json", Array(manifest.utf8)),
            ("a/one.json", Self.animation(width: 111)),
            ("a/two.json", Array(Self.animation.replacingOccurrences(of: "/images/", with: "/i/").replacingOccurrences(of: "\"w\": 200", with: "\"w\": 222").utf8)),
            ("i/dot.png", png),
            ("t/dark.json", Array(#"{"rules": []}"#.utf8)),
            ("s/toggle.json", Array(#"{"initial": "a", "states": []}"#.utf8)),
            ("f/font.ttf", [0, 1, 0, 0]),
            ("u/click.mp3", [0xff, 0xfb]),
        ])
        let scene = try LottieScene.parse(bytes)
        #expect(scene.width == 222)
        #expect(scene.animationID == "two")
        #expect(scene.manifest == DotLottieManifest(version: 2, animations: ["one", "two"], themes: ["dark"], stateMachines: ["toggle"],
                                                    initialAnimation: "two", initialStateMachine: nil))
        #expect(scene.model.assets["i"]?.imagePath == "data:image;base64," + Data(png).base64EncodedString())
        let chosen = try LottieScene.parse(bytes, animation: "one")
        #expect(chosen.width == 111 && chosen.animationID == "one")
    }

    @Test func versionOneTakesItsActiveAnimationOrTheFirstAndAnyChosenOne() throws {
        let bytes = try Self.archive([
            ("manifest.json", Array(#"{"version": "1", "animations": [{"id": "x"}, {"id": "y"}]}"#.utf8)),
            ("animations/x.json", Self.animation(width: 100)),
            ("animations/y.json", Self.animation(width: 300)),
        ])
        #expect(try LottieScene.parse(bytes).width == 100)
        #expect(try LottieScene.parse(bytes, animation: "y").width == 300)
        let active = try Self.archive([
            ("manifest.json", Array(#"{"animations": [{"id": "x"}, {"id": "y"}], "activeAnimationId": "y"}"#.utf8)),
            ("animations/x.json", Self.animation(width: 100)),
            ("animations/y.json", Self.animation(width: 300)),
        ])
        #expect(try LottieScene.parse(active).width == 300)
        // A version 2 manifest whose animations sit in version 1's folder still opens.
        let mixed = try Self.archive([
            ("manifest.json", Array(#"{"version": "2", "animations": [{"id": "m"}]}"#.utf8)),
            ("animations/m.json", Self.animation(width: 150)),
        ])
        #expect(try LottieScene.parse(mixed).width == 150)
    }

    @Test func aMissingOrUnknownAnimationIsRefusedInOneLine() throws {
        func refusal(_ bytes: [UInt8], _ id: String? = nil) -> String? {
            do { _ = try LottieScene.parse(bytes, animation: id); return nil } catch { return error.description }
        }
        let bytes = try Self.archive([
            ("manifest.json", Array(#"{"version": "2", "animations": [{"id": "a"}, {"id": "b"}]}"#.utf8)),
            ("a/a.json", Self.animation(width: 100)),
        ])
        #expect(refusal(bytes, "nope") == #"manifest.json: no animation "nope" (the archive has "a", "b")"#)
        #expect(refusal(bytes, "b") == "a/b.json: missing from the archive")
        #expect(refusal(Array(Self.animation.utf8), "a")?.hasSuffix("not a .lottie archive") == true)
        let badList = try Self.archive([("manifest.json", Array(#"{"version": "2", "animations": [{"id": "a"}], "themes": [{"name": "x"}]}"#.utf8))])
        #expect(refusal(badList) == "manifest.json: themes[0]: expected an id")
        for r in [refusal(bytes, "nope"), refusal(bytes, "b"), refusal(badList)] { #expect(r?.contains("\n") == false) }
    }

    @Test func aThemesTextRuleSetsTheTextOfItsSlot() throws {
        let text = ##"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 5, "nm": "Greeting", "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"sid": "greeting", "k": [{"s": {"t": "Hello", "f": "Arial", "s": 24, "fc": [0, 0, 0], "j": 0}, "t": 0}]}, "a": [], "m": {"a": {"a": 0, "k": [0, 0]}}, "p": {}}}]}"##
        let bytes = try Self.archive([
            ("manifest.json", Array(#"{"version": "2", "animations": [{"id": "a"}], "themes": [{"id": "fr"}]}"#.utf8)),
            ("a/a.json", Array(text.utf8)),
            ("t/fr.json", Array(#"{"rules": [{"id": "greeting", "type": "Text", "value": {"text": "Bonjour", "fillColor": [0, 0, 1]}}]}"#.utf8)),
        ])
        func document(_ scene: LottieScene) -> LottieTextDocument? {
            guard case .text(let d)? = scene.model.layers.first?.kind else { return nil }
            return d
        }
        let themed = try LottieScene.parse(bytes, theme: "fr")
        // (No text renderer is installed in the tests: that is the one warning.)
        #expect(!themed.warnings.contains { $0.contains("theme") }, "\(themed.warnings)")
        #expect(document(themed)?.text == "Bonjour" && document(themed)?.size == 24 && document(themed)?.fillColor == [0, 0, 1])
        #expect(document(try LottieScene.parse(bytes))?.text == "Hello")
    }

    @Test func aThemeAppliesThroughTheSlotsAndItsImagesComeFromTheArchive() throws {
        let night: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 7, 7, 7]
        let slotted = Self.animation.replacingOccurrences(of: #""p": "dot.png""#, with: #""p": "dot.png", "sid": "pic""#)
        let bytes = try Self.archive([
            ("manifest.json", Array(#"{"version": "2", "animations": [{"id": "a"}], "themes": [{"id": "night"}, {"id": "broken"}]}"#.utf8)),
            ("a/a.json", Array(slotted.utf8)),
            ("i/dot.png", [0x89, 0x50, 0x4e, 0x47, 1]),
            ("i/night.png", night),
            ("t/night.json", Array(#"{"rules": [{"id": "pic", "type": "Image", "value": {"width": 2, "height": 2, "path": "/i/night.png"}}, {"id": "t", "type": "Mystery", "value": {}}]}"#.utf8)),
            ("t/broken.json", Array(#"{"rules": 3}"#.utf8)),
        ])
        let themed = try LottieScene.parse(bytes, theme: "night")
        #expect(themed.model.assets["i"]?.imagePath == "data:image;base64," + Data(night).base64EncodedString())
        #expect(themed.warnings.first?.hasPrefix("t/night.json: rules[1]: theme rule type \"Mystery\" is not applied") == true)
        func refusal(_ theme: String) -> String? {
            do { _ = try LottieScene.parse(bytes, theme: theme); return nil } catch { return error.description }
        }
        #expect(refusal("day") == #"manifest.json: no theme "day" (the archive has "night", "broken")"#)
        #expect(refusal("broken") == "t/broken.json: expected rules, an array")
    }
}
