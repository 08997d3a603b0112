// Tests of the debugging aids' switches and of the media timeline behind Slow Animations,
// pause and step.

import Foundation
import Testing
import Raster
@testable import Player

/// The debugging aids' switches and the media timeline behind Slow Animations, pause and step.
@Suite struct DebugAidsTests {
    @Test func eachFunctionKeyTogglesOneAid() throws {
        var aids = DebugAids()
        let first = aids.toggle(key: "F1")
        let blended = try #require(first)
        #expect(blended.title == "Color Blended Layers" && blended.on)
        #expect(aids.colorBlendedLayers && aids.drawsOverlay)
        _ = aids.toggle(key: "F1")
        #expect(!aids.colorBlendedLayers && !aids.drawsOverlay)
        let space = aids.toggle(key: "Space"), step = aids.toggle(key: DebugAids.stepKey)
        #expect(space == nil && step == nil)
        // Every toggle has its own key and flag.
        #expect(Set(DebugAids.toggles.map(\.key)).count == DebugAids.toggles.count)
        #expect(Set(DebugAids.toggles.map(\.flag)).count == DebugAids.toggles.count)
    }

    @Test func slowAnimationsAndPauseSetTheMediaRate() {
        var aids = DebugAids()
        #expect(aids.mediaRate == 1)
        aids.slowAnimations = true
        #expect(aids.mediaRate == 0.1)
        aids.paused = true
        #expect(aids.mediaRate == 0)
    }

    @Test func mediaTimeFollowsTheRateWithoutJumps() {
        var t = MediaTimeline(real: 100, media: 5)
        #expect(t.advance(toRealTime: 100, rate: 1) == 5)
        #expect(t.advance(toRealTime: 101, rate: 1) == 6)
        // Each tick's rate covers the time since the previous tick: slow from here, a real
        // second is a tenth of media time.
        #expect(abs(t.advance(toRealTime: 102, rate: 0.1) - 6.1) < 1e-9)
        #expect(abs(t.advance(toRealTime: 103, rate: 0.1) - 6.2) < 1e-9)
        // Paused: media time stands; a step adds one frame; normal speed continues from there.
        #expect(abs(t.advance(toRealTime: 104, rate: 0) - 6.2) < 1e-9)
        #expect(abs(t.advance(toRealTime: 105, rate: 0) - 6.2) < 1e-9)
        t.step(by: 0.5)
        #expect(abs(t.advance(toRealTime: 106, rate: 0) - 6.7) < 1e-9)
        #expect(abs(t.advance(toRealTime: 107, rate: 1) - 7.7) < 1e-9)
        #expect(abs(t.advance(toRealTime: 108, rate: 1) - 8.7) < 1e-9)
    }

    @Test func atRateOneMediaTimeIsRealTimePlusTheOffset() {
        var t = MediaTimeline(real: 0.123, media: 7.5)
        for i in 1...1000 {
            let real = 0.123 + Double(i) / 60
            #expect(t.advance(toRealTime: real, rate: 1) == 7.5 + (real - 0.123))
        }
    }
}

/// The present path's choice and the window's pixel geometry.
@Suite struct WindowPresentTests {
    @Test func softwareGLRenderersAreRecognised() {
        #expect(SoftwareRendererCheck.isSoftwareGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(SoftwareRendererCheck.isSoftwareGL("Mesa softpipe"))
        #expect(SoftwareRendererCheck.isSoftwareGL("Software Rasterizer"))
        #expect(!SoftwareRendererCheck.isSoftwareGL("NVIDIA GeForce RTX 3060/PCIe/SSE2"))
        #expect(!SoftwareRendererCheck.isSoftwareGL("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
    }

    @Test func pixelScaleIsTheDrawableOverTheWindow() {
        #expect(WindowMetrics.pixelScale(windowWidth: 800, drawableWidth: 1600) == 2)
        #expect(WindowMetrics.pixelScale(windowWidth: 800, drawableWidth: 800) == 1)
        #expect(WindowMetrics.pixelScale(windowWidth: 0, drawableWidth: 800) == 1)
    }

    @Test func damageRoundsOutAndClipsToTheFrame() throws {
        let b = Bitmap(width: 100, height: 50)
        #expect(PixelRect(nil, in: b) == PixelRect(x: 0, y: 0, width: 100, height: 50))
        #expect(PixelRect(Rect(10.5, 4.2, 5, 5), in: b) == PixelRect(x: 10, y: 4, width: 6, height: 6))
        #expect(PixelRect(Rect(90, 40, 50, 50), in: b) == PixelRect(x: 90, y: 40, width: 10, height: 10))
        #expect(PixelRect(Rect(200, 0, 5, 5), in: b) == nil)
        #expect(PixelRect(.zero, in: b) == nil)
    }
}

/// `--watch`: a change is reported once, after the new version stayed the same for one look.
@Suite struct FileChangeWatcherTests {
    @Test func rewriteIsReportedOnceItSettles() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{}".utf8).write(to: url)
        var w = FileChangeWatcher(path: url.path)
        var looks: [Bool] = []
        looks.append(w.poll())
        try Data("{\"width\": 10}".utf8).write(to: url)
        looks.append(w.poll())   // seen once: maybe still being written
        looks.append(w.poll())   // the same again: reported
        looks.append(w.poll())
        try FileManager.default.removeItem(at: url)
        looks.append(w.poll())
        looks.append(w.poll())   // gone is a change too (the reload then names the problem)
        #expect(looks == [false, false, true, false, false, true])
    }
}
