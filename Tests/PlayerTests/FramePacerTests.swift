// Tests of the self-paced display link's frame pacer: ticks on the period's grid, late
// frames skip slots, no drift.

import Testing
@testable import Player

/// The self-paced display link: ticks on a grid of the period, late frames skip slots, no drift.
@Suite struct FramePacerTests {
    @Test func onTimeFramesLandOnTheGrid() {
        let clock = ManualClock(time: 100)
        var pacer = FramePacer(period: 1.0 / 60, origin: clock.now())
        var deadlines: [Double] = []
        for _ in 0..<600 {
            clock.wait(until: pacer.deadline)
            deadlines.append(clock.now())
            clock.advance(by: 0.004)  // 4 ms of work
            pacer.advance(finishedAt: clock.now())
        }
        #expect(pacer.skippedSlots == 0)
        for (k, t) in deadlines.enumerated() {
            #expect(abs(t - (100 + Double(k) / 60)) < 1e-9)
        }
    }

    @Test func noDriftOverAnHourOfFrames() {
        let period = 1.0 / 60
        var pacer = FramePacer(period: period, origin: 12345.678)
        var t = 12345.678
        for _ in 0..<216_000 {  // one hour at 60 Hz
            t = pacer.deadline + 0.001
            pacer.advance(finishedAt: t)
        }
        // Slot 216 000 is exactly one hour later; adding periods would be off by ~1e-8 s.
        #expect(pacer.slot == 216_000)
        #expect(abs(pacer.deadline - (12345.678 + 3600)) < 1e-9)
    }

    @Test func lateFrameSkipsToTheNextSlotWithoutShiftingLaterOnes() {
        let p = 0.010
        var pacer = FramePacer(period: p, origin: 0)
        // Frame 0 takes 25 ms: slots 1 and 2 are missed (2.5 periods), next tick is slot 3.
        let r = pacer.advance(finishedAt: 0.025)
        #expect(r.skipped == 2)
        #expect(pacer.slot == 3)
        #expect(abs(r.deadline - 0.030) < 1e-12)
        // The frame after it is on time again: slot 4 at exactly 40 ms (no shift by 5 ms).
        let r2 = pacer.advance(finishedAt: 0.033)
        #expect(r2.skipped == 0)
        #expect(abs(r2.deadline - 0.040) < 1e-12)
        #expect(pacer.skippedSlots == 2)
    }

    @Test func slightlyLateFrameRunsAtOnceInsideTheTolerance() {
        var pacer = FramePacer(period: 0.010, origin: 0)
        // Done 1 ms after slot 1 (tolerance is a quarter period, 2.5 ms): slot 1, no skip.
        let r = pacer.advance(finishedAt: 0.011)
        #expect(r.skipped == 0)
        #expect(pacer.slot == 1)
        // Done 3 ms after slot 2: beyond the tolerance, so slot 2 is skipped.
        let r2 = pacer.advance(finishedAt: 0.023)
        #expect(r2.skipped == 1)
        #expect(pacer.slot == 3)
    }

    @Test func display144HzKeepsItsOwnGrid() {
        let period = FramePacer.period(forRefreshRate: 144)
        #expect(abs(period - 1.0 / 144) < 1e-15)
        let clock = ManualClock(time: 0)
        var pacer = FramePacer(period: period, origin: 0)
        var tickTimes: [Double] = []
        for i in 0..<100 {
            clock.wait(until: pacer.deadline)
            tickTimes.append(clock.now())
            // Every fourth frame takes 9 ms = 1.3 periods of 6.94 ms: it misses one slot.
            clock.advance(by: i % 4 == 2 ? 0.009 : 0.002)
            pacer.advance(finishedAt: clock.now())
        }
        #expect(pacer.skippedSlots == 25)
        #expect(pacer.slot == 125)
        // Every tick sits exactly on the 144 Hz grid.
        for t in tickTimes {
            let slot = (t * 144).rounded()
            #expect(abs(t - slot / 144) < 1e-12)
        }
        // Gaps are one period, or two right after an overrun.
        let gaps = zip(tickTimes.dropFirst(), tickTimes).map { (($0 - $1) * 144).rounded() }
        #expect(gaps.filter { $0 == 2 }.count == 25)
        #expect(gaps.filter { $0 == 1 }.count == 74)
    }

    @Test func zeroRefreshRateMeans60Hz() {
        #expect(FramePacer.period(forRefreshRate: 0) == 1.0 / 60)
        #expect(FramePacer(period: 0, origin: 0).period == 1.0 / 60)
    }
}
