// Tests of Lottie text layers drawn from glyph outlines: layout, justification, tracking,
// colour, the font fallback when a glyph is missing, and warnings for what is not drawn.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

/// Text layers drawn from the file's glyph outlines: layout, justification, tracking, colour,
/// and the warnings for what is not drawn.
@Suite(.freshAnimationContext) struct LottieGlyphTextTests {
    /// A glyph "A" of advance 60: a 50 × 70 box standing on the baseline (size 100).
    static let chars = ##"[{"ch": "A", "size": 100, "style": "Regular", "fFamily": "Box", "w": 60, "data": {"shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"k": [25, -35]}, "s": {"k": [50, 70]}, "r": {"k": 0}}]}]}}]"##
    static let fonts = ##"{"list": [{"fName": "Box-Regular", "fFamily": "Box", "fStyle": "Regular"}]}"##

    static func scene(text: String, justification: Int, animators: String = "[]", reading: LottieReading = .afterEffects,
                      size: Double = 20, position: String = "[100, 50]", stroke: String = "") throws -> LottieScene {
        try LottieScene.parse(Array("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "fonts": \(fonts), "chars": \(chars), "layers": [
         {"ty": 5, "nm": "Words", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": \(position)}},
          "t": {"d": {"k": [{"s": {"s": \(size), "f": "Box-Regular", "t": "\(text)", "j": \(justification), "tr": 100, "lh": 30,
                                   "fc": [1, 0, 0]\(stroke)}, "t": 0}]}, "a": \(animators)}}]}
        """.utf8), reading: reading)
    }

    /// The painted shapes' outline boxes in root coordinates.
    static func boxes(_ s: LottieScene) -> [Rect] {
        var out: [Rect] = []
        func walk(_ l: CALayer) {
            if let shape = l as? CAShapeLayer, let path = shape.path {
                let b = path.boundingBox
                let a = shape.convert(Point(b.minX, b.minY), to: s.root), c = shape.convert(Point(b.maxX, b.maxY), to: s.root)
                out.append(Rect(min(a.x, c.x), min(a.y, c.y), abs(c.x - a.x), abs(c.y - a.y)))
            }
            for sub in l.sublayers ?? [] { walk(sub) }
        }
        walk(s.root)
        return out
    }

    /// The box around every painted shape, nil for none.
    static func union(_ s: LottieScene) -> Rect? {
        let b = boxes(s)
        guard let first = b.first else { return nil }
        return b.dropFirst().reduce(first) { r, x in
            let minX = min(r.minX, x.minX), minY = min(r.minY, x.minY)
            return Rect(minX, minY, max(r.maxX, x.maxX) - minX, max(r.maxY, x.maxY) - minY)
        }
    }

    @Test func centredTextAdvancesByGlyphWidthAndTracking() throws {
        let s = try Self.scene(text: "AA", justification: 2)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let shapes = LottieImporterTests.all(s.root).compactMap { $0 as? CAShapeLayer }
        // The document's fill paints every glyph's group as one path, in one shape layer (an
        // outer style in After Effects' reading: `LottieStyleHomes`), in the document's colour.
        #expect(shapes.count == 1)
        #expect(shapes.allSatisfy { $0.fillColor == Color(1, 0, 0, 1) })
        // Each glyph: 10 × 14 at size 20; advance 60 × 0.2 + 100 × 20 / 1000 = 14; the line
        // (28) centred on x 100; the baseline at y 50.
        let b = try #require(Self.union(s))
        #expect(abs(b.minX - 86) < 1e-9 && abs(b.maxX - 110) < 1e-9)
        #expect(abs(b.minY - 36) < 1e-9 && abs(b.maxY - 50) < 1e-9)
    }

    @Test func rightJustifiedLinesEndAtTheOriginOneLineHeightApart() throws {
        let s = try Self.scene(text: "A\\rAA", justification: 1)
        let b = try #require(Self.union(s))
        // Line 1 ends at 100 − 14 + 10 (its last glyph's box); line 2 starts at 100 − 28,
        // its baseline 30 lower.
        #expect(abs(b.minX - 72) < 1e-9 && abs(b.maxX - 96) < 1e-9)
        #expect(abs(b.minY - 36) < 1e-9 && abs(b.maxY - 80) < 1e-9)
    }

    @Test func aCharacterWithoutAGlyphSetsTheWholeTextInAFont() throws {
        let s = try Self.scene(text: "AB", justification: 0)
        // No glyph outlines are drawn: the text is set in the font family through CATextLayer,
        // one layer per character since the document has tracking (or, with no text renderer
        // installed in this process, named as skipped).
        #expect(Self.boxes(s).isEmpty)
        let lines = LottieImporterTests.all(s.root).compactMap { $0 as? CATextLayer }
        if CATextLayer.renderer != nil {
            #expect(lines.map(\.string) == ["A", "B"] && lines.allSatisfy { $0.font == "Box" })
        } else {
            #expect(lines.isEmpty && s.warnings == ["unsupported text (no text renderer installed) in layer \"Words\""])
        }
    }

    @Test func animatorsAreNamedAndTheDocumentIsDrawnInTheIOSReading() throws {
        let animators = ##"[{"s": {}, "a": {"fc": {"k": [0, 1, 0, 1]}}}]"##
        let s = try Self.scene(text: "A", justification: 0, animators: animators, reading: .iOS)
        #expect(Self.boxes(s).count == 1)
        #expect(s.warnings == ["unsupported text animators (the text is drawn as its document says) in layer \"Words\""])
        // After Effects' reading draws the animator: the whole range turns green.
        let ae = try Self.scene(text: "A", justification: 0, animators: animators)
        #expect(ae.warnings.isEmpty, "\(ae.warnings)")
        let shapes = LottieImporterTests.all(ae.root).compactMap { $0 as? CAShapeLayer }
        #expect(shapes.count == 1 && shapes.allSatisfy { $0.fillColor == Color(0, 1, 0, 1) })
    }

    /// After Effects' reading stacks a glyph's fill and stroke by `of`, After Effects'
    /// `TextDocument.strokeOverFill` ("Stroke Over Fill — Render stroke above the fill",
    /// lottie-docs; ThorVG and lottie-android draw the stroke first when it is false): where
    /// the 10-wide blue stroke overlaps the red fill (the inner 5 px of the glyph's edge) the
    /// stroke shows when `of` is true, the fill when it is false; outside the glyph the stroke
    /// shows either way, inside beyond its reach the fill.
    @Test(arguments: [true, false])
    func theStrokeIsOverTheFillWhereOfSaysSoInAfterEffectsReading(of: Bool) throws {
        // The glyph at size 100: a 50 × 70 box from (20, 20) to (70, 90).
        let s = try Self.scene(text: "A", justification: 0, size: 100, position: "[20, 90]",
                               stroke: #", "sc": [0, 0, 1], "sw": 10, "of": \#(of)"#)
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = LottieAfterEffectsReadingTests.render(s, frame: 0)
        func colour(_ x: Int, _ y: Int) -> (r: Double, b: Double, a: Double) {
            let c = LottieEffectsTests.rgba(b, x, y)
            return (c.r, c.b, c.a)
        }
        let overlap = colour(22, 55), outside = colour(17, 55), inside = colour(45, 55)
        #expect(overlap.a > 0.99 && outside.a > 0.99 && inside.a > 0.99)
        if of {
            #expect(overlap.b > 0.99 && overlap.r < 0.01, "\(overlap)")
        } else {
            #expect(overlap.r > 0.99 && overlap.b < 0.01, "\(overlap)")
        }
        #expect(outside.b > 0.99 && outside.r < 0.01, "\(outside)")
        #expect(inside.r > 0.99 && inside.b < 0.01, "\(inside)")
    }
}
