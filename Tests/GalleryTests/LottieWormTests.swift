// Tests of the worm HUD exported as Lottie: a clean import, and worms drawn where the Core
// Animation worm demo draws them.

import Foundation
import Testing
import LayerKit
import Lottie
import Player
import TestSupport
@testable import Gallery

/// The worm HUD exported as Lottie: the file imports without warnings, and the tile draws
/// the worms where the Core Animation worm demo draws them, cycle after cycle.
@Suite(.freshAnimationContext) @MainActor
struct LottieWormTests {
    @Test func fileImportsWithoutWarnings() throws {
        let scene = try LottieScene.parse(WormLottieExport.json())
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(scene.width == WormHUDDemo.hudSide && scene.height == WormHUDDemo.hudSide)
        #expect(abs(scene.duration - 2 * WormHUDDemo.wormRunTime) < 1e-9)
        #expect(LottieScene.isLottie(WormLottieExport.json()))
    }

    @Test func tileIsOnTheLayersPage() {
        #expect(DemoCatalog.layersPage.contains { $0 == LottieWormDemo.self })
        #expect(DemoCatalog.named("lottie-worm") == LottieWormDemo.self as (any Demo.Type)?)
    }

    /// Past the worm demo's 0.6 s show (its HUD then sits at scale 1), across two loops.
    @Test(arguments: [0.8, 1.0, 1.6, 2.2, 3.4, 4.0])
    func wormsWhereTheDemoDrawsThem(_ t: Double) throws {
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let lottie = try DemoRenderer.runner(demo: "lottie-worm", size: Size(160, 160))
        let fromLottie = try #require(wormBox(try lottie.run(until: t)), "no worm in the Lottie tile at \(t)")
        let demo = try DemoRenderer.runner(demo: "worm", size: Size(160, 160),
                                           script: [ScriptedInput(time: 0, action: .click(Point(80, 80)))])
        let fromDemo = try #require(wormBox(try demo.run(until: t)), "no worm in the worm demo at \(t)")
        // Both run on the same clock from 0; the click's animations start one frame later
        // at most, and the Lottie keyframes approximate nothing but rounding: 3 px.
        #expect(abs(fromLottie.minX - fromDemo.minX) <= 3 && abs(fromLottie.maxX - fromDemo.maxX) <= 3,
                "t = \(t): Lottie \(fromLottie) vs demo \(fromDemo)")
        #expect(abs(fromLottie.minY - fromDemo.minY) <= 3 && abs(fromLottie.maxY - fromDemo.maxY) <= 3,
                "t = \(t): Lottie \(fromLottie) vs demo \(fromDemo)")
    }
}
