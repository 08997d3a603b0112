// Keyframed dash and gap lengths of a stroke (`d` entries "d", "g" with keyframes) in After
// Effects' reading: the pattern animates (CAShapeLayer's lineDashPattern, animatable in
// LayerKit) as lottie-web's DashProperty recomputes `stroke-dasharray` every frame; the
// offset animates lineDashPhase. lottie-ios's engine keeps the first lengths and says so.
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieAnimatedDashTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// A horizontal stroke 6 wide along y = 50 from x 0 to 100 with butt caps, dashes `d`.
    static func dashedLine(_ d: String) -> String {
        let line = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "w": {"k": 6}, "lc": 1, "lj": 1, "d": \#(d)}"#
        return F.shapeLayer([line, stroke])
    }

    /// The dash: 10 at frame 0 growing to 30 at frame 30; the gap 10 throughout.
    static let growing = #"[{"n": "d", "nm": "dash", "v": \#(F.keyframes([(0, "[10]", false), (30, "[30]", false)]))}, {"n": "g", "nm": "gap", "v": {"k": 10}}]"#

    /// The painted runs along the line's row (x ranges of pixels at least half covered).
    static func runs(_ b: Bitmap) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for x in 0...100 {
            let on = x < 100 && R.painted(b, x, 50)
            if on, start == nil { start = x }
            if !on, let s = start { out.append(s..<x); start = nil }
        }
        return out
    }

    @Test func keyframedDashLengthsAnimateThePattern() throws {
        let s = try F.scene([Self.dashedLine(Self.growing)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        // Frame 0: 10 on, 10 off; frame 15: 20 on, 10 off; frame 30: 30 on, 10 off.
        #expect(Self.runs(R.render(s, frame: 0)).prefix(3) == [0..<10, 20..<30, 40..<50])
        #expect(Self.runs(R.render(s, frame: 15)).prefix(3) == [0..<20, 30..<50, 60..<80])
        #expect(Self.runs(R.render(s, frame: 30)).prefix(3) == [0..<30, 40..<70, 80..<100])
        let shape = try #require(R.all(s.root).compactMap { $0 as? CAShapeLayer }.first { !$0.lineDashPattern.isEmpty })
        #expect(shape.animation(forKey: "lineDashPattern") != nil)
    }

    @Test func anOffsetMovesTheAnimatedPattern() throws {
        let d = #"[{"n": "d", "v": \#(F.keyframes([(0, "[10]", false), (30, "[30]", false)]))}, {"n": "g", "v": {"k": 10}}, {"n": "o", "v": {"k": 5}}]"#
        let s = try F.scene([Self.dashedLine(d)])
        // Starting 5 into the pattern: the first dash is 5 long.
        #expect(Self.runs(R.render(s, frame: 0)).prefix(2) == [0..<5, 15..<25])
    }

    @Test func allLengthsZeroDrawsASolidLine() throws {
        // A dash shrinking to 0 with a gap of 0: SVG's all-zero dash array is a solid line.
        let d = #"[{"n": "d", "v": \#(F.keyframes([(0, "[10]", false), (30, "[0]", false)]))}, {"n": "g", "v": \#(F.keyframes([(0, "[10]", false), (30, "[0]", false)]))}]"#
        let s = try F.scene([Self.dashedLine(d)])
        #expect(Self.runs(R.render(s, frame: 30)) == [0..<100])
        #expect(LottieShapeGroupBuilder.dashPattern([0, 0]) == [])
        #expect(LottieShapeGroupBuilder.dashPattern([4, -2, 3]) == [4, 0, 3, 4, 0, 3])
    }

    @Test func theIOSReadingKeepsTheFirstLengthsAndSaysSo() throws {
        let s = try F.scene([Self.dashedLine(Self.growing)], reading: .iOS)
        #expect(s.warnings.contains { $0.contains("animated dash lengths") })
        #expect(Self.runs(R.render(s, frame: 30)).prefix(2) == [0..<10, 20..<30])
    }
}
