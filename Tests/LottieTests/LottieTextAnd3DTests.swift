// After Effects' reading of text document keyframes, text animators and 3D layers with the
// camera, each on a small file of our own (`LottieFeatureFile`): pixels drawn at a frame, or
// the selection the rules give, with the rule's source beside each test.
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

extension LottieFeatureFile {
    /// A glyph "A" of advance 60: a 50 × 70 box standing on the baseline (at size 100), and
    /// a space of advance 30 without shapes.
    static let boxChars = ##"[{"ch": "A", "size": 100, "style": "Regular", "fFamily": "Box", "w": 60, "data": {"shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"k": [25, -35]}, "s": {"k": [50, 70]}, "r": {"k": 0}}]}]}}, {"ch": " ", "size": 100, "style": "Regular", "fFamily": "Box", "w": 30, "data": {}}]"##
    static let boxFonts = ##"{"list": [{"fName": "Box-Regular", "fFamily": "Box", "fStyle": "Regular"}]}"##

    /// A text document (the `s` of a document keyframe) in the box font at size 20 (each "A"
    /// a 10 × 14 box, advancing 12), left-justified, without tracking.
    static func document(_ text: String, fill: String = "[1, 0, 0]") -> String {
        #"{"s": 20, "f": "Box-Regular", "t": "\#(text)", "j": 0, "tr": 0, "lh": 30, "fc": \#(fill)}"#
    }

