// After Effects' reading of a Lottie file (the default) against lottie-ios's (`--ios`), one
// feature a test, each on a small file of our own (`LottieFeatureFile`): the pixels drawn or
// the generated animation's values at a frame, with the rule's source beside each test.
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieAfterEffectsReadingTests {
    typealias F = LottieFeatureFile

    /// The scene drawn at `frame` on a transparent 100 × 100 bitmap.
    static func render(_ s: LottieScene, frame: Double) -> Bitmap {
        let b = Bitmap(width: 100, height: 100)
        let t = s.time(forFrame: frame)
        CAAnimationContext.current.clock.manualTime = t
        LayerRenderer(background: .clear).draw(s.root.presentation(at: t), into: Canvas(b))
        return b
    }
    /// Whether the pixel is at least half covered.
    static func painted(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool { (b[x, y] >> 24) >= 128 }

    static func all(_ root: CALayer) -> [CALayer] { LottieImporterTests.all(root) }

    // MARK: Holds — "Hold interpolation … holds the value of the keyframe until the next" (After Effects Help)

    static let heldPosition = F.keyframes([(0, "[20, 20]", false), (10, "[50, 50]", true), (20, "[80, 80]", false), (30, "[20, 80]", false)])
    static let heldSquare = F.shapeLayer([F.rect(0, 0, 10, 10), F.fill()], ks: "{\"p\": \(heldPosition)}")

    @Test func aHeldPositionBetweenInterpolatedKeyframesKeepsItsValue() throws {
        let b = Self.render(try F.scene([Self.heldSquare]), frame: 15)
        #expect(Self.painted(b, 50, 50))
        #expect(!Self.painted(b, 5, 5))
    }

    @Test func aHoldShowsTheNextKeyframeAtItsOwnFrame() throws {
        // A fill's opacity held 0 → 100 → 0 at frames 14, 16, 18 of a 25 fps animation (as
        // TypeFace/P's letters appear): at frame 16 exactly the keyframe's own 100 % shows, as
        // After Effects shows a keyframe's value at its frame — frame ÷ rate and back must not
        // fall a rounding error short of the jump.
        let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "r": 1, "o": {"k": [{"t": 14, "s": [0], "h": 1}, {"t": 16, "s": [100], "h": 1}, {"t": 18, "s": [0], "h": 1}]}}"#
        let json = #"{"v": "5.7.0", "fr": 25, "ip": 0, "op": 33, "w": 100, "h": 100, "layers": [\#(F.shapeLayer([F.group([F.rect(50, 50, 40, 40), fill])]))]}"#
        CAAnimationContext.current.clock.manualTime = 0
        let s = try LottieScene.parse(Array(json.utf8))
        CAAnimationContext.current.engine.tick(at: 0)
        for (frame, shown) in [(13.0, false), (14, false), (15.9, false), (16, true), (17, true), (17.9, true), (18, false)] {
            #expect(Self.painted(Self.render(s, frame: frame), 50, 50) == shown, "frame \(frame)")
        }
    }

    @Test func aLayerIsShownOnItsInPointsFrameAndHiddenOnItsOutPoints() throws {
        // A square shown from frame 18 to 22 of a 25 fps, 25-frame animation (TypeFace/T's
        // layer entering at 18, where lottie-ios's rounding hides it): [ip, op) at the exact frames.
        let layer = #"{"ty": 4, "nm": "S", "ind": 1, "ip": 18, "op": 22, "st": 0, "ks": {}, "shapes": [\#(F.rect(50, 50, 40, 40)), \#(F.fill())]}"#
        let json = #"{"v": "5.7.0", "fr": 25, "ip": 0, "op": 25, "w": 100, "h": 100, "layers": [\#(layer)]}"#
        CAAnimationContext.current.clock.manualTime = 0
        let s = try LottieScene.parse(Array(json.utf8))
        CAAnimationContext.current.engine.tick(at: 0)
        for (frame, shown) in [(17.0, false), (17.9, false), (18, true), (21, true), (21.9, true), (22, false)] {
            #expect(Self.painted(Self.render(s, frame: frame), 50, 50) == shown, "frame \(frame)")
        }
    }

    @Test func theIOSReadingKeepsLottieIOSsLoneHold() throws {
        // lottie-ios's Core Animation engine shows the layer's own value (here the origin) there.
        let b = Self.render(try F.scene([Self.heldSquare], reading: .iOS), frame: 15)
        #expect(!Self.painted(b, 50, 50))
        #expect(Self.painted(b, 2, 2))
    }

    @Test func aHeldPathBetweenInterpolatedKeyframesStaysDrawn() throws {
        func square(_ c: Double) -> String {
            #"[{"c": true, "v": [[\#(c - 5), \#(c - 5)], [\#(c + 5), \#(c - 5)], [\#(c + 5), \#(c + 5)], [\#(c - 5), \#(c + 5)]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}]"#
        }
        let path = #"{"ty": "sh", "ks": \#(F.keyframes([(0, square(20), false), (10, square(50), true), (20, square(80), false), (30, square(20), false)]))}"#
        let s = try F.scene([F.shapeLayer([path, F.fill()])])
        #expect(Self.painted(Self.render(s, frame: 15), 50, 50))
        #expect(!Self.painted(Self.render(try F.scene([F.shapeLayer([path, F.fill()])], reading: .iOS), frame: 15), 50, 50))
    }

    // MARK: Layer time — a layer's own keyframes are in its composition's frames; `st` times a
    // precomposition's content only (lottie-web PropertyFactory.js: the property is read at
    // `comp.renderedFrame − offsetTime` against key times `t − offsetTime`, offsetTime = st)

    static let late = #"{"ty": 4, "nm": "Late", "ind": 1, "ip": 0, "op": 60, "st": 20, "sr": 2, "ks": {"p": \#(F.keyframes([(0, "[10, 10]", false), (20, "[80, 80]", false)]))}, "shapes": [\#(F.rect(0, 0, 10, 10)), \#(F.fill())]}"#

    @Test func aLayersStartTimeAndStretchLeaveItsOwnKeyframesAlone() throws {
        // At frame 20 the keyframe at t = 20 holds, in both readings (ThorVG and rlottie agree).
        for reading in [LottieReading.afterEffects, .iOS] {
            let b = Self.render(try F.scene([Self.late], reading: reading), frame: 20)
            #expect(Self.painted(b, 80, 80) && !Self.painted(b, 10, 10), "\(reading)")
        }
    }

    @Test func aParentsStartTimeLeavesItsKeyframesAloneToo() throws {
        // A null with st = −10 moving its child: at frame 10 the null is at its t = 10 key.
        let null = #"{"ty": 3, "nm": "N", "ind": 1, "ip": 0, "op": 60, "st": -10, "ks": {"p": \#(F.keyframes([(0, "[0, 0]", false), (10, "[70, 70]", false), (20, "[0, 70]", false)]))}}"#
        let child = #"{"ty": 4, "nm": "C", "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(F.rect(10, 10, 10, 10)), \#(F.fill())]}"#
        let b = Self.render(try F.scene([child, null]), frame: 10)
        #expect(Self.painted(b, 80, 80) && !Self.painted(b, 10, 80))
    }

    // MARK: Time remapping and time stretch — the Lottie spec gives `tm` and `sr` to the
    // precomposition layer only ("Precomposition Layer": t′ = tm(t) · fr, tm read at the
    // layer's frame in its composition), and lottie-web reads them there alone (CompElement's
    // `renderedFrame`: tm's value × fr, else (frame − st) / sr). On every other layer kind `sr`
    // and `st` leave the layer's own keyframes in its composition's frames (the test above).

    /// A precomposition "c" whose 10-point square "Inner" moves from x = 10 at its frame 0 to
    /// x = 90 at its frame 40, where it ends (its out point).
    static let moving = #"[{"id": "c", "layers": [{"ty": 4, "nm": "Inner", "ind": 1, "ip": 0, "op": 40, "st": 0, "ks": {"p": \#(F.keyframes([(0, "[10, 50]", false), (40, "[90, 50]", false)]))}, "shapes": [\#(F.rect(0, 0, 10, 10)), \#(F.fill())]}]}]"#

    static func precompLayer(_ extra: String, st: Double = 0) -> String {
        #"{"ty": 0, "nm": "Pre", "refId": "c", "ind": 1, "ip": 0, "op": 60, "st": \#(st), "w": 100, "h": 100, "ks": {}, \#(extra)}"#
    }

    /// The x of the layer named "Inner" at `frame`.
    static func innerX(_ s: LottieScene, frame: Double) throws -> Double {
        let t = s.time(forFrame: frame)
        return try #require(Self.all(s.root.presentation(at: t)).first { $0.name == "Inner" }).position.x
    }

    @Test func timeRemappingHoldsRunsBackwardsAndPassesThePrecompositionsEnd() throws {
        // tm (seconds): 0 → 0.5 over frames 0…10, held at 0.5 to frame 20, 1 → 0 over 20…30
        // (backwards), 0 → 2 over 30…40 (past the content's 40 frames = 1.33 s).
        let tm = F.keyframes([(0, "[0]", false), (10, "[0.5]", true), (20, "[1]", false), (30, "[0]", false), (40, "[2]", false)])
        let s = try F.scene([Self.precompLayer(#""tm": \#(tm)"#)], assets: Self.moving)
        // Inner frame = tm × 30, x = 10 + 2 × inner frame.
        for (frame, x) in [(5.0, 25.0), (15, 40), (19, 40), (22, 58), (25, 40), (28, 22), (33, 46), (36, 82)] {
            #expect(abs(try Self.innerX(s, frame: frame) - x) < 1e-6, "frame \(frame)")
        }
        #expect(Self.painted(Self.render(s, frame: 36), 83, 50))
        // Frame 38 maps to the content's frame 48, past its out point: nothing is drawn.
        #expect(Self.paintedCount(Self.render(s, frame: 38)) == 0)
    }

    @Test func timeStretchSlowsAPrecompositionsContentFromItsStartTime() throws {
        // st 10, sr 2: the content's frame is (frame − 10) / 2; it begins at frame 10.
        let s = try F.scene([Self.precompLayer(#""sr": 2"#, st: 10)], assets: Self.moving)
        for (frame, x) in [(10.0, 10.0), (30, 30), (50, 50), (59, 59)] {
            #expect(abs(try Self.innerX(s, frame: frame) - x) < 1e-6, "frame \(frame)")
        }
        #expect(Self.paintedCount(Self.render(s, frame: 9)) == 0, "before its start the content is not drawn")
        #expect(Self.painted(Self.render(s, frame: 30), 31, 51))
    }

    @Test func timeStretchLeavesAShapeOrSolidLayersOwnKeyframesAlone() throws {
        // A shape layer and a solid, st 10, sr 2, moving (10, 10) → (80, 80) over frames 0…20:
        // at frame 10 they are half way, read at the frame itself (not at (10 − 10) / 2 = 0).
        let p = F.keyframes([(0, "[10, 10]", false), (20, "[80, 80]", false)])
        let shape = #"{"ty": 4, "nm": "L", "ind": 1, "ip": 0, "op": 60, "st": 10, "sr": 2, "ks": {"p": \#(p)}, "shapes": [\#(F.rect(0, 0, 10, 10)), \#(F.fill())]}"#
        let solid = ##"{"ty": 1, "nm": "L", "ind": 1, "ip": 0, "op": 60, "st": 10, "sr": 2, "sc": "#ff0000", "sw": 10, "sh": 10, "ks": {"p": \##(p)}}"##
        for layer in [shape, solid] {
            let s = try F.scene([layer])
            let l = try #require(Self.all(s.root.presentation(at: s.time(forFrame: 10))).first { $0.name == "L" })
            #expect(Self.near(l.position, Point(45, 45)), "\(l.position)")
        }
    }

    // MARK: Motion paths — spatial interpolation by distance (lottie-web `bezierData`; Lottie spec "Position")

    static let curved = F.shapeLayer([F.rect(0, 0, 4, 4), F.fill()],
                                     ks: #"{"p": \#(F.keyframes([(0, "[10, 90]", false), (30, "[90, 90]", false)], to: "[0, -120]", ti: "[-60, 0]"))}"#,
                                     extra: #""ao": 1"#)

    @Test func positionOnACurvedPathMovesByDistance() throws {
        let s = try F.scene([Self.curved])
        let segment = LottieSpatialSegment(p0: Point(10, 90), c1: Point(10, -30), c2: Point(30, 90), p3: Point(90, 90))
        for frame in [3.0, 10, 15, 22, 27] {
            let t = s.time(forFrame: frame)
            let layer = try #require(Self.all(s.root.presentation(at: t)).first { $0.name == "S" })
            let expected = segment.point(atLengthFraction: frame / 30)
            #expect((layer.position - expected).length < 0.2, "frame \(frame): \(layer.position) vs \(expected)")
        }
    }

    @Test func theIOSReadingFollowsTheBeziersParameter() throws {
        let s = try F.scene([Self.curved], reading: .iOS)
        let segment = LottieSpatialSegment(p0: Point(10, 90), c1: Point(10, -30), c2: Point(30, 90), p3: Point(90, 90))
        let layer = try #require(Self.all(s.root.presentation(at: s.time(forFrame: 10))).first { $0.name == "S" })
        #expect((layer.position - segment.point(1.0 / 3)).length < 0.05)
        #expect((layer.position - segment.point(atLengthFraction: 1.0 / 3)).length > 1)
    }

    @Test func autoOrientTurnsALayerAlongStraightMotionToo() throws {
        let straight = F.shapeLayer([F.rect(0, 0, 4, 4), F.fill()],
                                    ks: #"{"p": \#(F.keyframes([(0, "[10, 50]", false), (30, "[90, 90]", false)]))}"#, extra: #""ao": 1"#)
        let s = try F.scene([straight])
        let layer = try #require(Self.all(s.root.presentation(at: s.time(forFrame: 15))).first { $0.name == "S" })
        #expect((layer.position - Point(50, 70)).length < 0.05)
        #expect(abs(atan2(layer.transform.m12, layer.transform.m11) - atan2(40, 80)) < 1e-6)
    }

    @Test func anEllipsesPositionFollowsItsMotionPathByDistance() throws {
        let position = F.keyframes([(0, "[10, 90]", false), (30, "[90, 90]", false)], to: "[0, -120]", ti: "[-60, 0]")
        let ellipse = #"{"ty": "el", "p": \#(position), "s": {"k": [6, 6]}}"#
        let s = try F.scene([F.shapeLayer([ellipse, F.fill()])])
        let segment = LottieSpatialSegment(p0: Point(10, 90), c1: Point(10, -30), c2: Point(30, 90), p3: Point(90, 90))
        let centre = segment.point(atLengthFraction: 0.5)
        let b = Self.render(s, frame: 15)
        #expect(Self.painted(b, Int(centre.x), Int(centre.y)))
        #expect(!Self.painted(b, 50, 90))
    }

    @Test func autoOrientFollowsTheTangentWhereTheLayerIs() throws {
        let s = try F.scene([Self.curved])
        let segment = LottieSpatialSegment(p0: Point(10, 90), c1: Point(10, -30), c2: Point(30, 90), p3: Point(90, 90))
        let table = LottieMotionPath.LengthTable(segment)
        for frame in [5.0, 15, 25] {
            let layer = try #require(Self.all(s.root.presentation(at: s.time(forFrame: frame))).first { $0.name == "S" })
            let d = segment.derivative(table.parameter(atShare: frame / 30))
            let expected = atan2(d.y, d.x), m = layer.transform
            #expect(abs(atan2(m.m12, m.m11) - expected) < 0.01, "frame \(frame)")
        }
    }

    // MARK: Skew — anchor → scale → skew → rotation → position (lottie-web TransformProperty, `skewFromAxis(-sk, sa)`)

    @Test func aGroupsSkewShearsItsShapes() throws {
        let skewed = F.group([F.rect(0, 0, 40, 40), F.fill()],
                             transform: #"{"ty": "tr", "p": {"k": [50, 50]}, "sk": {"k": 45}, "sa": {"k": 0}}"#)
        // x' = x − tan(45°)·y: the square's top edge (y = −20) moves 20 right, its bottom 20 left.
        let b = Self.render(try F.scene([F.shapeLayer([skewed])]), frame: 0)
        #expect(Self.painted(b, 85, 33) && Self.painted(b, 15, 67))
        #expect(!Self.painted(b, 15, 33) && !Self.painted(b, 85, 67))
        let ios = Self.render(try F.scene([F.shapeLayer([skewed])], reading: .iOS), frame: 0)
        #expect(Self.painted(ios, 35, 33) && !Self.painted(ios, 85, 33))
    }

    @Test func skewMatrixTurnsTheShearToItsAxis() {
        // Along the y axis (sa 90°): y' = y + tan(sk)·x.
        let m = LottieTransformLayers.skewMatrix(30, axis: 90)
        let p = Point(10 * m.m11, 10 * m.m12)
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 10 * tan(30 * Double.pi / 180)) < 1e-9)
    }

    @Test func skewTakesTheTangentsPeriod() {
        // tan has period 180°: 180° shears nothing (ThorVG's slot.lot draws its frame so), 135°
        // leans as −45°, and only ±90° itself is clamped short of the infinite shear.
        func shear(_ sk: Double) -> Double { LottieTransformLayers.skewMatrix(sk, axis: 0).m21 }
        #expect(abs(shear(180)) < 1e-12 && abs(shear(-180)) < 1e-12 && abs(shear(360)) < 1e-12)
        #expect(abs(shear(135) - shear(-45)) < 1e-9 && abs(shear(-135) - shear(45)) < 1e-9)
        #expect(abs(shear(30) + tan(30 * Double.pi / 180)) < 1e-12)
        #expect(shear(90) == shear(89.9) && shear(-90) == shear(-89.9) && shear(90).isFinite)
        #expect(shear(.infinity) == 0 && shear(.nan) == 0)
    }

    // MARK: Masks — expansion, lighten, darken (After Effects Help, "Mask properties", "Mask modes")

    static func mask(_ mode: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, expansion: Double = 0) -> String {
        #"{"mode": "\#(mode)", "inv": false, "o": {"k": 100}, "x": {"k": \#(expansion)}, "pt": {"k": {"c": true, "v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
    }

    @Test func maskExpansionGrowsTheMask() throws {
        let layer = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(Self.mask("a", 30, 30, 70, 70, expansion: 6))]"#)
        let b = Self.render(try F.scene([layer]), frame: 0)
        #expect(Self.painted(b, 74, 50) && Self.painted(b, 50, 25))
        #expect(!Self.painted(b, 78, 50))
        let ios = Self.render(try F.scene([layer], reading: .iOS), frame: 0)
        #expect(!Self.painted(ios, 74, 50) && Self.painted(ios, 50, 50))
    }

    @Test func aNegativeExpansionShrinksTheMask() throws {
        let layer = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(Self.mask("a", 30, 30, 70, 70, expansion: -6))]"#)
        let b = Self.render(try F.scene([layer]), frame: 0)
        #expect(!Self.painted(b, 33, 50) && Self.painted(b, 38, 50))
    }

    @Test func whatIsStillLeftIsSaidOnce() throws {
        // Merge paths are drawn in this reading (`LottieMergePathsTests`), mask feather too
        // (`LottieEffectsTests`); the iOS reading says merge paths once (and, as lottie-ios,
        // leaves feather out).
        let feathered = Self.mask("a", 30, 30, 70, 70).replacingOccurrences(of: #""o": {"k": 100}"#, with: #""o": {"k": 100}, "f": {"k": [4, 4]}"#)
        let merged = F.shapeLayer([F.rect(40, 50, 30, 30), F.rect(60, 50, 30, 30), #"{"ty": "mm", "mm": 2}"#, #"{"ty": "mm", "mm": 2}"#, F.fill()])
        let layers = [F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(feathered), \#(feathered)]"#), merged, merged]
        let s = try F.scene(layers)
        #expect(s.warnings.filter { $0.contains("mask feather") || $0.contains("merge paths") }.isEmpty)
        let ios = try F.scene(layers, reading: .iOS)
        #expect(ios.warnings.filter { $0.contains("merge paths") }.count == 1)
    }

    @Test func darkenKeepsWhereBothMasksAreAndLightenWhereEither() throws {
        let darken = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(Self.mask("a", 10, 10, 60, 60)), \#(Self.mask("d", 40, 40, 90, 90))]"#)
        let d = Self.render(try F.scene([darken]), frame: 0)
        #expect(Self.painted(d, 50, 50) && !Self.painted(d, 20, 20) && !Self.painted(d, 80, 80))
        let lighten = F.solidLayer(extra: #""hasMask": true, "masksProperties": [\#(Self.mask("a", 10, 10, 60, 60)), \#(Self.mask("l", 40, 40, 90, 90))]"#)
        let l = Self.render(try F.scene([lighten]), frame: 0)
        #expect(Self.painted(l, 50, 50) && Self.painted(l, 20, 20) && Self.painted(l, 80, 80) && !Self.painted(l, 80, 20))
    }

    // MARK: Track mattes — luma ("visible where the matte's luminance is high", After Effects Help, "Track mattes")

    static func lumaMatte(_ r: Double, mode: Int) -> [String] {
        [#"{"ty": 4, "nm": "Matte", "ind": 2, "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(F.rect(30, 50, 40, 40)), \#(F.fill(r, r, r))]}"#,
         F.solidLayer("#ff0000", extra: #""tt": \#(mode)"#)]
    }

    @Test func aLumaMatteShowsTheLayerWhereTheMatteIsBright() throws {
        let white = Self.render(try F.scene(Self.lumaMatte(1, mode: 3)), frame: 0)
        #expect(Self.painted(white, 30, 50) && !Self.painted(white, 70, 50))
        let black = Self.render(try F.scene(Self.lumaMatte(0, mode: 3)), frame: 0)
        #expect(!Self.painted(black, 30, 50) && !Self.painted(black, 70, 50))
        // lottie-ios's engine draws the layer without the matte and the source as a layer.
        let ios = Self.render(try F.scene(Self.lumaMatte(0, mode: 3), reading: .iOS), frame: 0)
        #expect(Self.painted(ios, 70, 50))
    }

    @Test func anInvertedLumaMatteShowsTheLayerWhereTheMatteIsDark() throws {
        let white = Self.render(try F.scene(Self.lumaMatte(1, mode: 4)), frame: 0)
        #expect(!Self.painted(white, 30, 50) && Self.painted(white, 70, 50))
    }

    @Test func anInvertedMatteOfSeveralShapesHidesTheLayerUnderEach() throws {
        let matte = #"{"ty": 4, "nm": "Matte", "ind": 2, "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(F.rect(25, 50, 30, 30)), \#(F.rect(50, 50, 30, 30)), \#(F.rect(80, 20, 20, 20)), \#(F.fill(0, 0, 0))]}"#
        let b = Self.render(try F.scene([matte, F.solidLayer("#ff0000", extra: #""tt": 2"#)]), frame: 0)
        // (37, 50) lies under both overlapping squares.
        #expect(!Self.painted(b, 25, 50) && !Self.painted(b, 37, 50) && !Self.painted(b, 55, 50) && !Self.painted(b, 80, 20))
        #expect(Self.painted(b, 5, 5) && Self.painted(b, 50, 90) && Self.painted(b, 80, 50))
    }

    @Test func anInvertedMatteWithAHoleShowsTheLayerInTheHole() throws {
        // A square ring: outer square clockwise, inner square the other way (non-zero: a hole).
        let ring = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [[20, 20], [80, 20], [80, 80], [20, 80]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let hole = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [[40, 40], [40, 60], [60, 60], [60, 40]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let matte = #"{"ty": 4, "nm": "Matte", "ind": 2, "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(ring), \#(hole), \#(F.fill(0, 0, 0))]}"#
        let b = Self.render(try F.scene([matte, F.solidLayer("#ff0000", extra: #""tt": 2"#)]), frame: 0)
        #expect(Self.painted(b, 50, 50) && Self.painted(b, 5, 5) && !Self.painted(b, 30, 30))
    }

    @Test func anInvertedMatteIgnoresAStrokeOfWidthZero() throws {
        // Exporters write a 0-wide stroke beside the fill (LottieFiles 412-gift-outline): it
        // paints nothing, so the source is still one opaque filled shape to invert.
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 0}, "lc": 1, "lj": 1}"#
        let matte = #"{"ty": 4, "nm": "Matte", "ind": 2, "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(F.rect(50, 50, 40, 40)), \#(stroke), \#(F.fill(0, 0, 0))]}"#
        let s = try F.scene([matte, F.solidLayer("#ff0000", extra: #""tt": 2"#)])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let b = Self.render(s, frame: 0)
        #expect(!Self.painted(b, 50, 50) && Self.painted(b, 10, 10) && Self.painted(b, 90, 90))
    }

    // MARK: Path operations (After Effects Help, "Shape attributes, paint operations, and path operations")

    static func shapePath(_ s: LottieScene) throws -> Path {
        try #require(Self.all(s.root).compactMap { $0 as? CAShapeLayer }.first?.path)
    }

    @Test func puckerPullsTheVerticesOutAndTheSegmentsIn() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 40, 40), #"{"ty": "pb", "a": {"k": -50}}"#, F.fill()])])])
        let b = Self.render(s, frame: 0)
        // Vertices 1.5 times as far from the centre (30 out), the edges' middles pulled in.
        #expect(Self.painted(b, 70, 30) && Self.painted(b, 29, 69))
        #expect(!Self.painted(b, 68, 50) && Self.painted(b, 50, 50))
        #expect(!Self.painted(Self.render(try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 40, 40), #"{"ty": "pb", "a": {"k": -50}}"#, F.fill()])])], reading: .iOS), frame: 0), 70, 30))
    }

    @Test func bloatPushesTheSegmentsOut() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 40, 40), #"{"ty": "pb", "a": {"k": 50}}"#, F.fill()])])])
        let b = Self.render(s, frame: 0)
        #expect(!Self.painted(b, 68, 32) && Self.painted(b, 72, 50))
    }

    @Test func zigZagAddsRidgesPerSegment() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 60, 60), #"{"ty": "zz", "s": {"k": 4}, "r": {"k": 2}, "pt": {"k": 1}}"#, F.fill()])])])
        let path = try Self.shapePath(s)
        // Four segments of 2 ridges and a vertex each: 12 points, 12 lines, closed.
        #expect(path.elements.count == 14)
        // The vertices go inwards by 4, the first ridge point out by 4.
        guard case .move(let first) = path.elements[0] else { Issue.record("no move"); return }
        let inset: Double = 4 / 2.0.squareRoot()
        #expect(abs(first.x - (80 - inset)) < 1e-6)
        #expect(abs(first.y - (20 + inset)) < 1e-6)
    }

    @Test func offsetPathMovesAClosedPathOutward() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 40, 40), #"{"ty": "op", "a": {"k": 6}, "lj": 1, "ml": {"k": 4}}"#, F.fill()])])])
        let bounds = try Self.shapePath(s).boundingBox
        #expect(abs(bounds.minX - 24) < 1e-6 && abs(bounds.maxX - 76) < 1e-6 && abs(bounds.minY - 24) < 1e-6)
    }

    @Test func offsetPathMakesAnOpenPathABand() throws {
        let line = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[20, 50], [80, 50]], "i": [[0,0],[0,0]], "o": [[0,0],[0,0]]}}}"#
        let s = try F.scene([F.shapeLayer([F.group([line, #"{"ty": "op", "a": {"k": 5}, "lj": 1, "ml": {"k": 4}}"#, F.fill()])])])
        let b = Self.render(s, frame: 0)
        #expect(Self.painted(b, 50, 47) && Self.painted(b, 50, 53) && !Self.painted(b, 50, 57) && !Self.painted(b, 17, 50))
    }

    /// The on-curve points of `path` (move, line and curve ends) in order.
    static func vertices(_ path: Path) -> [Point] {
        path.elements.compactMap { e -> Point? in
            switch e {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
            case .close: return nil
            }
        }
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool { (a - b).length < tolerance }

    // Smooth points (`pt` 2): lottie-web's ZigZagModifier puts each point's tangents along the
    // path (perpendicular to the point's normal), each as long as the segment's chord over
    // 2 × (ridges + 1); a vertex's direction is that of the chord from the vertex before it to
    // the one after. The points sit where the corner ones do (the test above).
    @Test func zigZagSmoothPointsCarryTangentsAlongThePath() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 60, 60), #"{"ty": "zz", "s": {"k": 4}, "r": {"k": 2}, "pt": {"k": 2}}"#, F.fill()])])])
        let path = try Self.shapePath(s)
        // The square (80, 20) → (80, 80) → (20, 80) → (20, 20): 12 points, 12 curves, closed.
        #expect(path.elements.count == 14)
        let h = 60.0 / 6, d = 4 / 2.0.squareRoot(), hd = h / 2.0.squareRoot()
        let p0 = Point(80 - d, 20 + d)                 // the first vertex, inwards
        guard path.elements.count == 14, case .move(let first) = path.elements[0],
              case .cubic(let a1, let a2, let a3) = path.elements[1], case .cubic(let b1, let b2, let b3) = path.elements[2],
              case .cubic(let c1, let c2, let c3) = path.elements[3], case .cubic(_, let z2, let z3) = path.elements[12]
        else { Issue.record("\(path.elements)"); return }
        #expect(Self.near(first, p0))
        // To the first ridge (80, 40), out by 4: the vertex's tangent runs along its chord
        // (20, 20) → (80, 80), the ridge's along the edge, both 10 long.
        #expect(Self.near(a1, p0 + Point(hd, hd)) && Self.near(a2, Point(84, 40 - h)) && Self.near(a3, Point(84, 40)), "\(a1) \(a2) \(a3)")
        // The second ridge (80, 60), in by 4.
        #expect(Self.near(b1, Point(84, 40 + h)) && Self.near(b2, Point(76, 60 - h)) && Self.near(b3, Point(76, 60)), "\(b1) \(b2) \(b3)")
        // The vertex (80, 80), out, its chord (80, 20) → (20, 80).
        #expect(Self.near(c1, Point(76, 60 + h)) && Self.near(c2, Point(80 + d, 80 + d) - Point(-hd, hd)) && Self.near(c3, Point(80 + d, 80 + d)),
                "\(c1) \(c2) \(c3)")
        // The closing curve comes back to the first vertex along its tangent.
        #expect(Self.near(z2, p0 - Point(hd, hd)) && Self.near(z3, p0))
    }

    // Offset Paths' joins — lottie-web's OffsetPathModifier (`joinLines`): round (`lj` 2) joins
    // the offset edges by an arc about the corner of radius |amount|, bevel (`lj` 3) by a
    // straight line between their ends, miter (`lj` 1) meets them at their crossing unless the
    // miter limit `ml` is passed, then bevels. ("Offset Paths … Line Join, Miter Limit",
    // After Effects Help, "Shape attributes, paint operations, and path operations".)

    /// The distance from `p` to the square [lo, hi]².
    static func distance(_ p: Point, toSquare lo: Double, _ hi: Double) -> Double {
        let dx = max(lo - p.x, 0, p.x - hi), dy = max(lo - p.y, 0, p.y - hi)
        return (dx * dx + dy * dy).squareRoot()
    }

    static func offsetSquare(amount: Double, join: Int, miterLimit: Double) throws -> LottieScene {
        try F.scene([F.shapeLayer([F.group([F.rect(50, 50, 40, 40), #"{"ty": "op", "a": {"k": \#(amount)}, "lj": \#(join), "ml": {"k": \#(miterLimit)}}"#, F.fill()])])])
    }

    @Test func offsetPathRoundJoinsKeepTheAmountFromTheShape() throws {
        let s = try Self.offsetSquare(amount: 6, join: 2, miterLimit: 4)
        let points = Self.vertices(try Self.shapePath(s))
        // Every point of the offset outline lies 6 from the square [30, 70]², the corners' arcs included.
        for p in points { #expect(abs(Self.distance(p, toSquare: 30, 70) - 6) < 1e-6, "\(p)") }
        #expect(points.filter { $0.x > 70 + 1e-6 && $0.y < 30 - 1e-6 }.count >= 2, "points on the top-right arc")
        let b = Self.render(s, frame: 0)
        // Inside the arc about (70, 30) and outside it (the miter's corner (76, 24) is cut).
        #expect(Self.painted(b, 73, 27) && !Self.painted(b, 75, 24) && Self.painted(b, 50, 24) && !Self.painted(b, 50, 23))
    }

    @Test func offsetPathBevelJoinsCutTheCornersStraight() throws {
        let points = Self.vertices(try Self.shapePath(try Self.offsetSquare(amount: 6, join: 3, miterLimit: 4)))
        let expected = [Point(30, 24), Point(70, 24), Point(76, 30), Point(76, 70), Point(70, 76), Point(30, 76), Point(24, 70), Point(24, 30)]
        #expect(expected.allSatisfy { e in points.contains { Self.near($0, e) } }, "\(points)")
        #expect(points.allSatisfy { p in expected.contains { Self.near($0, p) } }, "\(points)")
    }

    @Test func offsetPathMiterLimitTurnsAMiterIntoABevel() throws {
        // A square's corner offset by 6: the miter reaches (76, 24), √2 × 6 from the corner and
        // 6 from either edge's end. Read as the miter's length over the amount (as a stroke's
        // limit is) or as lottie-web's distance from the edge's end, 10 allows it and 1.2 does not.
        let mitred = Self.vertices(try Self.shapePath(try Self.offsetSquare(amount: 6, join: 1, miterLimit: 10)))
        #expect(mitred.count >= 4 && [Point(76, 24), Point(76, 76), Point(24, 76), Point(24, 24)].allSatisfy { e in mitred.contains { Self.near($0, e) } },
                "\(mitred)")
        let cut = Self.vertices(try Self.shapePath(try Self.offsetSquare(amount: 6, join: 1, miterLimit: 1.2)))
        #expect(!cut.contains { Self.near($0, Point(76, 24)) } && cut.contains { Self.near($0, Point(70, 24)) } && cut.contains { Self.near($0, Point(76, 30)) },
                "\(cut)")
    }

    @Test func aNegativeOffsetShrinksAClosedShape() throws {
        // "Expands or contracts a shape": −6 moves every edge 6 inwards, the 40-point square
        // becomes the 28-point one about the same centre, its corners still square.
        let s = try Self.offsetSquare(amount: -6, join: 1, miterLimit: 4)
        let points = Self.vertices(try Self.shapePath(s))
        for p in points { #expect(abs(max(abs(p.x - 50), abs(p.y - 50)) - 14) < 1e-6, "\(p)") }
        #expect([Point(64, 36), Point(64, 64), Point(36, 64), Point(36, 36)].allSatisfy { e in points.contains { Self.near($0, e) } }, "\(points)")
        let b = Self.render(s, frame: 0)
        #expect(Self.painted(b, 36, 50) && !Self.painted(b, 35, 50) && Self.painted(b, 63, 50) && !Self.painted(b, 64, 50))
    }

    // MARK: Repeater — "Copies", "Offset" and the transform keyframed (After Effects Help, "Repeater")

    @Test func anAnimatedRepeaterAddsCopiesOverTime() throws {
        let repeater = #"{"ty": "rp", "c": \#(F.keyframes([(0, "[1]", false), (30, "[3]", false)])), "o": {"k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"k": [30, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "so": {"k": 100}, "eo": {"k": 100}}}"#
        let layer = F.shapeLayer([F.rect(20, 50, 10, 10), F.fill(), repeater])
        let s = try F.scene([layer])
        let start = Self.render(s, frame: 0), end = Self.render(s, frame: 30)
        #expect(Self.painted(start, 20, 50) && !Self.painted(start, 50, 50) && !Self.painted(start, 80, 50))
        #expect(Self.painted(end, 20, 50) && Self.painted(end, 50, 50) && Self.painted(end, 80, 50))
    }

    /// A fractional number of copies shows its whole copies only (lottie-android's
    /// `RepeaterContent`, `(int) copies`, as ThorVG and rlottie draw it): 2.8 copies are two,
    /// 3.2 three.
    @Test func aFractionalNumberOfCopiesShowsItsWholeCopies() throws {
        let copies = F.keyframes([(0, "[2.8]", false), (30, "[3.2]", false)])
        let s = try F.scene([F.shapeLayer([F.rect(20, 50, 10, 10), F.fill(), Self.repeater(copies: copies, p: "[30, 0]")])])
        let start = Self.render(s, frame: 0), end = Self.render(s, frame: 30)
        #expect(Self.painted(start, 20, 50) && Self.painted(start, 50, 50) && !Self.painted(start, 80, 50))
        #expect(Self.painted(end, 20, 50) && Self.painted(end, 50, 50) && Self.painted(end, 80, 50))
    }

    /// A repeater of `copies` (JSON) copies stepping `p`, scaling `s` about `a`.
    static func repeater(copies: String, a: String = "[0, 0]", p: String, s: String = "[100, 100]") -> String {
        #"{"ty": "rp", "c": \#(copies), "o": {"k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"k": \#(p)}, "a": {"k": \#(a)}, "s": {"k": \#(s)}, "r": {"k": 0}, "so": {"k": 100}, "eo": {"k": 100}}}"#
    }

    // A stroke listed after a repeater paints every copy's path, the copy's transform carried
    // into the path and the width kept: lottie-web's RepeaterModifier turns the copies into
    // groups before it, and `renderPath` (SVGElementsRenderer.js) draws a style's shapes through
    // the transforms of the groups between them, in the style's own element.
    @Test func aStrokeAfterAScalingRepeaterKeepsItsWidthInEveryCopy() throws {
        // Copy 1 is the 10-point square at (20, 50) scaled 300 % about its centre and moved 40
        // right: a 30-point square at (60, 50), its right edge at x = 75.
        let shapes = [F.rect(20, 50, 10, 10), Self.repeater(copies: #"{"k": 2}"#, a: "[20, 50]", p: "[40, 0]", s: "[300, 300]"),
                      F.stroke(width: 4, cap: 1)]
        let b = Self.render(try F.scene([F.shapeLayer(shapes)]), frame: 0)
        // 4 points wide: 73…77, not 69…81 (the width scaled with the copy).
        #expect(Self.painted(b, 75, 50) && !Self.painted(b, 79, 50) && !Self.painted(b, 71, 50))
        #expect(Self.painted(b, 25, 50) && !Self.painted(b, 28, 50))
        // lottie-ios's engine strokes each copy in the copy's coordinates: 12 points wide.
        let ios = Self.render(try F.scene([F.shapeLayer(shapes)], reading: .iOS), frame: 0)
        #expect(Self.painted(ios, 79, 50) && Self.painted(ios, 71, 50))
    }

    // A fill after a repeater paints all the copies' paths once, as one path (lottie-web draws
    // a style's shapes in one element): where two copies overlap, a half-opaque fill is half
    // opaque, not three quarters.
    @Test func aFillAfterARepeaterPaintsTheCopiesOnce() throws {
        let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 50}, "r": 1}"#
        let shapes = [F.rect(30, 50, 40, 40), Self.repeater(copies: #"{"k": 2}"#, p: "[20, 0]"), fill]
        let b = Self.render(try F.scene([F.shapeLayer(shapes)]), frame: 0)
        func alpha(_ x: Int) -> Int { Int(b[x, 50] >> 24) }
        #expect(abs(alpha(20) - 128) <= 2 && abs(alpha(40) - 128) <= 2 && abs(alpha(60) - 128) <= 2, "\(alpha(20)) \(alpha(40)) \(alpha(60))")
    }

    // A copy past the number of copies draws nothing, not even the round joins of a path
    // collapsed to a point (lottie-web stops rendering such a copy).
    @Test func aStrokeAfterAnAnimatedRepeaterDrawsNoHiddenCopy() throws {
        let copies = F.keyframes([(0, "[1]", false), (30, "[3]", false)])
        let s = try F.scene([F.shapeLayer([F.rect(20, 50, 10, 10), Self.repeater(copies: copies, a: "[20, 50]", p: "[30, 0]"),
                                           F.stroke(width: 6, cap: 2)])])
        let start = Self.render(s, frame: 0), end = Self.render(s, frame: 30)
        #expect(Self.painted(start, 25, 50) && Self.paintedCount(start) < 300, "\(Self.paintedCount(start)) pixels")
        #expect(!Self.painted(start, 50, 50) && !Self.painted(start, 80, 50))
        #expect(Self.painted(end, 55, 50) && Self.painted(end, 85, 50))
    }

    // MARK: Rectangle — the corner radius is the roundness held to half the shorter side

    /// A rounded rectangle growing from a horizontal line to a vertical one is rounded between
    /// its keys (lottie-web's `RectShapeProperty`: radius `min(w / 2, h / 2, r)` at every
    /// frame): halfway, 40 × 40 with roundness 30, it is a circle of radius 20. Mixing the
    /// keys' outlines (both unrounded: a side of zero) drew a square.
    @Test func aGrowingRoundedRectangleIsRoundedBetweenItsKeys() throws {
        let size = F.keyframes([(0, "[80, 0]", false), (30, "[0, 80]", false)])
        let rect = #"{"ty": "rc", "p": {"k": [50, 50]}, "s": \#(size), "r": {"k": 30}}"#
        let b = Self.render(try F.scene([F.shapeLayer([rect, F.fill()])]), frame: 15)
        #expect(Self.painted(b, 50, 50) && Self.painted(b, 50, 32) && Self.painted(b, 32, 50))
        #expect(!Self.painted(b, 33, 33) && !Self.painted(b, 67, 67), "the corners are cut by the radius")
    }

    // MARK: Trim — a range of no length draws nothing, round caps included (Lottie spec "Trim Path")

    @Test func aTrimOfZeroLengthDrawsNothingEvenWithRoundCaps() throws {
        let line = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[20, 50], [80, 50]], "i": [[0,0],[0,0]], "o": [[0,0],[0,0]]}}}"#
        let trim = #"{"ty": "tm", "s": \#(F.keyframes([(0, "[0]", false), (30, "[100]", false)])), "e": \#(F.keyframes([(0, "[0]", false), (30, "[100]", false)])), "o": {"k": 0}, "m": 1}"#
        let s = try F.scene([F.shapeLayer([line, trim, F.stroke(width: 10, cap: 2)])])
        for frame in [0.0, 15, 30] {
            let b = Self.render(s, frame: frame)
            var drawn = 0
            for y in 0..<100 { for x in 0..<100 where b[x, y] != 0 { drawn += 1 } }
            #expect(drawn == 0, "frame \(frame)")
        }
    }

    // A trim is read at the exact time, between frames too: lottie-web renders sub-frames
    // unless told not to (`subframeEnabled = true`, utils/common.js) and evaluates properties
    // at that fractional frame (PropertyFactory.js, `interpolateValue` with the keyframe's
    // bezier easing), and the Lottie spec's keyframe easing is the cubic
    // bezier (0, 0), o, i, (1, 1). With o = (1/3, 0) and i = (2/3, 0) the curve's x is its
    // parameter u and its y is u³, so half way through the keyframe the value is 1/8 of the way.
    static let cubedEase = #""o": {"x": [0.3333333333333333], "y": [0]}, "i": {"x": [0.6666666666666666], "y": [0]}"#
    static let straightLine = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[10, 50], [90, 50]], "i": [[0,0],[0,0]], "o": [[0,0],[0,0]]}}}"#

    @Test func aTrimKeyframedWithinAFrameIsReadAtTheExactTime() throws {
        // The end goes 0 → 100 % from frame 0 to frame 1: at frame 0.5 it is 12.5 %, x 10…20.
        let end = #"{"a": 1, "k": [{"t": 0, "s": [0], \#(Self.cubedEase)}, {"t": 1, "s": [100]}]}"#
        let trim = #"{"ty": "tm", "s": {"k": 0}, "e": \#(end), "o": {"k": 0}, "m": 1}"#
        let s = try F.scene([F.shapeLayer([Self.straightLine, trim, F.stroke(width: 6, cap: 1)])])
        let layer = try #require(Self.all(s.root.presentation(at: s.time(forFrame: 0.5))).compactMap { $0 as? CAShapeLayer }.first)
        #expect(abs(layer.strokeEnd - 0.125) < 1e-6 && layer.strokeStart == 0, "\(layer.strokeStart) \(layer.strokeEnd)")
        let b = Self.render(s, frame: 0.5)
        #expect(Self.painted(b, 18, 50) && !Self.painted(b, 21, 50))
    }

    @Test func aTrimWithSeveralMovingInputsIsReadAtTheExactTimeToo() throws {
        // The start too moves, 0 → 20 % over frames 0…2 (linear): at frame 0.5 the range is
        // 5 … 12.5 %, x 14…20 (not the 5 … 50 % of values sampled at frames 0 and 1 and mixed).
        let start = F.keyframes([(0, "[0]", false), (2, "[20]", false)])
        let end = #"{"a": 1, "k": [{"t": 0, "s": [0], \#(Self.cubedEase)}, {"t": 1, "s": [100]}]}"#
        let trim = #"{"ty": "tm", "s": \#(start), "e": \#(end), "o": {"k": 0}, "m": 1}"#
        let s = try F.scene([F.shapeLayer([Self.straightLine, trim, F.stroke(width: 6, cap: 1)])])
        let layer = try #require(Self.all(s.root.presentation(at: s.time(forFrame: 0.5))).compactMap { $0 as? CAShapeLayer }.first)
        #expect(abs(layer.strokeStart - 0.05) < 1e-6 && abs(layer.strokeEnd - 0.125) < 1e-6, "\(layer.strokeStart) \(layer.strokeEnd)")
        let b = Self.render(s, frame: 0.5)
        #expect(Self.painted(b, 15, 50) && !Self.painted(b, 12, 50) && Self.painted(b, 18, 50) && !Self.painted(b, 21, 50))
    }

    /// Pixels at least half covered.
    static func paintedCount(_ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<100 { for x in 0..<100 where painted(b, x, y) { n += 1 } }
        return n
    }

    // A trim cuts the path a fill paints too (lottie-web's TrimModifier rewrites the shape data
    // the fill reads); lottie-ios's engine trims strokes only.
    @Test func aTrimCutsTheOutlineAFillPaints() throws {
        func trim(_ start: String, _ end: String) -> String { #"{"ty": "tm", "s": \#(start), "e": \#(end), "o": {"k": 0}, "m": 1}"# }
        // Half the square's outline (two sides from a corner) closed by the fill: half its area.
        let half = try F.scene([F.shapeLayer([F.rect(50, 50, 60, 60), trim(#"{"k": 0}"#, #"{"k": 50}"#), F.fill()])])
        let n = Self.paintedCount(Self.render(half, frame: 0))
        #expect(abs(n - 1800) < 120, "\(n) pixels")
        let ios = try F.scene([F.shapeLayer([F.rect(50, 50, 60, 60), trim(#"{"k": 0}"#, #"{"k": 50}"#), F.fill()])], reading: .iOS)
        #expect(abs(Self.paintedCount(Self.render(ios, frame: 0)) - 3600) < 120)
        // An animated end: nothing at the start, the whole square at the end.
        let grows = try F.scene([F.shapeLayer([F.rect(50, 50, 60, 60), trim(#"{"k": 0}"#, F.keyframes([(0, "[0]", false), (30, "[100]", false)])), F.fill()])])
        #expect(Self.paintedCount(Self.render(grows, frame: 0)) == 0)
        #expect(abs(Self.paintedCount(Self.render(grows, frame: 30)) - 3600) < 120)
        // A range across the path's end (offset a quarter turn) wraps to its start: still half.
        let wrapped = try F.scene([F.shapeLayer([F.rect(50, 50, 60, 60), #"{"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "o": {"k": 270}, "m": 1}"#, F.fill()])])
        #expect(abs(Self.paintedCount(Self.render(wrapped, frame: 0)) - 1800) < 120)
    }

    // A gradient keeps the coordinates of the group that holds it: the shapes of a nested,
    // transformed group are painted in the style's group's space (lottie-web transforms their
    // paths into it), so turning the nested group turns the shape, not the gradient.
    @Test func aGradientOfAnOuterGroupDoesNotTurnWithANestedGroup() throws {
        let ramp = #"{"ty": "gf", "o": {"k": 100}, "s": {"k": [10, 50]}, "e": {"k": [90, 50]}, "t": 1, "g": {"p": 2, "k": {"k": [0, 0, 0, 0, 1, 1, 1, 1]}}, "r": 1}"#
        func turned(_ r: String) -> String {
            F.group([F.group([F.rect(0, 0, 100, 100)], transform: #"{"ty": "tr", "p": {"k": [50, 50]}, "r": \#(r)}"#), ramp])
        }
        func grey(_ b: Bitmap, _ x: Int) -> Double { Double((b[x, 50] >> 16) & 0xFF) / 255 }
        let still = try F.scene([F.shapeLayer([turned(#"{"k": 180}"#)])])
        let b = Self.render(still, frame: 0)
        #expect(grey(b, 10) < 0.05 && grey(b, 90) > 0.95, "\(grey(b, 10)) \(grey(b, 90))")
        // Turning: the same ramp at every frame.
        let turning = try F.scene([F.shapeLayer([turned(F.keyframes([(0, "[0]", false), (30, "[180]", false)]))])])
        for frame in [0.0, 15, 30] {
            let t = Self.render(turning, frame: frame)
            #expect(abs(grey(t, 30) - 0.25) < 0.05 && abs(grey(t, 70) - 0.75) < 0.05, "frame \(frame)")
        }
        // lottie-ios's engine draws the gradient in the nested group's coordinates: turned with it.
        let ios = Self.render(try F.scene([F.shapeLayer([turned(#"{"k": 180}"#)])], reading: .iOS), frame: 0)
        #expect(grey(ios, 90) < 0.05)
    }

    // A stroke keeps the width of the group that holds it: lottie-web's `renderPath`
    // (SVGElementsRenderer.js) multiplies the path of a shape in a nested group by the
    // transforms between it and the style, and strokes it in the style's group — so a nested
    // group scaled 400 % draws a larger square with the outer stroke's own 4-point width.
    @Test func aStrokeOfAnOuterGroupKeepsItsWidthWhenANestedGroupScales() throws {
        func scaled(_ s: String) -> String {
            F.group([F.group([F.rect(0, 0, 10, 10)], transform: #"{"ty": "tr", "p": {"k": [50, 50]}, "s": \#(s)}"#),
                     F.stroke(width: 4, cap: 1)])
        }
        let still = Self.render(try F.scene([F.shapeLayer([scaled(#"{"k": [400, 400]}"#)])]), frame: 0)
        // The square's right edge at x = 70: the stroke spans 68…72, not 62…78.
        #expect(Self.painted(still, 70, 50) && !Self.painted(still, 75, 50) && !Self.painted(still, 65, 50))
        // Scaling over time: the same width at every frame.
        let growing = try F.scene([F.shapeLayer([scaled(F.keyframes([(0, "[100, 100]", false), (30, "[400, 400]", false)]))])])
        let end = Self.render(growing, frame: 30)
        #expect(Self.painted(end, 70, 50) && !Self.painted(end, 75, 50) && !Self.painted(end, 65, 50))
        let start = Self.render(growing, frame: 0)
        #expect(Self.painted(start, 55, 50) && !Self.painted(start, 58, 50) && !Self.painted(start, 52, 50))
        // lottie-ios's engine strokes in the nested group's coordinates: 16 points wide.
        let ios = Self.render(try F.scene([F.shapeLayer([scaled(#"{"k": [400, 400]}"#)])], reading: .iOS), frame: 0)
        #expect(Self.painted(ios, 75, 50) && Self.painted(ios, 65, 50))
    }

    // The same rule when the nested group collapses to a scale of exactly 0 on an axis (a
    // globe's meridian looping through 0 %, LottieFiles 10151): the flattened path is a line,
    // stroked in the outer group with its full width, as lottie-web, ThorVG and rlottie draw
    // it. The stroke sits under a layer undoing the nested group's transform, which a zero
    // scale has none of: nothing was drawn.
    @Test func aStrokeOfAnOuterGroupDrawsANestedGroupScaledToZeroAsALine() throws {
        func collapsed(_ s: String) -> String {
            F.group([F.group([F.rect(0, 0, 10, 10)], transform: #"{"ty": "tr", "p": {"k": [50, 50]}, "s": \#(s)}"#),
                     F.stroke(width: 4, cap: 1)])
        }
        // The square flattened onto x = 50, from y = 45 to 55: the stroke spans 48…52.
        let still = Self.render(try F.scene([F.shapeLayer([collapsed(#"{"k": [0, 100]}"#)])]), frame: 0)
        #expect(Self.painted(still, 50, 50) && !Self.painted(still, 54, 50) && !Self.painted(still, 50, 60))
        // A scale keyframed through 0 % (as a sampled loopOut gives it): the line at that frame.
        let opening = try F.scene([F.shapeLayer([collapsed(F.keyframes([(0, "[0, 100]", false), (30, "[100, 100]", false)]))])])
        let first = Self.render(opening, frame: 0)
        #expect(Self.painted(first, 50, 50) && !Self.painted(first, 54, 50))
        let end = Self.render(opening, frame: 30)
        #expect(Self.painted(end, 55, 50) && !Self.painted(end, 50, 50))
    }

    // MARK: Outer styles — one path over the nested groups' shapes

    // A fill or stroke of an outer group paints every shape it applies to, its own group's and
    // those of the groups nested in it, as ONE path in its own group: lottie-web builds one path
    // element per style in the style's group (SVGShapeElement's `searchShapes`) and
    // `renderPath` (SVGElementsRenderer.js) appends each shape's path, carried by the nested
    // groups' transforms, to its data (`itemData.styles[l].d += pathStringTransformed`);
    // ThorVG and rlottie draw these files the same way. lottie-ios's Core Animation engine
    // hands the style down to each nested group's layer (ShapeLayer.swift,
    // `inheritedItemsForChildGroups`): one layer per group.

    static let halfFill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 50}, "r": 1}"#
    static let halfStroke = #"{"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 50}, "w": {"k": 8}, "lc": 2, "lj": 2}"#
    /// Two 40-point squares in groups moved apart: x 15…55, y 25…65 and x 40…80, y 40…80.
    static func twoNestedGroups(_ style: String, secondTransform: String = #"{"ty": "tr", "p": {"k": [5, 5]}}"#) -> String {
        F.group([F.group([F.rect(40, 45, 40, 40)], transform: #"{"ty": "tr", "p": {"k": [-5, 0]}}"#),
                  F.group([F.rect(55, 55, 40, 40)], transform: secondTransform), style])
    }

    @Test func aTranslucentOuterFillPaintsOverlappingNestedGroupsOnce() throws {
        func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b[x, y] >> 24) }
        // One moved group, one turned about its centre: the overlap (50, 50) is half opaque.
        let turned = #"{"ty": "tr", "a": {"k": [55, 55]}, "p": {"k": [60, 60]}, "r": {"k": 15}}"#
        for second in [#"{"ty": "tr", "p": {"k": [5, 5]}}"#, turned] {
            let b = Self.render(try F.scene([F.shapeLayer([Self.twoNestedGroups(Self.halfFill, secondTransform: second)])]), frame: 0)
            #expect(abs(alpha(b, 50, 50) - 128) <= 2 && abs(alpha(b, 20, 30) - 128) <= 2, "\(alpha(b, 50, 50)) \(alpha(b, 20, 30))")
        }
        // Moving over time, the same.
        let moving = #"{"ty": "tr", "p": \#(F.keyframes([(0, "[5, 5]", false), (30, "[0, 0]", false)]))}"#
        let s = try F.scene([F.shapeLayer([Self.twoNestedGroups(Self.halfFill, secondTransform: moving)])])
        for frame in [0.0, 15, 30] { #expect(abs(alpha(Self.render(s, frame: frame), 50, 50) - 128) <= 2, "frame \(frame)") }
        // lottie-ios's engine: a layer per group, the overlap three quarters opaque.
        let ios = Self.render(try F.scene([F.shapeLayer([Self.twoNestedGroups(Self.halfFill)])], reading: .iOS), frame: 0)
        #expect(abs(alpha(ios, 50, 50) - 191) <= 3, "\(alpha(ios, 50, 50))")
    }

    @Test func anEvenOddOuterFillCutsHolesAcrossNestedGroups() throws {
        // A 70-point square and a 33-point one (a 30-point square scaled 110 %) inside it, each
        // in its own moved group: the even-odd rule leaves the inner square a hole.
        let evenOdd = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 2}"#
        let shapes = F.group([F.group([F.rect(50, 50, 70, 70)], transform: #"{"ty": "tr", "p": {"k": [2, 0]}}"#),
                              F.group([F.rect(0, 0, 30, 30)], transform: #"{"ty": "tr", "p": {"k": [48, 50]}, "s": {"k": [110, 110]}}"#),
                              evenOdd])
        let b = Self.render(try F.scene([F.shapeLayer([shapes])]), frame: 0)
        #expect(!Self.painted(b, 48, 50) && Self.painted(b, 25, 50) && Self.painted(b, 75, 50))
        let ios = Self.render(try F.scene([F.shapeLayer([shapes])], reading: .iOS), frame: 0)
        #expect(Self.painted(ios, 48, 50))
    }

    @Test func aTranslucentOuterStrokeOverNestedGroupsIsOneStroke() throws {
        // The first square's right edge (x = 55) crosses the second's top edge (y = 40) at
        // (55, 40): one stroke there is half opaque, not three quarters.
        func alpha(_ b: Bitmap) -> Int { Int(b[55, 40] >> 24) }
        let b = Self.render(try F.scene([F.shapeLayer([Self.twoNestedGroups(Self.halfStroke)])]), frame: 0)
        #expect(abs(alpha(b) - 128) <= 2, "\(alpha(b))")
        let ios = Self.render(try F.scene([F.shapeLayer([Self.twoNestedGroups(Self.halfStroke)])], reading: .iOS), frame: 0)
        #expect(abs(alpha(ios) - 191) <= 3, "\(alpha(ios))")
    }

    @Test func anOuterFillPaintsItsOwnShapesAndTheNestedGroupsAsOnePath() throws {
        // The outer group's own square and a nested group's square overlapping it: one path.
        let shapes = F.group([F.group([F.rect(55, 55, 40, 40)], transform: #"{"ty": "tr", "p": {"k": [5, 5]}}"#),
                              F.rect(35, 45, 40, 40), Self.halfFill])
        let b = Self.render(try F.scene([F.shapeLayer([shapes])]), frame: 0)
        #expect(abs(Int(b[50, 50] >> 24) - 128) <= 2, "\(b[50, 50] >> 24)")
    }

    @Test func anOuterStrokeKeepsEachNestedGroupsOwnTrim() throws {
        // The left group's square is trimmed to half its outline inside the group; the right
        // group's is not: the outer stroke draws half the left outline and all the right one
        // (shapes trimmed differently are painted as separate paths, each with its trim).
        let half = #"{"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "o": {"k": 0}, "m": 1}"#
        let shapes = F.group([F.group([F.rect(0, 0, 30, 30), half], transform: #"{"ty": "tr", "p": {"k": [25, 50]}}"#),
                              F.group([F.rect(0, 0, 30, 30)], transform: #"{"ty": "tr", "p": {"k": [75, 50]}}"#),
                              F.stroke(width: 4, cap: 1)])
        let b = Self.render(try F.scene([F.shapeLayer([shapes])]), frame: 0)
        func count(_ xs: Range<Int>) -> Int {
            var n = 0
            for y in 0..<100 { for x in xs where Self.painted(b, x, y) { n += 1 } }
            return n
        }
        let left = count(0..<50), right = count(50..<100)
        #expect(right > 400 && abs(Double(left) / Double(right) - 0.5) < 0.1, "\(left) \(right)")
    }

    @Test func anOuterTrimCutsWhatANestedGroupsTrimLeft() throws {
        // A nested group trims its square's outline to the second half; the enclosing group's
        // trim keeps the first half of that: the third quarter of the outline (lottie-web
        // processes the nested group's trim first; ThorVG draws it so — RubberHose's "hand"
        // piece, a trim of the arm's trimmed arc). Cutting the outer range first would give
        // the second quarter.
        func trim(_ s: Double, _ e: Double) -> String { #"{"ty": "tm", "s": {"k": \#(s)}, "e": {"k": \#(e)}, "o": {"k": 0}, "m": 1}"# }
        let nested = F.group([F.group([F.rect(50, 50, 60, 60), trim(50, 100)]), trim(0, 50), F.stroke(width: 4, cap: 1)])
        let single = F.group([F.rect(50, 50, 60, 60), trim(50, 75), F.stroke(width: 4, cap: 1)])
        let wrong = F.group([F.rect(50, 50, 60, 60), trim(25, 50), F.stroke(width: 4, cap: 1)])
        let b = Self.render(try F.scene([F.shapeLayer([nested])]), frame: 0)
        let expected = Self.render(try F.scene([F.shapeLayer([single])]), frame: 0)
        let other = Self.render(try F.scene([F.shapeLayer([wrong])]), frame: 0)
        var same = 0, painted = 0, overlapWrong = 0
        for y in 0..<100 { for x in 0..<100 {
            let p = Self.painted(b, x, y)
            if p { painted += 1 }
            if p && Self.painted(expected, x, y) { same += 1 }
            if p && Self.painted(other, x, y) { overlapWrong += 1 }
        } }
        #expect(painted > 200 && Double(same) / Double(painted) > 0.95, "\(same) of \(painted)")
        #expect(Double(overlapWrong) / Double(painted) < 0.2, "\(overlapWrong) of \(painted)")
    }

    @Test func aNestedGroupsOpacityDoesNotFadeAnOuterFill() throws {
        // lottie-web sets a group's opacity on the group's own element; the outer fill's path
        // lies in the outer group's element.
        let shapes = F.group([F.group([F.rect(50, 50, 40, 40)], transform: #"{"ty": "tr", "p": {"k": [2, 0]}, "o": {"k": 50}}"#),
                              F.fill()])
        let b = Self.render(try F.scene([F.shapeLayer([shapes])]), frame: 0)
        #expect(b[50, 50] >> 24 == 255)
        // lottie-ios's engine draws the fill inside the nested group's faded layer.
        let ios = Self.render(try F.scene([F.shapeLayer([shapes])], reading: .iOS), frame: 0)
        #expect(abs(Int(ios[50, 50] >> 24) - 128) <= 2)
    }

    @Test func twistTurnsTheOutsideByTheAngle() throws {
        let s = try F.scene([F.shapeLayer([F.group([F.rect(0, 0, 40, 40), #"{"ty": "tw", "a": {"k": 90}, "c": {"k": [0, 0]}}"#, F.fill()])])])
        guard case .move(let first) = try Self.shapePath(s).elements[0] else { Issue.record("no move"); return }
        // The top-right corner (20, −20), farthest out, turns the full 90° to (20, 20).
        #expect(abs(first.x - 20) < 1e-9 && abs(first.y - 20) < 1e-9)
    }

    @Test func twistTurnsEachPointByItsShareOfTheReach() throws {
        // The rule in LottieShapeModifier (After Effects' Twist turns the outside the full
        // angle and the centre not at all; lottie-web has no twist): the angle scales with the
        // distance from the centre over the farthest vertex's. (20, 0) turns 90° to (0, 20),
        // (10, 0) half as far, 45°, to (5√2, 5√2), and the centre (0, 0) stays.
        let path = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 0], [10, 0], [20, 0]], "i": [[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0]]}}}"#
        let s = try F.scene([F.shapeLayer([F.group([path, #"{"ty": "tw", "a": {"k": 90}, "c": {"k": [0, 0]}}"#, F.stroke(width: 2)])])])
        let points = Self.vertices(try Self.shapePath(s))
        let half = 50.0.squareRoot()
        #expect(points.count == 3 && Self.near(points[0], Point(0, 0)) && Self.near(points[1], Point(half, half)) && Self.near(points[2], Point(0, 20)),
                "\(points)")
    }
}
