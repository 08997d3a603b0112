// `play` with content that lays out and scrolls (PlaybackScene): a root with a layout manager
// follows the window's size and lays out again on a resize (the brief's "the window's resize
// drives it"), and the mouse wheel scrolls the CAScrollLayer under the pointer, along the axes
// its scrollMode allows and within its sublayers.
import Foundation
import Testing
import LayerKit
@testable import Player

@Suite(.serialized) struct PlaybackLayoutScrollTests {
    /// A root with a constraint layout manager holding a bar pinned to its top edge and sides,
    /// and a 200 × 120 vertical scroll layer at the bottom left over 200 × 600 of content.
    func content() -> (item: PlaybackItem, bar: CALayer, scroller: CAScrollLayer) {
        let root = CALayer()
        root.bounds = Rect(0, 0, 320, 240)
        root.position = Point(160, 120)
        root.layoutManager = CAConstraintLayoutManager()
        let bar = CALayer()
        bar.bounds = Rect(0, 0, 10, 20)
        bar.constraints = [CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX),
                           CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX),
                           CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY)]
        let scroller = CAScrollLayer()
        scroller.name = "list"
        scroller.scrollMode = .vertically
        scroller.bounds = Rect(0, 0, 200, 120)
        scroller.constraints = [CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX),
                                CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY)]
        let long = CALayer()
        long.frame = Rect(0, 0, 200, 600)
        long.backgroundColor = Color(0.3, 0.6, 0.9)
        scroller.addSublayer(long)
        root.addSublayer(bar)
        root.addSublayer(scroller)
        CATransaction.flush()
        return (PlaybackItem(path: "layout.json", root: root, size: Size(320, 240), duration: 0, frameRate: 60, background: .clear),
                bar, scroller)
    }

    @Test func theRootFollowsTheWindowAndTheWheelScrolls() throws {
        try CAAnimationContext(clock: CAMediaClock(manualTime: 0)).run {
            let (item, bar, scroller) = content()
            let scene = PlaybackScene(paths: ["layout.json"], first: item, loader: { _ in .success(item) },
                                      size: Size(640, 360), report: { _ in })
            let runner = HeadlessRunner(scene: scene, size: Size(640, 360), script: [], runLoop: PlayerRunLoop())
            _ = try runner.run(until: 0.1)
            #expect(item.root.bounds.size == Size(640, 360))
            #expect(bar.frame == Rect(0, 0, 640, 20))
            #expect(scroller.frame == Rect(0, 240, 200, 120))
            scene.resize(to: Size(800, 500))
            _ = try runner.run(until: 0.2)
            #expect(bar.frame == Rect(0, 0, 800, 20))
            #expect(scroller.frame == Rect(0, 380, 200, 120))
            // Two notches down over the list: 80 points, vertically only; far down stops at the end.
            #expect(scene.handle(.scrollWheel(dx: 3, dy: -2, at: Point(50, 420))))
            #expect(scroller.bounds.origin == Point(0, 80))
            #expect(scene.handle(.scrollWheel(dx: 0, dy: -100, at: Point(50, 420))))
            #expect(scroller.bounds.origin == Point(0, 480))
            #expect(!scene.handle(.scrollWheel(dx: 0, dy: -1, at: Point(600, 100))))   // not over a scroll layer
        }
    }
}