    /// A text layer at `position` with the document keyframes (frame, document) and animators.
    static func textLayer(_ documents: [(Double, String)], animators: String = "[]", position: String = "[20, 50]") -> String {
        let k = documents.map { #"{"t": \#($0.0), "s": \#($0.1)}"# }.joined(separator: ",")
        return #"{"ty": 5, "nm": "T", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": \#(position)}}, "t": {"d": {"k": [\#(k)]}, "a": \#(animators)}}"#
    }

    /// `layers` with the box font, imported in `reading` with the clock at 0.
    static func textScene(_ layers: [String], reading: LottieReading = .afterEffects, op: Double = 60) throws -> LottieScene {
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        let json = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": \(op), "w": 100, "h": 100, "fonts": \(boxFonts), "chars": \(boxChars), "assets": [], "layers": [\(layers.joined(separator: ","))]}
        """
        let s = try LottieScene.parse(Array(json.utf8), reading: reading)
        context.engine.tick(at: 0)
        return s
    }
}

@Suite(.freshAnimationContext) struct LottieTextAnd3DTests {
    typealias F = LottieFeatureFile
    static func render(_ s: LottieScene, frame: Double) -> Bitmap { LottieAfterEffectsReadingTests.render(s, frame: frame) }
    static func painted(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool { LottieAfterEffectsReadingTests.painted(b, x, y) }
    /// The pixel's colour channels (straight), as 0…255 red, green, blue.
    static func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = b[x, y], a = Int(p >> 24)
        guard a > 0 else { return (0, 0, 0) }
        // Premultiplied ARGB words: unpremultiply.
        func c(_ shift: UInt32) -> Int { Int((p >> shift) & 0xff) * 255 / a }
        return (c(16), c(8), c(0))
    }

    // MARK: Text document keyframes — each holds from its frame (lottie-web TextProperty)

    static let twoDocuments = F.textLayer([(0, F.document("A")), (10, F.document("AA", fill: "[0, 0, 1]"))])

    @Test func aLaterDocumentKeyframeReplacesTheTextFromItsFrame() throws {
        let s = try F.textScene([Self.twoDocuments])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        // "A" covers x 20…30, y 36…50; the second "A" of "AA" x 32…42.
        let before = Self.render(s, frame: 9)
        #expect(Self.painted(before, 25, 45) && !Self.painted(before, 37, 45))
        #expect(Self.rgb(before, 25, 45).0 > 200)
        let after = Self.render(s, frame: 10)
        #expect(Self.painted(after, 25, 45) && Self.painted(after, 37, 45))
        // The later document's colour: blue.
        #expect(Self.rgb(after, 37, 45).2 > 200 && Self.rgb(after, 37, 45).0 < 50)
    }

    @Test func theIOSReadingDrawsTheFirstDocumentAndSaysSo() throws {
        let s = try F.textScene([Self.twoDocuments], reading: .iOS)
        #expect(!Self.painted(Self.render(s, frame: 20), 37, 45))
        #expect(s.warnings.contains { $0.contains("text document keyframes") })
    }

    // MARK: Range selectors — lottie-web TextSelectorProperty `getMult`, TextProperty `completeTextData`

    static func selector(shape: Int, start: Double, end: Double, indices: Bool = false, basedOn: Int = 1) -> LottieTextSelector {
        var s = LottieTextSelector()
        s.shape = shape
        s.start = LottieProperty([start]); s.end = LottieProperty([end])
        s.inIndices = indices
        s.basedOn = basedOn
        return s
    }

    @Test func selectorShapesFollowLottieWeb() {
        func m(_ shape: Int, _ i: Double, start: Double = 0, end: Double = 100) -> Double {
            LottieTextAnimators.selection(Self.selector(shape: shape, start: start, end: end), number: i, count: 4, frame: 0)
        }
        // Ramp up over 4 characters: 0.5/4 + i/4.
        #expect(abs(m(2, 0) - 0.125) < 1e-12 && abs(m(2, 3) - 0.875) < 1e-12)
        #expect(abs(m(3, 0) - 0.875) < 1e-12)
        // Triangle: the ramp folded at ½.
        #expect(abs(m(4, 0) - 0.25) < 1e-12 && abs(m(4, 3) - 0.25) < 1e-12 && abs(m(4, 1) - 0.75) < 1e-12)
        // Round: √(1 − x²/a²), a = 2, x = i + ½ − 2.
        #expect(abs(m(5, 1) - (1 - 0.25 / 4).squareRoot()) < 1e-12)
        // Smooth: (1 + cos(π + 2π (i + ½)/4)) / 2.
        #expect(abs(m(6, 1) - (1 + cos(Double.pi + 2 * Double.pi * 1.5 / 4)) / 2) < 1e-12)
        // Square: the share of each character inside [0.5, 2.5] (in indices).
        let square = Self.selector(shape: 1, start: 0.5, end: 2.5, indices: true)
        let shares = (0..<4).map { LottieTextAnimators.selection(square, number: Double($0), count: 4, frame: 0) }
        #expect(shares == [0.5, 1, 0.5, 0])
    }

    @Test func easeHighAndLowBendTheSelection() {
        var s = Self.selector(shape: 2, start: 0, end: 100)
        s.easeHigh = LottieProperty([100])
        // Ease high 100: the curve (0, 0), (0, 1): at x ⅛ it is above the straight ramp.
        let eased = LottieTextAnimators.selection(s, number: 0, count: 4, frame: 0)
        #expect(eased > 0.2 && eased < 1)
    }

    @Test func wordsAndLinesNumberTheCharacters() throws {
        var words = LottieTextAnimator(), lines = LottieTextAnimator()
        words.selector.basedOn = 3
        lines.selector.basedOn = 4
        let text: [Character] = ["A", " ", "A", "\r", "A"]
        let letters = text.enumerated().map { i, c in
            LottieTextLetter(character: c, isLineBreak: c == "\r", line: i > 3 ? 1 : 0, origin: Point(0, 0), advance: 10)
        }
        let document = try LottieTextDocument.single(LottieJSON(try JSONReader.parse(Array(F.document("A").utf8)), path: "s"))
        let a = LottieTextAnimators([words, lines], alignment: LottieProperty([0, 0]), document: document, letters: letters)
        // Words: the number goes up after a space or a line break (and at the end).
        #expect(a.numbers[0] == [0, 0, 1, 1, 2] && a.counts[0] == 3)
        #expect(a.numbers[1] == [0, 0, 0, 0, 1] && a.counts[1] == 2)
    }

    // MARK: Animated properties — lottie-web TextAnimatorProperty `getMeasures`

    @Test func anOpacityAnimatorHidesTheSelectedCharacters() throws {
        // The first half of "AA" (percent 0…50) at opacity 0.
        let animator = #"[{"s": {"s": {"k": 0}, "e": {"k": 50}, "o": {"k": 0}, "r": 1, "b": 1, "sh": 1}, "a": {"o": {"k": 0}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("AA"))], animators: animator)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        #expect(!Self.painted(b, 25, 45) && Self.painted(b, 37, 45))
    }

    @Test func anAnimatedSelectorEndSweepsOverTheText() throws {
        let end = F.keyframes([(0, "[0]", false), (20, "[100]", false)])
        let animator = #"[{"s": {"e": \#(end), "sh": 1}, "a": {"p": {"k": [0, 30]}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("AA"))], animators: animator)])
        // Frame 0: nothing selected; frame 10: the first "A" moved 30 down; frame 20: both.
        let f0 = Self.render(s, frame: 0)
        #expect(Self.painted(f0, 25, 45) && Self.painted(f0, 37, 45))
        let f10 = Self.render(s, frame: 10)
        #expect(!Self.painted(f10, 25, 45) && Self.painted(f10, 25, 75) && Self.painted(f10, 37, 45))
        let f20 = Self.render(s, frame: 20)
        #expect(Self.painted(f20, 37, 75) && !Self.painted(f20, 37, 45))
    }

    @Test func scaleAndRotationTurnEachCharacterAboutItsCentreOnTheBaseline() throws {
        // Scale 200 %: the "A" (x 20…30 on the baseline y 50, advance 12) grows about
        // (26, 50): x 12…32, y 22…50.
        let animator = #"[{"s": {}, "a": {"s": {"k": [200, 200]}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("A"))], animators: animator)])
        let b = Self.render(s, frame: 0)
        #expect(Self.painted(b, 14, 25) && Self.painted(b, 30, 48) && !Self.painted(b, 34, 45) && !Self.painted(b, 14, 19))
        // Rotation 180°: the box turns about (26, 50) to x 22…32, y 50…64.
        let turned = #"[{"s": {}, "a": {"r": {"k": 180}}}]"#
        let r = Self.render(try F.textScene([F.textLayer([(0, F.document("A"))], animators: turned)]), frame: 0)
        #expect(Self.painted(r, 27, 57) && !Self.painted(r, 27, 45) && !Self.painted(r, 21, 57))
    }

    @Test func fillColourAndTrackingAnimators() throws {
        // The second "A" (index 1…2) turns blue and moves 10 right by tracking.
        let animator = #"[{"s": {"s": {"k": 1}, "e": {"k": 2}, "r": 2}, "a": {"fc": {"k": [0, 0, 1, 1]}, "t": {"k": 10}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("AA"))], animators: animator)])
        let b = Self.render(s, frame: 0)
        #expect(Self.rgb(b, 25, 45).0 > 200)
        #expect(!Self.painted(b, 37, 45) && Self.painted(b, 47, 45) && Self.rgb(b, 47, 45).2 > 200)
    }

    @Test func animatedTextBeyondTheSamplingBudgetIsRefusedInOneLine() throws {
        // 2,000 characters whose selection moves every frame: 601 frames × 2,000 states pass
        // the file's budget of 1,000,000 sampled values.
        let end = F.keyframes([(0, "[0]", false), (600, "[100]", false)])
        let animator = #"[{"s": {"e": \#(end)}, "a": {"o": {"k": 0}}}]"#
        let layer = F.textLayer([(0, F.document(String(repeating: "A", count: 2_000)))], animators: animator)
        do {
            _ = try F.textScene([layer], op: 600)
            Issue.record("the file was not refused")
        } catch let e as DocumentError {
            #expect(e.description.contains("maximumSampledValues"), "\(e)")
        }
    }

    // MARK: Text on a path — lottie-web TextAnimatorProperty `getMeasures` (its masked-path branch)

    static func onPath(_ from: String, _ to: String, margin: Double = 10, perpendicular: Int = 1) -> String {
        let mask = #"{"mode": "n", "inv": false, "o": {"k": 100}, "pt": {"k": {"c": false, "v": [\#(from), \#(to)], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        return #"{"ty": 5, "nm": "P", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "hasMask": true, "masksProperties": [\#(mask)], "t": {"d": {"k": [{"t": 0, "s": \#(F.document("A"))}]}, "a": [], "p": {"m": 0, "f": {"k": \#(margin)}, "l": {"k": 0}, "p": {"k": \#(perpendicular)}, "r": {"k": 0}}}}"#
    }

    @Test func textFollowsItsMaskPathFromTheFirstMargin() throws {
        // Along y 80 from x 10: the "A" (advance 12) centred 10 + 6 along, x 21…31, on the path.
        let s = try F.textScene([Self.onPath("[10, 80]", "[90, 80]")])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        #expect(Self.painted(b, 26, 73) && !Self.painted(b, 19, 73) && !Self.painted(b, 33, 73) && !Self.painted(b, 26, 83))
        // Down a vertical path, perpendicular: turned 90° clockwise at (50, 26): x 50…64, y 21…31.
        let down = Self.render(try F.textScene([Self.onPath("[50, 10]", "[50, 90]")]), frame: 0)
        #expect(Self.painted(down, 57, 26) && !Self.painted(down, 43, 26) && !Self.painted(down, 57, 35))
        // Not perpendicular: upright, x 45…55, y 12…26.
        let upright = Self.render(try F.textScene([Self.onPath("[50, 10]", "[50, 90]", perpendicular: 0)]), frame: 0)
        #expect(Self.painted(upright, 50, 20) && !Self.painted(upright, 60, 26))
    }

    // MARK: Randomize order and fill hue, saturation, brightness — lottie-web TextProperty, TextAnimatorProperty

    @Test func randomizeOrderShufflesTheUnitsOnceTheSameWayEveryTime() throws {
        var shuffled = LottieTextAnimator()
        shuffled.selector.randomized = true
        let letters = (0..<12).map { i in LottieTextLetter(character: "A", isLineBreak: false, line: 0, origin: Point(0, 0), advance: 10) }
        let document = try LottieTextDocument.single(LottieJSON(try JSONReader.parse(Array(F.document("A").utf8)), path: "s"))
        let a = LottieTextAnimators([shuffled], alignment: LottieProperty([0, 0]), document: document, letters: letters)
        let b = LottieTextAnimators([shuffled], alignment: LottieProperty([0, 0]), document: document, letters: letters)
        // A permutation of the numbers (each drawn once), not the order itself, and seeded.
        #expect(a.numbers[0].sorted() == Array(0..<12) && a.numbers[0] != Array(0..<12))
        #expect(a.numbers == b.numbers && a.counts == [12])
        // Units of several letters (words) keep one number for all their letters.
        var words = shuffled
        words.selector.basedOn = 3
        let text: [Character] = ["A", "A", " ", "A", " ", "A", "A", "A"]
        let wordLetters = text.map { LottieTextLetter(character: $0, isLineBreak: false, line: 0, origin: Point(0, 0), advance: 10) }
        let w = LottieTextAnimators([words], alignment: LottieProperty([0, 0]), document: document, letters: wordLetters)
        #expect(w.numbers[0][0] == w.numbers[0][1] && w.numbers[0][5] == w.numbers[0][7] && Set(w.numbers[0]) == [0, 1, 2])
    }

    @Test func aRandomizedSelectorIsDrawnWithoutAWarning() throws {
        // Half of "AAAA" (2 of 4, in percent) hidden in a shuffled order: two boxes drawn.
        let animator = #"[{"s": {"s": {"k": 0}, "e": {"k": 50}, "r": 1, "b": 1, "sh": 1, "rn": 1}, "a": {"o": {"k": 0}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("AAAA"))], animators: animator, position: "[10, 50]")])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        let shown = (0..<4).filter { Self.painted(b, 15 + 12 * $0, 45) }
        #expect(shown.count == 2)
    }

    @Test func fillHueSaturationAndBrightnessMoveTheFillInHSV() throws {
        // Red turned 120°: green; then saturation −100 %: grey of the same value.
        func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } && a.count == b.count }
        #expect(near(LottieTextAnimators.adjusted([1, 0, 0], hue: 120, saturation: 0, brightness: 0), [0, 1, 0]))
        #expect(near(LottieTextAnimators.adjusted([1, 0, 0], hue: -120, saturation: 0, brightness: 0), [0, 0, 1]))
        #expect(near(LottieTextAnimators.adjusted([1, 0, 0], hue: 0, saturation: -1, brightness: 0), [1, 1, 1]))
        #expect(near(LottieTextAnimators.adjusted([1, 0, 0], hue: 0, saturation: 0, brightness: -0.5), [0.5, 0, 0]))
        #expect(near(LottieTextAnimators.adjusted([0.2, 0.4, 0.6], hue: 360, saturation: 0, brightness: 0), [0.2, 0.4, 0.6]))
        // The second "A" selected (indices 1…2): turned from red to blue by a hue of 240°.
        let animator = #"[{"s": {"s": {"k": 1}, "e": {"k": 2}, "r": 2}, "a": {"fh": {"k": 240}}}]"#
        let s = try F.textScene([F.textLayer([(0, F.document("AA"))], animators: animator)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        #expect(Self.rgb(b, 25, 45).0 > 200 && Self.rgb(b, 37, 45).2 > 200 && Self.rgb(b, 37, 45).0 < 50)
    }

    // MARK: 3D layers and the camera — lottie-web TransformProperty (3D), Skottie CameraAdapter

    static func solid3D(_ p: String, extra: String = "") -> String {
        ##"{"ty": 1, "nm": "Card", "ind": 2, "ddd": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 20, "ks": {"a": {"k": [10, 10, 0]}, "p": {"k": \##(p)}\##(extra)}}"##
    }
    static func camera(zoom: Double, position: String, pointOfInterest: String) -> String {
        #"{"ty": 13, "nm": "Camera", "ind": 1, "ddd": 1, "ip": 0, "op": 60, "st": 0, "pe": {"k": \#(zoom)}, "ks": {"a": {"k": \#(pointOfInterest)}, "p": {"k": \#(position)}}}"#
    }

    @Test func theCamerasZoomScalesLayersByTheirDistance() throws {
        let camera = Self.camera(zoom: 100, position: "[50, 50, -100]", pointOfInterest: "[50, 50, 0]")
        // At z 0 (the zoom's distance) the card is its own 20 × 20; at z 100 (twice as far) half that.
        let near = Self.render(try F.scene([camera, Self.solid3D("[50, 50, 0]")]), frame: 0)
        #expect(Self.painted(near, 42, 50) && !Self.painted(near, 38, 50))
        let far = try F.scene([camera, Self.solid3D("[50, 50, 100]")])
        #expect(far.warnings.isEmpty, "\(far.warnings)")
        let b = Self.render(far, frame: 0)
        #expect(Self.painted(b, 47, 50) && !Self.painted(b, 43, 50))
    }

    @Test func aCameraLooksAtItsPointOfInterest() throws {
        // Turned 45° to the right: a card 100 right of the centre is straight ahead, seen
        // obliquely (x 44.7…54.8 on screen); the one at the centre leaves the view to the left.
        let camera = Self.camera(zoom: 100, position: "[50, 50, -100]", pointOfInterest: "[150, 50, 0]")
        let b = Self.render(try F.scene([camera, Self.solid3D("[150, 50, 0]")]), frame: 0)
        #expect(Self.painted(b, 50, 50) && Self.painted(b, 46, 50) && !Self.painted(b, 42, 50) && !Self.painted(b, 57, 50))
        let centre = Self.render(try F.scene([camera, Self.solid3D("[50, 50, 0]")]), frame: 0)
        #expect(!Self.painted(centre, 50, 50))
    }

    @Test func aYRotationIsSeenInPerspective() throws {
        // No camera: After Effects' default one (zoom 879.13). Turned 60° about y, the card
        // is about half as wide (10 px), its nearer edge a little taller than its farther one.
        let b = Self.render(try F.scene([Self.solid3D("[50, 50, 0]", extra: #", "ry": {"k": 60}"#)]), frame: 0)
        #expect(Self.painted(b, 46, 50) && Self.painted(b, 54, 50) && !Self.painted(b, 57, 50) && !Self.painted(b, 43, 50))
        let heights = [45, 55].map { x in (0..<100).filter { Self.painted(b, x, $0) }.count }
        #expect(heights[0] != heights[1])
        // lottie-ios's engine draws it flat and says so.
        let ios = try F.scene([Self.solid3D("[50, 50, 0]", extra: #", "ry": {"k": 60}"#)], reading: .iOS)
        #expect(ios.warnings.contains { $0.contains("3D rotation") })
    }

    @Test func threeDLayersAreDrawnBackToFrontByDepth() throws {
        // The red card is listed above the blue one but stands 50 deeper: blue covers it.
        let red = Self.solid3D("[45, 50, 50]").replacingOccurrences(of: #""ind": 2"#, with: #""ind": 3"#)
        let blue = Self.solid3D("[55, 50, 0]").replacingOccurrences(of: "#ff0000", with: "#0000ff")
        let b = Self.render(try F.scene([red, blue]), frame: 0)
        #expect(Self.rgb(b, 50, 50).2 > 200 && Self.rgb(b, 50, 50).0 < 50)
        // A 2D layer between them keeps the list's order.
        let flat = F.shapeLayer([F.rect(90, 90, 4, 4), F.fill()]).replacingOccurrences(of: #""ind": 1"#, with: #""ind": 5"#)
        let split = Self.render(try F.scene([red, flat, blue]), frame: 0)
        #expect(Self.rgb(split, 50, 50).0 > 200)
    }

    @Test func anAnimatedCameraMovesTheView() throws {
        let position = F.keyframes([(0, "[50, 50, -100]", false), (20, "[30, 50, -100]", false)])
        let camera = #"{"ty": 13, "nm": "Camera", "ind": 1, "ip": 0, "op": 60, "st": 0, "pe": {"k": 100}, "ks": {"p": \#(position)}}"#
        let s = try F.scene([camera, Self.solid3D("[50, 50, 0]")])
        // A one-node camera looks straight ahead: moving it 20 left moves the card 20 right.
        #expect(Self.painted(Self.render(s, frame: 0), 42, 50))
        let b = Self.render(s, frame: 20)
        #expect(!Self.painted(b, 58, 50) && Self.painted(b, 62, 50) && Self.painted(b, 78, 50))
    }

    @Test func aParentedCameraMovesAndTurnsWithItsParent() throws {
        // A one-node camera at (50, 50, −100) parented to a null 20 to the left: it stands at
        // (30, 50, −100), so the card at the centre is seen 20 to the right (lottie-web's
        // HCameraElement undoes the parents' transforms before the camera's own).
        func camera(parent: Int) -> String {
            #"{"ty": 13, "nm": "Camera", "ind": 1, "parent": \#(parent), "ip": 0, "op": 60, "st": 0, "pe": {"k": 100}, "ks": {"p": {"k": [50, 50, -100]}}}"#
        }
        let moved = #"{"ty": 3, "nm": "Rig", "ind": 3, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [-20, 0, 0]}}}"#
        let s = try F.scene([camera(parent: 3), moved, Self.solid3D("[50, 50, 0]")])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        #expect(!Self.painted(b, 58, 50) && Self.painted(b, 62, 50) && Self.painted(b, 78, 50) && !Self.painted(b, 42, 50))
        // A parent turned 180° about the composition's centre turns the view with it: a card
        // 20 right of the centre is seen 20 left of it.
        let turned = #"{"ty": 3, "nm": "Rig", "ind": 3, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"k": [50, 50, 0]}, "p": {"k": [50, 50, 0]}, "r": {"k": 180}}}"#
        let t = Self.render(try F.scene([camera(parent: 3), turned, Self.solid3D("[70, 50, 0]")]), frame: 0)
        #expect(Self.painted(t, 30, 50) && !Self.painted(t, 70, 50))
    }
}
