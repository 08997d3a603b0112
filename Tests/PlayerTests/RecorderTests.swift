// Tests of frame-timing recording: summary percentiles and dropped frames, the CSV and
// trace files, scripted-input parsing, and the test pattern's damage.

import Testing
import Foundation
import Raster
@testable import Player

@Suite struct RecorderTests {
    /// Frames whose intervals are 1, 2, …, 100 ms (in a shuffled order).
    func frames(_ intervalsMs: [Double], period: Double = 1.0 / 60) -> FrameTimingRecorder {
        let rec = FrameTimingRecorder(period: period)
        var t = 0.0
        var first = FrameTiming(index: 0, timestamp: 0, targetTimestamp: period, interval: 0)
        first.work = 0.001
        rec.record(first)
        for (i, ms) in intervalsMs.enumerated() {
            t += ms / 1000
            var f = FrameTiming(index: i + 1, timestamp: t, targetTimestamp: t + period, interval: ms / 1000)
            f.start = t
            f.work = ms / 2000
            rec.record(f)
        }
        return rec
    }

    @Test func percentilesMatchHandComputedValues() {
        var values = (1...100).map(Double.init)
        values.shuffle()
        let s = frames(values).summary
        // Hand-computed: the p-th percentile of 1…100 is the smallest value with at least
        // p % of the values at or below it: p50 = 50, p90 = 90, p99 = 99, max = 100 (ms).
        // HdrHistogram at 3 significant digits is within 0.1 %.
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= b * 0.001 + 1e-9 }
        #expect(near(s.interval.p50, 50))
        #expect(near(s.interval.p90, 90))
        #expect(near(s.interval.p99, 99))
        #expect(near(s.interval.max, 100))
        #expect(near(s.work.p50, 25))
        #expect(s.frames == 101)
        #expect(abs(s.seconds - 5.050) < 1e-9)
        #expect(abs(s.meanFPS - 100 / 5.050) < 1e-9)
    }

    @Test func droppedMeansMoreThanOneAndAHalfPeriods() {
        let rec = frames([16.6, 16.7, 25.0, 25.1, 33.4, 16.7], period: 1.0 / 60)
        #expect(rec.frames.map(\.dropped) == [false, false, false, false, true, true, false])
        #expect(rec.summary.dropped == 2)
        #expect(rec.summary.text.contains("dropped   2 (28.57 %)"))
    }

    @Test func csvFormatAndRoundTrip() throws {
        var f = FrameTiming(index: 0, timestamp: 10.5, targetTimestamp: 10.5 + 1.0 / 60, interval: 0.0166667)
        f.events = 0.0001; f.update = 0.0002; f.render = 0.003; f.raster = 0.004
        f.upload = 0.0005; f.present = 0.0012; f.work = 0.009; f.inputEvents = 2
        let text = FrameTimingCSV.format([f])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "index,timestamp,targetTimestamp,interval_ms,events_ms,update_ms,display_list_ms,raster_ms,upload_ms,present_ms,work_ms,input_events,dropped")
        #expect(lines[1] == "0,0.000000,0.016667,16.667,0.100,0.200,3.000,4.000,0.500,1.200,9.000,2,0")
        let back = try FrameTimingCSV.parse(text)
        #expect(back.count == 1)
        #expect(abs(back[0].render - 0.003) < 1e-9)
        #expect(back[0].inputEvents == 2)
        // Files recorded when the display-list column was called render_ms still read.
        let old = text.replacingOccurrences(of: "display_list_ms", with: "render_ms")
        #expect(try FrameTimingCSV.parse(old) == back)
        #expect(throws: PlayerError.self) { try FrameTimingCSV.parse("index,oops\n") }
        #expect(throws: PlayerError.self) { try FrameTimingCSV.parse(FrameTimingCSV.header + "\n1,2,x\n") }
    }

    @Test func traceIsChromeTraceEventJSON() throws {
        let rec = frames([16.7, 16.6])
        let json = TraceEventWriter.format(rec.frames)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(events.count == 2 + 3 * 7)  // metadata + (frame + 6 phases) per frame
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == 21)
        #expect(Set(complete.compactMap { $0["name"] as? String }) ==
                ["frame", "events", "update", "display list", "raster", "upload", "present"])
        let frameStarts = complete.filter { $0["name"] as? String == "frame" }.compactMap { $0["ts"] as? Double }
        #expect(frameStarts.count == 3)
        #expect(abs(frameStarts[1] - 16700) < 0.01)
        #expect(abs(frameStarts[2] - 33300) < 0.01)
    }

    @Test func scriptParsing() throws {
        #expect(try ScriptedInput.click("1.0:100,100") == ScriptedInput(time: 1, action: .click(.init(100, 100))))
        #expect(try ScriptedInput.key("2.5:Right") == ScriptedInput(time: 2.5, action: .key("Right")))
        #expect(try ScriptedInput.screenshot("3:out/shot.png") == ScriptedInput(time: 3, action: .screenshot("out/shot.png")))
        #expect(throws: PlayerError.self) { try ScriptedInput.click("1.0:100") }
        #expect(throws: PlayerError.self) { try ScriptedInput.click("x:1,2") }
        #expect(throws: PlayerError.self) { try ScriptedInput.key("-1:A") }
        #expect(throws: PlayerError.self) { try ScriptedInput.screenshot("2") }
    }

    @Test func testPatternReportsOnlyWhatChanged() {
        let scene = TestPatternScene()
        let bmp = Raster.Bitmap(width: 400, height: 300)
        scene.update(timestamp: 0, targetTimestamp: 1.0 / 60, duration: 1.0 / 60)
        let first = scene.render(into: bmp, scale: 1)
        #expect(first.damage == bmp.bounds)
        scene.update(timestamp: 1.0 / 60, targetTimestamp: 2.0 / 60, duration: 1.0 / 60)
        let second = scene.render(into: bmp, scale: 1)
        let d = try! #require(second.damage)
        #expect(d.width * d.height < 400 * 300)
        // A fresh bitmap (resize) gets everything again.
        #expect(scene.render(into: Raster.Bitmap(width: 200, height: 100), scale: 1).damage == Rect(0, 0, 200, 100))
    }
}
