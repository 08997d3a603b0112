// The gallery's pages: the first page keeps the original nine demos in their order, the
// second ("Layers") holds the newer ones; PageDown / Right and PageUp / Left turn pages on
// the grid, the heading's controls do the same by click, and a tile opens only from the
// page shown.
import Foundation
import Testing
import LayerKit
import Player
@testable import Gallery

@Suite(.freshAnimationContext) @MainActor struct GalleryPagesTests {
    @Test func firstPageIsUnchangedAndEveryDemoIsListed() {
        let pages = DemoCatalog.pages
        #expect(pages.count >= 2)
        #expect(pages[0].demos.map { $0.name } == ["worm", "petal-basic", "petal-keyframe", "browser", "fish",
                                                    "view-animations", "download", "ripples", "magnifier"])
        #expect(pages[1].title == "Layers")
        #expect(pages[1].demos.map { $0.name }.starts(with: ["gradient-ring", "shadow-cards"]))
        #expect(DemoCatalog.names == pages.flatMap { $0.demos.map { $0.name } })
    }

    @Test func keysAndControlsTurnPages() throws {
        let r = try DemoRenderer.runner(demo: "gallery", size: Size(800, 600), script: [
            ScriptedInput(time: 0.2, action: .key("PageDown")),
            ScriptedInput(time: 1.0, action: .key("Left")),
            ScriptedInput(time: 1.8, action: .key("Right")),
            ScriptedInput(time: 2.6, action: .key("PageUp")),
        ])
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let scene = try #require(r.scene as? GalleryScene)
        #expect(scene.currentPage == 0 && !scene.pageLayers[0].isHidden && scene.pageLayers[1].isHidden)
        try r.run(until: 0.5)
        #expect(scene.currentPage == 1 && scene.pageLayers[0].isHidden && !scene.pageLayers[1].isHidden)
        try r.run(until: 1.3)
        #expect(scene.currentPage == 0)
        try r.run(until: 2.1)
        #expect(scene.currentPage == 1)
        try r.run(until: 2.9)
        #expect(scene.currentPage == 0)
        // The heading's "Next page ›" control, then a click on the second page's first tile
        // opens the gradient ring (the same place on the first page holds the worm).
        let next = scene.nextPageFrame
        r.script.append(ScriptedInput(time: 3.0, action: .click(Point(next.midX, next.midY))))
        r.script.append(ScriptedInput(time: 3.8, action: .click(Point(100, 120))))
        try r.run(until: 3.5)
        #expect(scene.currentPage == 1)
        try r.run(until: 4.2)
        #expect(scene.openDemo is GradientRingDemo)
    }
}
