// Tests of timing recording in constant memory: the recorder hands its frames on in chunks
// and keeps only the last ones, the files written a chunk at a time equal the files written
// whole, and the tallied summary equals the summary of the whole list.

import Testing
import Foundation
@testable import Player

@Suite struct FrameTimingFilesTests {
    func frame(_ i: Int) -> FrameTiming {
        let t = 3.25 + Double(i) / 60 + (i % 7 == 0 ? 0.02 : 0)
        var f = FrameTiming(index: i, timestamp: t, targetTimestamp: t + 1.0 / 60, interval: i == 0 ? 0 : 1.0 / 60 + Double(i % 5) * 0.003)
        f.start = t + 0.0001
        f.events = 0.0001 * Double(i % 3); f.update = 0.0002; f.render = 0.001 * Double(i % 4)
        f.raster = 0.002; f.upload = 0.0003; f.present = 0.0004; f.work = 0.004 + 0.0005 * Double(i % 9)
        f.inputEvents = i % 2
        return f
    }

    @Test func chunkedFilesEqualTheWholeFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lk-timing-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = try FrameTimingFiles(csvPath: dir + "/t.csv", tracePath: dir + "/t.json")
        let recorder = FrameTimingRecorder(period: 1.0 / 60, chunkSize: 3)
        var all: [FrameTiming] = []
        recorder.chunkHandler = { all.append(contentsOf: $0); files.write($0) }
        for i in 0..<10 { recorder.record(frame(i)) }
        #expect(recorder.frames.count == 1)      // 10 = 3 chunks of 3 + 1 waiting
        recorder.flush()
        try files.finish()
        #expect(all.count == 10)
        #expect(all.map(\.index) == Array(0..<10))
        let csv = try String(contentsOfFile: dir + "/t.csv", encoding: .utf8)
        let trace = try String(contentsOfFile: dir + "/t.json", encoding: .utf8)
        #expect(csv == FrameTimingCSV.format(all))
        #expect(trace == TraceEventWriter.format(all))
        #expect(try FrameTimingCSV.parse(csv).count == 10)
        _ = try JSONSerialization.jsonObject(with: Data(trace.utf8))
    }

    @Test func aRunWithoutFilesKeepsAChunkAndTheLastFramesOnly() {
        let recorder = FrameTimingRecorder(period: 1.0 / 60, chunkSize: 256)
        recorder.chunkHandler = { _ in }
        var all: [FrameTiming] = []
        for i in 0..<10_000 {
            recorder.record(frame(i))
            var f = frame(i)
            f.index = i
            f.dropped = f.interval > 1.5 / 60
            all.append(f)
        }
        #expect(recorder.frames.count < 256)
        #expect(recorder.count == 10_000)
        #expect(recorder.last(120).map(\.index) == Array(9_880..<10_000))
        #expect(recorder.summary == FrameTimingSummary(frames: all, period: 1.0 / 60))
        #expect(recorder.summary.frames == 10_000)
        #expect(recorder.summary.dropped == all.filter(\.dropped).count)
    }
}
