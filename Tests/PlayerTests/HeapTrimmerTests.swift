// Tests of when the window gives freed heap pages back: at most once an interval, only after
// a frame that left half the period spare, never in the run's first interval.

import Testing
@testable import Player

@Suite struct HeapTrimmerTests {
    let period = 1.0 / 60

    /// The times at which a run of one frame per period, each doing `work`, trims.
    func trims(frames: Int, work: (Int) -> Double) -> [Double] {
        var trimmer = HeapTrimmer()
        var times: [Double] = []
        for k in 0..<frames {
            let now = 500 + Double(k) * period
            if trimmer.isDue(now: now, work: work(k), period: period) { times.append(now) }
        }
        return times
    }

    @Test func lightFramesTrimOnceAnIntervalAfterTheFirst() throws {
        let times = trims(frames: 60 * 35, work: { _ in 0.002 })
        try #require(times.count == 3)
        #expect(abs(times[0] - 510) < period)
        for (a, b) in zip(times, times.dropFirst()) {
            #expect(b - a >= 10 && b - a < 10 + period)
        }
    }

    @Test func busyFramesNeverTrim() {
        #expect(trims(frames: 60 * 35, work: { _ in 0.009 }).isEmpty)
    }

    @Test func aTrimWaitsForTheNextLightFrame() throws {
        // Busy for the first 12 s, light after: the first trim comes with the first light frame.
        let times = trims(frames: 60 * 15, work: { $0 < 60 * 12 ? 0.012 : 0.001 })
        try #require(times.count == 1)
        #expect(abs(times[0] - (500 + 12)) < period * 1.5)
    }
}
