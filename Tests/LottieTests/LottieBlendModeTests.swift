// Tests that Lottie layer blend modes become the compositing filters lottie-ios gives Core
// Animation, and that a mode without one is said once.

import Testing
@testable import LayerKit
@testable import Lottie

@Suite(.freshAnimationContext) struct LottieBlendModeTests {
    static func layer(_ name: String, bm: Int) -> String {
        ##"{"ty": 1, "nm": "\##(name)", "bm": \##(bm), "ip": 0, "op": 60, "st": 0, "sc": "#ff8000", "sw": 40, "sh": 30, "ks": {}}"##
    }

    @Test func blendModesBecomeCompositingFilters() throws {
        let s = try LottieImporterTests.scene(layers: "[" + [Self.layer("M", bm: 1), Self.layer("D", bm: 10), Self.layer("C", bm: 14),
                                                             Self.layer("N", bm: 0), Self.layer("L", bm: 15)].joined(separator: ",") + "]")
        let filters = (s.root.sublayers ?? []).map(\.compositingFilter)
        #expect(filters.count == 5)
        // Layers are listed top first in Lottie and drawn bottom first.
        #expect(Set(filters.compactMap { $0 }) == [.multiplyBlendMode, .differenceBlendMode, .colorBlendMode])
        #expect(filters.filter { $0 == nil }.count == 2)   // normal, and luminosity as Apple's renders show it
        #expect(s.warnings.isEmpty)
    }

    @Test func aModeWithoutAFilterIsSaid() throws {
        let s = try LottieImporterTests.scene(layers: "[" + Self.layer("Add", bm: 16) + "]")
        #expect(s.warnings == ["unsupported blend mode 16 in layer \"Add\""])
        #expect(s.root.sublayers?.first?.compositingFilter == nil)
    }
}
