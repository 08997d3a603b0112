// Tests of the timings report plot (dropped frames and the period line) and its median
// interval.

import Testing
import Raster
@testable import Player

@Suite struct TimingsReportTests {
    @Test func plotMarksDroppedFramesAndThePeriod() {
        let period = 1.0 / 60
        var frames: [FrameTiming] = []
        var t = 0.0
        for i in 0..<120 {
            let interval = i == 0 ? 0 : (i == 60 ? 2 * period : period)
            t += interval
            var f = FrameTiming(index: i, timestamp: t, targetTimestamp: t + period, interval: interval)
            f.start = t
            f.dropped = interval > 1.5 * period
            frames.append(f)
        }
        #expect(abs(TimingsReport.medianInterval(frames) - period) < 1e-12)
        let bmp = TimingsReport.plot(frames, period: period, width: 600, height: 400)
        #expect(bmp.width == 600 && bmp.height == 400)
        // Exactly one red (dropped) bar column group in the top panel; blue bars elsewhere.
        var red = 0, blue = 0
        for y in 0..<(400 * 55 / 100) {
            for x in 0..<600 {
                let p = bmp[x, y]
                let r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
                if r > 200 && g < 120 && b < 120 { red += 1 }
                if b > 200 && r < 120 { blue += 1 }
            }
        }
        #expect(red > 0)
        #expect(blue > red * 20)
        #expect(bmp[0, 0] >> 24 == 255)
    }

    @Test func medianOfNothingIs60Hz() {
        #expect(TimingsReport.medianInterval([]) == 1.0 / 60)
    }
}
