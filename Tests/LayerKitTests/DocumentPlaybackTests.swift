// Tests of documents' animations played on the manual clock, and of text layers drawn
// through the SDL_ttf renderer.

import Testing
@testable import LayerKit
import Media
import TestSupport

/// Documents' animations played on the manual clock (what `render` and `inspect` read), and
/// text layers drawn through the SDL_ttf renderer.
@Suite(.freshAnimationContext) struct DocumentPlaybackTests {
    @Test func presentationFollowsDocumentTime() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"name": "bar", "type": "shape", "path": "M 0 0 L 10 0",
           "animations": [{"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
                           "duration": 2, "timingFunction": "linear"}]},
          {"name": "fast", "speed": 2, "bounds": [0, 0, 10, 10],
           "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                           "beginTime": 1, "duration": 1, "timingFunction": "linear",
                           "fillMode": "both", "removedOnCompletion": false}]}
        ]}
        """)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        DocumentPlayback.prepare(doc)
        func value(_ name: String, _ key: String, at t: Double) -> AnimatableValue? {
            DocumentPlayback.setDocumentTime(t)
            let tree = doc.root.presentation()!
            let i = doc.root.sublayers!.firstIndex { $0.name == name }!
            return tree.sublayers![i].value(forKeyPath: key)
        }
        #expect(value("bar", "strokeEnd", at: 0) == .number(0))
        #expect(value("bar", "strokeEnd", at: 0.5) == .number(0.25))
        #expect(value("bar", "strokeEnd", at: 3) == .number(1))    // removed: the model value
        // Layer speed 2: the animation's beginTime 1 (layer time) is document time 0.5.
        #expect(value("fast", "position.x", at: 0.25) == .number(0))
        #expect(value("fast", "position.x", at: 0.75) == .number(50))
        #expect(value("fast", "position.x", at: 5) == .number(100))
        // The model is untouched.
        #expect(doc.layersByName["bar"]!.value(forKeyPath: "strokeEnd") == .number(1))
    }

    @Test func textLayersRenderThroughTheTTFRenderer() throws {
        let r = try #require(TTFTextRenderer())
        let bmp = try #require(r.render("Hi", fontSize: 24, color: .red))
        #expect(bmp.width > 10 && bmp.height >= 24)
        // Some fully covered red pixel exists, and nothing is green or blue.
        var maxRed: UInt32 = 0
        for i in 0..<bmp.pixelCount {
            let p = bmp.pixels[i]
            maxRed = max(maxRed, p >> 16 & 0xff)
            #expect(p >> 8 & 0xff == 0 && p & 0xff == 0)
        }
        #expect(maxRed == 255)
        // The process-wide text renderer (other suites draw text at the same time).
        TTFTextRenderer.installAsDefault()
        #expect(CATextLayer.renderer is TTFTextRenderer)
        let root = CALayer(); root.bounds = Rect(0, 0, 120, 40); root.position = Point(60, 20)
        let t = CATextLayer(); t.string = "Hi"; t.fontSize = 24; t.foregroundColor = .black
        t.bounds = Rect(0, 0, 120, 40); t.anchorPoint = .zero; t.alignmentMode = .right
        root.addSublayer(t)
        let out = Bitmap(width: 120, height: 40)
        LayerRenderer(background: .white).draw(root, into: Canvas(out))
        // Right-aligned: ink in the right third, none in the left half.
        func ink(_ xs: Range<Int>) -> Int { xs.reduce(0) { acc, x in acc + (0..<40).filter { out[x, $0] & 0xff < 128 }.count } }
        #expect(ink(0..<60) == 0)
        #expect(ink(80..<120) > 20)
    }
}
