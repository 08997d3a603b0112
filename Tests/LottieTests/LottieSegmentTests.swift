// Tests of marker and frame-range segments (`LottieScene.segment`): a marker's start and
// duration in Core Animation time, held inside ip…op, and refusals naming the marker.

import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

@Suite(.freshAnimationContext) struct LottieSegmentTests {
    /// 30 fps, frames 10…70, with markers inside, straddling the out point, and past it.
    static let file = ##"{"v": "5.7.0", "fr": 30, "ip": 10, "op": 70, "w": 50, "h": 50, "layers": [], "markers": [{"cm": "intro", "tm": 10, "dr": 15}, {"cm": "tail", "tm": 55, "dr": 30}, {"cm": "beyond", "tm": 90, "dr": 5}, {"cm": "still", "tm": 40}]}"##

    @Test func aMarkerIsItsFramesInCoreAnimationTime() throws {
        let scene = try LottieScene.parse(Array(Self.file.utf8))
        #expect(try scene.segment(marker: "intro") == LottieSegment(name: "intro", startTime: 0, duration: 0.5))
        // Held at the out point: frames 55…70, not 55…85.
        #expect(try scene.segment(marker: "tail") == LottieSegment(name: "tail", startTime: 1.5, duration: 0.5))
        // No `dr`: one still frame.
        #expect(try scene.segment(marker: "still") == LottieSegment(name: "still", startTime: 1, duration: 0))
    }

    @Test func unknownAndOutlyingMarkersAreRefusedNamingThem() throws {
        let scene = try LottieScene.parse(Array(Self.file.utf8))
        func refusal(_ name: String) -> String? {
            do { _ = try scene.segment(marker: name); return nil } catch { return error.description }
        }
        #expect(refusal("outro") == #"markers: no marker "outro" (the file has "intro", "tail", "beyond", "still")"#)
        #expect(refusal("beyond") == #"markers: marker "beyond" (frames 90 to 95) lies outside the animation's frames 10 to 70"#)
        let bare = try LottieScene.parse(Array(Self.file.replacingOccurrences(of: #""markers""#, with: #""nomarkers""#).utf8))
        #expect(throws: DocumentError.self) { try bare.segment(marker: "intro") }
    }

    @Test func aFrameRangeIsHeldInsideTheAnimation() throws {
        let scene = try LottieScene.parse(Array(Self.file.utf8))
        #expect(try scene.segment(fromFrame: 25, toFrame: 40) == LottieSegment(name: "", startTime: 0.5, duration: 0.5))
        #expect(try scene.segment(fromFrame: nil, toFrame: 100) == LottieSegment(name: "", startTime: 0, duration: 2))
        #expect(scene.frame(forProgress: 0.5) == 40)
        #expect(throws: DocumentError.self) { try scene.segment(fromFrame: 50, toFrame: 20) }
        #expect(throws: DocumentError.self) { try scene.segment(fromFrame: 80, toFrame: nil) }
    }
}
