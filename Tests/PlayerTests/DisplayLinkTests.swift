// Tests of the host's main loop under a manual clock: display links on the refresh grid,
// run-loop timers, and scripted input and screenshots at their times.

import Testing
import Raster
@testable import Player

/// A scene that records what the host told it.
final class RecordingScene: PlayerScene {
    var updates: [(Double, Double, Double)] = []
    var events: [InputEvent] = []
    var consumeEscape = false
    var renders = 0
    func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        updates.append((timestamp, targetTimestamp, duration))
    }
    func handle(_ event: InputEvent) -> Bool {
        events.append(event)
        if case .key("Escape") = event { return consumeEscape }
        return true
    }
    func render(into bitmap: Bitmap, scale: Double) -> SceneFrameStats {
        renders += 1
        bitmap.clear(Color(0, 0, Double(renders % 255) / 255))
        return SceneFrameStats()
    }
}

@Suite struct DisplayLinkTests {
    @Test func linkFiresEveryTickWithTimestampsOnTheGrid() throws {
        let loop = PlayerRunLoop()
        let scene = RecordingScene()
        let runner = HeadlessRunner(scene: scene, size: Size(40, 30), startTime: 50, runLoop: loop)
        var seen: [(Double, Double, Double)] = []
        let link = CADisplayLink { seen.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.add(to: loop)
        try runner.run(until: 1.0)
        #expect(seen.count == 61)  // t = 0, 1/60, …, 60/60
        for (k, s) in seen.enumerated() {
            #expect(abs(s.0 - (50 + Double(k) / 60)) < 1e-9)
            #expect(abs(s.1 - s.0 - 1.0 / 60) < 1e-12)
            #expect(s.2 == 1.0 / 60)
        }
        // Links fire before the scene's update, which sees the same tick.
        #expect(scene.updates.count == 61)
        #expect(scene.updates.last!.1 == seen.last!.1)
        #expect(scene.renders == 1)
    }

    @Test func preferredFramesPerSecondPauseAndInvalidate() throws {
        let loop = PlayerRunLoop()
        let runner = HeadlessRunner(scene: RecordingScene(), size: Size(10, 10), runLoop: loop)
        var half = 0, paused = 0, once = 0
        let l30 = CADisplayLink { _ in half += 1 }
        l30.preferredFramesPerSecond = 30
        l30.add(to: loop)
        let lp = CADisplayLink { _ in paused += 1 }
        lp.isPaused = true
        lp.add(to: loop)
        let li = CADisplayLink { $0.invalidate(); once += 1 }
        li.add(to: loop)
        try runner.run(until: 59.0 / 60)  // 60 ticks
        #expect(half == 30)
        #expect(paused == 0)
        #expect(once == 1)
        #expect(loop.activeDisplayLinks == 2)
        lp.isPaused = false
        try runner.run(until: 69.0 / 60)  // 10 more ticks
        #expect(paused == 10)
    }

    @Test func repeatingTimerKeepsItsGridUnderTheManualClock() throws {
        let loop = PlayerRunLoop()
        let runner = HeadlessRunner(scene: RecordingScene(), size: Size(10, 10), startTime: 10, runLoop: loop)
        var fires: [Double] = []
        // A demo adds a layer every 0.6 s: scheduled before the first tick, from t = 0.
        let timer = RunLoopTimer.scheduled(interval: 0.6, repeats: true, on: loop) { _ in fires.append(loop.currentTime - 10) }
        try runner.run(until: 3.0)
        #expect(fires.count == 5)
        for (k, t) in fires.enumerated() { #expect(abs(t - 0.6 * Double(k + 1)) < 1e-9) }
        timer.invalidate()
        try runner.run(until: 4.0)
        #expect(fires.count == 5)
        #expect(loop.activeTimers == 0)
    }

    @Test func oneShotTimerFiresOnce() throws {
        let loop = PlayerRunLoop()
        let runner = HeadlessRunner(scene: RecordingScene(), size: Size(10, 10), runLoop: loop)
        var fired = 0
        RunLoopTimer.scheduled(interval: 0.25, repeats: false, on: loop) { _ in fired += 1 }
        try runner.run(until: 0.2)
        #expect(fired == 0)
        try runner.run(until: 2)
        #expect(fired == 1)
    }

    @Test func scriptedInputGoesThroughTheEventPathAtItsTime() throws {
        let loop = PlayerRunLoop()
        let scene = RecordingScene()
        let runner = HeadlessRunner(scene: scene, size: Size(200, 200), runLoop: loop)
        runner.script = [try ScriptedInput.click("1.0:100,100"), try ScriptedInput.key("1.5:Escape")]
        runner.verbose = true
        var lines: [String] = []
        runner.log = { lines.append($0) }
        try runner.run(until: 0.99)
        #expect(scene.events.isEmpty)
        try runner.run(until: 1.0)
        #expect(scene.events == [.mouseDown(Point(100, 100)), .mouseUp(Point(100, 100))])
        #expect(lines.first == "event t=1.000 click (100.0, 100.0)")
        try runner.run(until: 2.0)
        #expect(scene.events.last == .key("Escape"))
        #expect(runner.quitRequested)
    }

    @Test func headlessScreenshotIsRenderedAtItsTime() throws {
        let loop = PlayerRunLoop()
        let scene = TestPatternScene()
        let runner = HeadlessRunner(scene: scene, size: Size(64, 48), scale: 2, runLoop: loop)
        var shots: [(String, Int, Int)] = []
        runner.saveScreenshot = { path, bmp in shots.append((path, bmp.width, bmp.height)) }
        runner.script = [try ScriptedInput.screenshot("0.5:a.png"), try ScriptedInput.click("0.2:10,10")]
        let final = try runner.run(until: 1)
        #expect(shots.count == 1)
        #expect(shots.first?.0 == "a.png")
        #expect(shots.first?.1 == 128 && shots.first?.2 == 96)
        #expect(final.width == 128)
        // The click marker: a white square around (10, 10) points = (20, 20) pixels.
        #expect(final[20, 20] == 0xFFFF_FFFF)
        #expect(scene.lastClick == Point(10, 10))
    }
}
