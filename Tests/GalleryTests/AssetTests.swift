// Tests that the committed gallery assets match what make-assets draws from their art now.

import Foundation
import Testing
import LayerKit
import TestSupport
@testable import Gallery

/// The committed Assets/*.png are what `make-assets` draws now (run `swift run make-assets`
/// after a Raster change that moves pixels).
@Suite(.freshAnimationContext) @MainActor struct AssetTests {
    static let assetsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets").path

    @Test(arguments: AssetArt.catalog.map(\.name))
    func committedAssetMatchesTheArt(_ name: String) throws {
        let drawn = try #require(AssetArt.draw(name))
        // Anti-aliasing refinements in Raster move edge pixels a little; a real change of the
        // art (or a broken rasterizer) moves many. Rerun `scripts/make-assets.sh` after either.
        try expectSimilar(drawn, toPNGAt: URL(fileURLWithPath: Self.assetsDir + "/" + name + ".png"),
                          name: "\(name) (run scripts/make-assets.sh)",
                          tolerance: GoldenTolerance(maxMeanAbsolute: 1.0, maxShareOverThreshold: 0.005),
                          writingFailuresTo: galleryGoldens.actualURL("asset-\(name)"))
    }

    @Test func artIsDeterministic() throws {
        for name in ["fish3", "photo2", "bg"] {
            let a = try #require(AssetArt.draw(name)), b = try #require(AssetArt.draw(name))
            #expect(a.difference(from: b)?.maxAbsolute == 0)
        }
        #expect(AssetArt.draw("nope") == nil)
    }
}
