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
}
