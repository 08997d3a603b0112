// Tests of Lottie text layers set in a font (no glyph outlines in the file): one text layer
// per character, placed by baseline, justification, line height, advances and tracking.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// Text without glyph outlines becomes CATextLayers in the document's font family, the first
/// baseline at the layer's origin, lines `lh` apart, justified about x 0, each character after
/// the last one's advance (no kerning pairs) plus the tracking.
@Suite(.freshAnimationContext) struct LottieFontTextTests {
    /// Every character 0.5 em wide, lines 1.25 em, the baseline 0.75 em below a line's top.
    final class HalfEmText: TextRendering {
        var families: [String?] = []
        var measured: [String] = []
        func render(_ string: String, fontSize: Double, color: Color) -> Bitmap? { nil }
        func width(of line: String, font: String?, fontSize: Double) -> Double {
            families.append(font)
            measured.append(line)
            return Double(line.count) * fontSize / 2
        }
        func lineHeight(font: String?, fontSize: Double) -> Double { fontSize * 1.25 }
        func ascent(font: String?, fontSize: Double) -> Double { fontSize * 0.75 }
        func renderLine(_ line: String, font: String?, fontSize: Double, color: Color) -> Bitmap? { nil }
    }

    static let fonts = ##"{"list": [{"fName": "Sans-Bold", "fFamily": "Sans Family", "fStyle": "Bold"}]}"##

    static func model(text: String, justification: Int, tracking: Double, lineHeight: Double = 30,
                      stroke: String = "") throws -> LottieAnimationModel {
        try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "fonts": \(fonts), "layers": [
         {"ty": 5, "nm": "Words", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [100, 50]}},
          "t": {"d": {"k": [{"s": {"s": 20, "f": "Sans-Bold", "t": "\(text)", "j": \(justification), "tr": \(tracking),
                                   "lh": \(lineHeight), "fc": [0, 0, 1]\(stroke)}, "t": 0}]}}}]}
        """.utf8)).model
    }

    static func document(_ m: LottieAnimationModel) throws -> LottieTextDocument {
        guard case .text(let d?) = m.layers[0].kind else { throw DocumentError("", "no text document") }
        return d
    }

    /// The text layers under `container` as (string, frame in the container, alignment).
    static func placed(_ container: CALayer) -> [(String, Point, CATextLayerAlignmentMode)] {
        (container.sublayers ?? []).compactMap { l in
            guard let t = l as? CATextLayer else { return nil }
            return (t.string, t.frame.origin, t.alignmentMode)
        }
    }

    @Test func linesSitOnBaselinesLineHeightApartInTheFontFamily() throws {
        let m = try Self.model(text: "AB\\rC", justification: 2, tracking: 0)
        let r = HalfEmText()
        let w = LottieWarnings()
        let c = try #require(LottieFontText(model: m, renderer: r).layer(try Self.document(m), layer: "Words", stroked: true, warnings: w))
        #expect(w.lines.isEmpty)
        let p = Self.placed(c)
        // Size 20: the baseline 15 below a line's top; lines max(30, 25) apart; each line
        // centred about 0, its characters 10 apart (their advances, measured one by one).
        #expect(p.map(\.0) == ["A", "B", "C"])
        #expect(p.map(\.1) == [Point(-10, -15), Point(0, -15), Point(-5, 15)])
        #expect(p.allSatisfy { $0.2 == .left })
        #expect(r.measured.allSatisfy { $0.count == 1 }, "a pair measured together would be kerned")
        let t = try #require(c.sublayers?.first as? CATextLayer)
        #expect(t.font == "Sans Family" && t.fontSize == 20 && t.foregroundColor == Color(0, 0, 1, 1))
    }

    @Test func aLineHeightBelowTheFontsKeepsTheFontsLineHeight() throws {
        let m = try Self.model(text: "A\\rB", justification: 0, tracking: 0, lineHeight: 10)
        let c = try #require(LottieFontText(model: m, renderer: HalfEmText()).layer(try Self.document(m), layer: "Words", stroked: true, warnings: LottieWarnings()))
        #expect(Self.placed(c).map(\.1) == [Point(0, -15), Point(0, 10)])
    }

    @Test func trackingSetsEachCharacterAfterTheLastPlusTheTracking() throws {
        // Tracking 500 at size 20 adds 10 after each 10-wide character; right-justified, the
        // line (40) ends at 0; the space takes its place without a layer.
        let m = try Self.model(text: "A B", justification: 1, tracking: 500)
        let c = try #require(LottieFontText(model: m, renderer: HalfEmText()).layer(try Self.document(m), layer: "Words", stroked: true, warnings: LottieWarnings()))
        let p = Self.placed(c)
        #expect(p.map(\.0) == ["A", "B"])
        #expect(p.map(\.1) == [Point(-60, -15), Point(-20, -15)])
        #expect(p.allSatisfy { $0.2 == .left })
    }

    @Test func withoutARendererTheLayerIsNamedAndSkipped() throws {
        let m = try Self.model(text: "A", justification: 0, tracking: 0)
        let w = LottieWarnings()
        #expect(LottieFontText(model: m, renderer: nil).layer(try Self.document(m), layer: "Words", stroked: true, warnings: w) == nil)
        #expect(w.lines == ["unsupported text (no text renderer installed) in layer \"Words\""])
    }

    // MARK: Text stroke (`sc`, `sw`, `of`: "Render stroke above the fill", the Lottie specification)

    @Test func aStrokeIsAnLKStrokeCentredOverTheFillOrOutsideBeneathIt() throws {
        func filter(_ of: Bool) throws -> CIFilter {
            let m = try Self.model(text: "A", justification: 0, tracking: 0, stroke: #", "sc": [1, 0, 0], "sw": 4, "of": \#(of)"#)
            let w = LottieWarnings()
            let c = try #require(LottieFontText(model: m, renderer: HalfEmText()).layer(try Self.document(m), layer: "Words",
                                                                                        stroked: true, warnings: w))
            #expect(w.lines.isEmpty)
            return try #require(c.filters?.first)
        }
        // Over the fill: the whole stroke, 4 wide about the glyphs' edge.
        let over = try filter(true)
        #expect(over.type == .stroke && over.number("inputWidth") == 4 && over.number("inputPosition") == 2)
        #expect(over.value(forKey: "inputColor") == .color(Color(1, 0, 0, 1)))
        // Beneath it: only the outer half shows, 2 outside the glyphs.
        let under = try filter(false)
        #expect(under.number("inputWidth") == 2 && under.number("inputPosition") == 0)
        // Not stroked (the iOS reading): reported, no filter.
        let m = try Self.model(text: "A", justification: 0, tracking: 0, stroke: #", "sc": [1, 0, 0], "sw": 4"#)
        let w = LottieWarnings()
        let c = try #require(LottieFontText(model: m, renderer: HalfEmText()).layer(try Self.document(m), layer: "Words",
                                                                                    stroked: false, warnings: w))
        #expect(c.filters == nil)
        #expect(w.lines == ["unsupported text stroke (the fill is drawn) in layer \"Words\""])
    }
}
