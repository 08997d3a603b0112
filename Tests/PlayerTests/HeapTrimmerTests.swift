// Tests of when the window gives freed heap pages back: once the window has drawn nothing for
// the quiet time, once per quiet spell, never while frames keep drawing.

import Testing
@testable import Player

@Suite struct HeapTrimmerTests {
    let period = 1.0 / 60

    /// The times at which a run of one frame per period, drawing when `drew` says, trims.
    func trims(frames: Int, drew: (Int) -> Bool) -> [Double] {
        var trimmer = HeapTrimmer()
        var times: [Double] = []
        for k in 0..<frames {
            let now = 500 + Double(k) * period
            if trimmer.isDue(now: now, drew: drew(k)) { times.append(now) }
        }
        return times
    }

    @Test func framesThatKeepDrawingNeverTrim() {
        #expect(trims(frames: 60 * 60, drew: { _ in true }).isEmpty)
    }

    @Test func aStillWindowTrimsOnceAfterTheQuietTime() throws {
        // Drawing for 3 s, then still for 20 s: one trim, 5 s after the last drawn frame.
        let times = trims(frames: 60 * 23, drew: { $0 < 60 * 3 })
        try #require(times.count == 1)
        #expect(abs(times[0] - (500 + 3 - period + 5)) < period * 1.5)
    }

    @Test func eachQuietSpellTrimsOnce() {
        // Still, a burst of drawing at 10 s, still again: two trims.
        let times = trims(frames: 60 * 30, drew: { $0 >= 60 * 10 && $0 < 60 * 11 })
        #expect(times.count == 2)
        // A run that starts still counts from its start.
        #expect(abs(times[0] - (500 + 5)) < period * 1.5)
    }

    @Test func theHeapKeepsItsPeakUnderGlibc() {
        #expect(HeapTrimmer.keepPeak())
    }

    @Test func shortPausesDoNotTrim() {
        // Drawing one second in two: never 5 s still.
        #expect(trims(frames: 60 * 60, drew: { ($0 / 60) % 2 == 0 }).isEmpty)
    }
}
