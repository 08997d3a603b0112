// Tests of CATextLayer's wrapping, truncation and alignment with a fixed-width test renderer.

import Testing
import Foundation
@testable import LayerKit

/// CATextLayer's wrapping, truncation and alignment, laid out with a renderer whose every
/// character is 10 pixels wide and whose lines are 20 pixels apart.
@Suite(.freshAnimationContext) struct TextLayerLayoutTests {
    final class FixedWidthText: TextRendering {
        func render(_ string: String, fontSize: Double, color: Color) -> Bitmap? {
            string.isEmpty ? nil : Bitmap(width: 10 * string.count, height: 20)
        }
        func width(of line: String, font: String?, fontSize: Double) -> Double { Double(10 * line.count) }
        func lineHeight(font: String?, fontSize: Double) -> Double { 20 }
        func renderLine(_ line: String, font: String?, fontSize: Double, color: Color) -> Bitmap? {
            guard !line.isEmpty else { return nil }
            let b = Bitmap(width: 10 * line.count, height: 20)
            b.clear(color)
            return b
        }
    }

    func spec(_ s: String, width: Double, height: Double = 1000, wrapped: Bool = false,
              truncation: CATextLayerTruncationMode = .none, alignment: CATextLayerAlignmentMode = .natural) -> TextLayoutSpec {
        TextLayoutSpec(string: s, font: nil, size: 10, color: .white, width: width, height: height, wrapped: wrapped,
                       truncation: truncation, alignment: alignment)
    }

    @Test func wrapsAtSpacesAndBreaksLongWords() {
        let r = FixedWidthText()
        #expect(TextLayout.lines(spec("hello world foo", width: 60, wrapped: true), r) == ["hello", "world", "foo"])
        #expect(TextLayout.lines(spec("ab cd ef", width: 50, wrapped: true), r) == ["ab cd", "ef"])
        #expect(TextLayout.lines(spec("abcdefghij", width: 40, wrapped: true), r) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.lines(spec("one\ntwo three", width: 50, wrapped: true), r) == ["one", "two", "three"])
        // Not wrapped: lines as written, whatever their width.
        #expect(TextLayout.lines(spec("hello world foo", width: 60), r) == ["hello world foo"])
    }

    @Test func truncatesAtStartMiddleOrEnd() {
        let r = FixedWidthText()
        #expect(TextLayout.lines(spec("abcdefghij", width: 50, truncation: .end), r) == ["abcd\u{2026}"])
        #expect(TextLayout.lines(spec("abcdefghij", width: 50, truncation: .start), r) == ["\u{2026}ghij"])
        #expect(TextLayout.lines(spec("abcdefghij", width: 50, truncation: .middle), r) == ["ab\u{2026}ij"])
        #expect(TextLayout.lines(spec("abcd", width: 50, truncation: .end), r) == ["abcd"])
        // Wrapped into a box one line high: the line that fits stands for the rest.
        #expect(TextLayout.lines(spec("aa bb cc dd", width: 50, height: 20, wrapped: true, truncation: .end), r) == ["aa b\u{2026}"])
        // Without truncation the lines that do not fit are dropped.
        #expect(TextLayout.lines(spec("aa bb cc dd", width: 50, height: 20, wrapped: true), r) == ["aa bb"])
    }

    @Test func alignsEachLineWithinTheWidest() throws {
        let r = FixedWidthText()
        let b = try #require(TextLayout.render(spec("abcd\nab", width: 100, alignment: .center), r))
        #expect(b.width == 40 && b.height == 40)
        // The short line is centred: columns 10…29 of the second line are set, 0…9 are not.
        #expect(b[5, 30] == 0 && b[15, 30] != 0 && b[35, 30] == 0)
        let right = try #require(TextLayout.render(spec("abcd\nab", width: 100, alignment: .right), r))
        #expect(right[5, 30] == 0 && right[35, 30] != 0)
    }

    @Test func documentsNameTheTextProperties() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"type": "text", "name": "t", "string": "x", "font": "DejaVu Serif", "wrapped": true,
           "truncationMode": "middle", "alignmentMode": "right", "fontSize": 12, "foregroundColor": "#ff0000"}]}
        """)
        let t = try #require(doc.layersByName["t"] as? CATextLayer)
        #expect(t.font == "DejaVu Serif" && t.isWrapped && t.truncationMode == .middle && t.alignmentMode == .right)
        #expect(t.fontSize == 12 && t.foregroundColor == Color(1, 0, 0, 1))
    }
}
