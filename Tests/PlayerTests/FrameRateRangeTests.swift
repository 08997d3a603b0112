// Tests of CADisplayLink.preferredFrameRateRange: the rate chosen is a factor of the
// display's refresh rate, as Apple documents.

import Testing
import Raster
@testable import Player

/// CADisplayLink.preferredFrameRateRange and the rate it picks.
@Suite struct FrameRateRangeTests {
    // "The system typically provides a consistent frame rate by choosing one that's a factor
    // of the display's maximum refresh rate." (CADisplayLink.preferredFrameRateRange)
    @Test func rangeChoosesAFactorOfTheRefreshRate() {
        // 120 Hz: 120, 60, 40, 30, 24, 20 … A 30…60 range preferring 40 runs at 40 (every third).
        #expect(CAFrameRateRange(minimum: 30, maximum: 60, preferred: 40).refreshDivisor(refreshRate: 120) == 3)
        // No preference: the highest factor in range.
        #expect(CAFrameRateRange(minimum: 30, maximum: 60).refreshDivisor(refreshRate: 120) == 2)
        // 60 Hz with 45…50: no factor inside; 60 (10 above) beats 30 (15 below).
        #expect(CAFrameRateRange(minimum: 45, maximum: 50, preferred: 48).refreshDivisor(refreshRate: 60) == 1)
        // "doesn't request any specific frame rate range" (CAFrameRateRange.default): every refresh.
        #expect(CAFrameRateRange.default.refreshDivisor(refreshRate: 60) == 1)
        #expect(CAFrameRateRange.default.isDefault)
    }

    @Test func displayLinkFiresAtTheRateItsRangeChooses() throws {
        let loop = PlayerRunLoop()
        let runner = HeadlessRunner(scene: RecordingScene(), size: Size(10, 10), runLoop: loop)
        var fired = 0
        let link = CADisplayLink { _ in fired += 1 }
        link.preferredFramesPerSecond = 60 // the range decides when it is set
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 20, preferred: 15)
        link.add(to: loop)
        try runner.run(until: 59.0 / 60) // 60 ticks at 60 Hz: 15 Hz is every fourth
        #expect(fired == 15)
    }
}
