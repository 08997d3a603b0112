// Merge paths (`mm`) in After Effects' reading, on small files of our own making
// (`LottieFeatureFile`): each mode's pixels on two overlapping squares (After Effects Help,
// "Merge Paths options": Add the union, Subtract "the topmost path, subtracting the area
// defined by underlying paths", Intersect, Exclude Intersections; Merge joins the paths under
// the fill's rule), the inputs "removed from the rendering" (a fill between them paints
// nothing of them), groups placed by their transforms, animated inputs merged frame by frame,
// a golden per mode of a circle and a square, and the iOS reading drawing the shapes unmerged
// as lottie-ios's Core Animation engine does.
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieMergePathsTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    static let goldens = GoldenFolder(
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/MergePaths"),
        bundle: nil, bundleSubdirectory: "Goldens/MergePaths", failurePrefix: "lottie-merge")

    static func merge(_ mode: Int) -> String { #"{"ty": "mm", "mm": \#(mode)}"# }
    static let evenOddFill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 2}"#
    /// A covers x 20…60, B x 40…80, both y 30…70: probes in A only, both, B only.
    static let a = F.rect(40, 50, 40, 40), b = F.rect(60, 50, 40, 40)

    /// Whether the probes in A only, in both and in B only are painted.
    static func probes(_ s: LottieScene, frame: Double = 0) -> [Bool] {
        let bitmap = R.render(s, frame: frame)
        return [R.painted(bitmap, 30, 50), R.painted(bitmap, 50, 50), R.painted(bitmap, 70, 50)]
    }

    @Test(arguments: [(1, [true, false, true]), (2, [true, true, true]), (3, [true, false, false]),
                      (4, [false, true, false]), (5, [true, false, true])])
    func eachModeCombinesTheShapesAboveIt(mode: Int, expected: [Bool]) throws {
        // Merge (1) is filled even-odd here, so its joined squares show the rule's hole.
        let fill = mode == 1 ? Self.evenOddFill : F.fill()
        let s = try F.scene([F.shapeLayer([Self.a, Self.b, Self.merge(mode), fill])])
        #expect(Self.probes(s) == expected, "mode \(mode)")
        #expect(!s.warnings.contains { $0.contains("merge paths") })
        // Nothing outside both squares.
        #expect(!R.painted(R.render(s, frame: 0), 90, 50))
    }

    @Test(arguments: [2, 3, 4, 5])
    func theIOSReadingDrawsTheShapesUnmerged(mode: Int) throws {
        let s = try F.scene([F.shapeLayer([Self.a, Self.b, Self.merge(mode), F.fill()])], reading: .iOS)
        #expect(Self.probes(s) == [true, true, true])
        #expect(s.warnings.filter { $0.contains("merge paths") }.count == 1)
    }

    /// Subtract with three inputs: the topmost less each of the others.
    @Test func subtractTakesEveryUnderlyingPathFromTheTopmost() throws {
        let c = F.rect(30, 50, 10, 10)   // x 25…35 inside A
        let s = try F.scene([F.shapeLayer([Self.a, Self.b, c, Self.merge(3), F.fill()])])
        let bitmap = R.render(s, frame: 0)
        #expect(R.painted(bitmap, 22, 50) && R.painted(bitmap, 38, 50))
        #expect(!R.painted(bitmap, 30, 50) && !R.painted(bitmap, 50, 50))
    }

    /// "The input paths … are essentially removed from the rendering": a fill listed between
    /// the inputs and the merge paints nothing of them; the fill after the merge paints it.
    @Test func theInputsAreDrawnOnlyThroughTheMerge() throws {
        let s = try F.scene([F.shapeLayer([Self.a, F.fill(0, 0, 1), Self.b, Self.merge(2), F.fill(1, 0, 0)])])
        let bitmap = R.render(s, frame: 0)
        let p = bitmap[30, 50]
        #expect((p >> 16) & 0xff >= 250 && p & 0xff == 0, "A is painted by the red fill after the merge only")
    }

    /// A group before the merge is an input, placed by its transform, and not drawn on its own.
    @Test func aGroupIsMergedThroughItsTransform() throws {
        let moved = F.group([Self.a, F.fill(0, 0, 1)],
                            transform: #"{"ty": "tr", "p": {"k": [10, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}"#)
        let s = try F.scene([F.shapeLayer([moved, Self.b, Self.merge(4), F.fill()])])
        let bitmap = R.render(s, frame: 0)
        // The group's square now covers x 30…70: the intersection with B is x 40…70.
        #expect(R.painted(bitmap, 65, 50) && R.painted(bitmap, 45, 50))
        #expect(!R.painted(bitmap, 35, 50) && !R.painted(bitmap, 75, 50))
    }

    /// A group hands its paths to the merge one by one, each its own input (Skottie's shape
    /// builder pushes a group's transformed geometries into its parent's list): a circle
    /// intersected with a group of two copies of one square wound opposite ways is the circle.
    /// Joined into one input under the nonzero rule the copies would cancel and leave nothing
    /// (rlottie's a_mountain drew no background).
    @Test func aGroupsPathsAreSeparateInputs() throws {
        let circle = #"{"ty": "el", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}}"#
        let forward = F.rect(50, 50, 80, 80)
        let backward = #"{"ty": "rc", "d": 3, "p": {"k": [50, 50]}, "s": {"k": [80, 80]}, "r": {"k": 0}}"#
        let s = try F.scene([F.shapeLayer([circle, F.group([forward, backward]), Self.merge(4), F.fill()])])
        let bitmap = R.render(s, frame: 0)
        #expect(R.painted(bitmap, 50, 50) && R.painted(bitmap, 35, 50) && R.painted(bitmap, 50, 65))
        // The intersection is the circle: the squares' corners stay empty.
        #expect(!R.painted(bitmap, 15, 15) && !R.painted(bitmap, 85, 85))
        // Subtract: the circle (the topmost input) less each square is empty.
        let sub = R.render(try F.scene([F.shapeLayer([circle, F.group([forward, backward]), Self.merge(3), F.fill()])]), frame: 0)
        #expect(!R.painted(sub, 50, 50) && !R.painted(sub, 15, 15))
    }

    /// An intersection that cuts nothing from the topmost input is that input as drawn, so a trim
    /// after the merge runs along the author's path from its own first vertex: a rectangle's
    /// path starts at its top-right corner and runs down its right side, so its first quarter is
    /// the right side (x = 60, y 30…70), whatever polygon the boolean operation would give.
    @Test func anIntersectionThatCutsNothingKeepsTheTopmostPath() throws {
        let frame = F.group([F.rect(50, 50, 400, 400), F.rect(50, 50, 300, 300)])
        let trim = #"{"ty": "tm", "s": {"k": 0}, "e": {"k": 25}, "o": {"k": 0}, "m": 1}"#
        let s = try F.scene([F.shapeLayer([Self.a, frame, Self.merge(4), trim, F.stroke(width: 4, cap: 1)])])
        let bitmap = R.render(s, frame: 0)
        #expect(R.painted(bitmap, 60, 40) && R.painted(bitmap, 60, 60))
        #expect(!R.painted(bitmap, 20, 50) && !R.painted(bitmap, 40, 70) && !R.painted(bitmap, 40, 30))
    }

    /// An animated input is merged at every frame: B slides off A, so Subtract leaves all of A.
    @Test func animatedInputsAreMergedFrameByFrame() throws {
        let moving = #"{"ty": "rc", "p": \#(F.keyframes([(0, "[60, 50]", false), (30, "[110, 50]", false)])), "s": {"k": [40, 40]}, "r": {"k": 0}}"#
        let s = try F.scene([F.shapeLayer([Self.a, moving, Self.merge(3), F.fill()])])
        #expect(Self.probes(s, frame: 0) == [true, false, false])
        #expect(Self.probes(s, frame: 30) == [true, true, false])
    }

    /// A merge of merges: (A ∪ B) then intersected with a square in the overlap.
    @Test func aMergeTakesAnEarlierMergeAsOneInput() throws {
        let c = F.rect(50, 50, 10, 10)
        let s = try F.scene([F.shapeLayer([Self.a, Self.b, Self.merge(2), c, Self.merge(4), F.fill()])])
        let bitmap = R.render(s, frame: 0)
        #expect(R.painted(bitmap, 50, 50) && !R.painted(bitmap, 30, 50) && !R.painted(bitmap, 70, 50))
    }

    /// Each mode on a circle over a square, stroked as well as filled (a golden per mode).
    @Test(arguments: [1, 2, 3, 4, 5])
    func goldenOfEachMode(mode: Int) throws {
        let circle = #"{"ty": "el", "p": {"k": [40, 45]}, "s": {"k": [50, 50]}}"#
        let square = F.rect(62, 58, 44, 44)
        let s = try F.scene([F.shapeLayer([circle, square, Self.merge(mode), F.stroke(width: 3), F.fill(1, 0.6, 0)])])
        try expectGolden(R.render(s, frame: 0), "merge-mode-\(mode)", in: Self.goldens,
                         tolerance: GoldenTolerance(threshold: 16, maxMeanAbsolute: nil, maxShareOverThreshold: 0.002))
    }

    // MARK: A merge after a repeater takes its copies ("all of the paths above it", After Effects Help)

    static func repeater(copies: String, step: Double = 20) -> String {
        #"{"ty": "rp", "c": \#(copies), "o": {"k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"k": [\#(step), 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "so": {"k": 100}, "eo": {"k": 100}}}"#
    }

    @Test func aMergeAfterARepeaterCombinesItsCopies() throws {
        // A square x 20…50 repeated once 20 to the right (x 40…70): intersected, only x 40…50.
        let square = F.rect(35, 50, 30, 30)
        let s = try F.scene([F.shapeLayer([square, Self.repeater(copies: #"{"k": 2}"#), Self.merge(4), F.fill()])])
        #expect(!s.warnings.contains { $0.contains("merge") || $0.contains("repeater") }, "\(s.warnings)")
        let b = R.render(s, frame: 0)
        #expect(R.painted(b, 45, 50) && !R.painted(b, 30, 50) && !R.painted(b, 60, 50))
        // Added (2), the copies' union: x 20…70.
        let added = R.render(try F.scene([F.shapeLayer([square, Self.repeater(copies: #"{"k": 2}"#), Self.merge(2), F.fill()])]), frame: 0)
        #expect(R.painted(added, 25, 50) && R.painted(added, 45, 50) && R.painted(added, 65, 50) && !R.painted(added, 75, 50))
    }

    @Test func aMergedRepeaterIsPaintedOnceByTheFillAfterTheMerge() throws {
        // Copies fading from 100 % to 0 %, merged (Add), a fill after the merge: After Effects
        // removes the merge's inputs — the copies, their own fills with their opacities
        // included — from the rendering ("The input paths … are essentially removed from
        // the rendering of the shape layer", After Effects Help, "Merge Paths options"), and
        // the fill after the merge paints the one merged path at its own opacity. So the last
        // copy (its opacity 0 %) is as opaque as the first, and the copies' own green fill
        // is not drawn at all.
        let square = F.rect(35, 50, 30, 30)
        let fading = #"{"ty": "rp", "c": {"k": 2}, "o": {"k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"k": [20, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "so": {"k": 100}, "eo": {"k": 0}}}"#
        let s = try F.scene([F.shapeLayer([square, F.fill(0, 1, 0), fading, Self.merge(2), F.fill()])])
        let b = R.render(s, frame: 0)
        for x in [25, 45, 65] {
            let p = LottieEffectsTests.rgba(b, x, 50)
            #expect(p.a > 0.99 && p.r > 0.99 && p.g < 0.01, "x \(x): \(p)")
        }
    }

    @Test func anAnimatedRepeatersCopiesAreMergedFrameByFrame() throws {
        // From one copy to three (x 20…50, 40…70, 60…90), Exclude Intersections (5): the
        // overlaps x 40…50 and 60…70 open up once there are copies on both sides.
        let square = F.rect(35, 50, 30, 30)
        let copies = F.keyframes([(0, "[1]", true), (10, "[3]", false)])
        let s = try F.scene([F.shapeLayer([square, Self.repeater(copies: copies), Self.merge(5), F.fill()])])
        let f0 = R.render(s, frame: 0)
        #expect(R.painted(f0, 45, 50) && !R.painted(f0, 55, 50))
        let f20 = R.render(s, frame: 20)
        #expect(!R.painted(f20, 45, 50) && R.painted(f20, 55, 50) && !R.painted(f20, 65, 50) && R.painted(f20, 85, 50))
    }
}
