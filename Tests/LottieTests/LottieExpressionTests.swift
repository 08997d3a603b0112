// After Effects expressions (`LottieExpressions`): one small generated file per function of
// the expression API, read back as the keyframes the importer samples, and a file of hostile
// expressions that imports with one warning each within a bounded time.
import Foundation
import LayerKit
import Testing
@testable import Lottie

@Suite struct LottieExpressionTests {
    /// A 30 fps, 0…`op` file with one shape layer "L" (ind 1, in point `ip`, start `st`) whose
    /// transform member `key` is `property`; `extra` layers follow it (JSON text).
    static func file(_ key: String, _ property: String, ip: Double = 0, op: Double = 30, st: Double = 0,
                     effects: String = "", shapes: String = "[]", extra: String = "", assets: String = "[]") -> String {
        """
        {"v":"5.7.0","fr":30,"ip":0,"op":\(op),"w":200,"h":100,"nm":"Main","assets":\(assets),"layers":[
         {"ty":4,"nm":"L","ind":1,"ip":\(ip),"op":\(op),"st":\(st),"ks":{"\(key)":\(property)}\(effects),"shapes":\(shapes)}\(extra)]}
        """
    }

    /// The property at `layers[0].ks.key` after evaluation, and the warnings.
    static func evaluate(_ json: String, key: String, layer: Int = 0) throws -> (LottieProperty<[Double]>, [String]) {
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        guard case .array(let layers)? = out["layers"], let ks = layers[layer]["ks"], let p = ks[key] else {
            Issue.record("no property"); return (LottieProperty([0]), warnings)
        }
        return (try LottieProperty<[Double]>.decode(LottieJSON(p, path: "")), warnings)
    }

    /// The value of `expression` on a property with keyframes `k` at each of `frames`.
    static func values(_ expression: String, k: String = "[0,0]", key: String = "p", frames: [Double], ip: Double = 0,
                       op: Double = 30, st: Double = 0,
                       effects: String = "", shapes: String = "[]", extra: String = "", assets: String = "[]") throws -> ([[Double]], [String]) {
        let prop = #"{"a":1,"k":\#(k),"x":\#(String(data: try JSONSerialization.data(withJSONObject: [expression]), encoding: .utf8)!.dropFirst().dropLast())}"#
        let (p, w) = try evaluate(file(key, prop, ip: ip, op: op, st: st, effects: effects, shapes: shapes, extra: extra, assets: assets), key: key)
        return (frames.map { p.value(at: $0) }, w)
    }

    static func close(_ a: [[Double]], _ b: [[Double]], _ tolerance: Double = 1e-6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance } }
    }

    static let moving = #"[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,50]}]"#
    static let scalar = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[10]}]"#

    @Test func timeAndBmRt() throws {
        let (v, w) = try Self.values("var $bm_rt; $bm_rt = [time * 30, 7];", frames: [0, 15, 30])
        #expect(w.isEmpty)
        #expect(Self.close(v, [[0, 7], [15, 7], [30, 7]]))
        // Without $bm_rt the last statement's value is the result.
        let (v2, _) = try Self.values("var a = 2; [a * time * 30, 1]", frames: [6])
        #expect(Self.close(v2, [[12, 1]]))
    }

    @Test func valueIsTheKeyframedValue() throws {
        let (v, w) = try Self.values("$bm_sum(value, [1, 2])", k: Self.moving, frames: [0, 5, 10, 20])
        #expect(w.isEmpty)
        #expect(Self.close(v, [[1, 2], [51, 27], [101, 52], [101, 52]]))
    }

    @Test func operatorsOfBodymovin() throws {
        let (v, _) = try Self.values("[ $bm_sum([1,2],3)[0], $bm_sub(10,4), $bm_mul([1,2],3)[1], $bm_div([6,8],2)[1], $bm_mod(7,4), $bm_neg(5) ]",
                                     frames: [0])
        #expect(Self.close(v, [[4, 6, 6, 4, 3, -5]]))
    }

    @Test func vectorMath() throws {
        let (v, _) = try Self.values("""
            [add([1,2],[3,4])[1], sub([5,5],[1,2])[1], mul(2,[1,3])[1], div([9,3],3)[0], length([3,4]), length([1,1],[4,5]),
             normalize([0,5])[1], clamp(12, 0, 10), clamp([-1, 5], 0, 3)[0], dot([1,2],[3,4]), cross([1,0,0],[0,1,0])[2],
             radiansToDegrees(Math.PI), degreesToRadians(180), length(-3)]
            """, frames: [0])
        #expect(Self.close(v, [[6, 3, 6, 3, 5, 5, 1, 10, 0, 11, 1, 180, Double.pi, 3]]))
    }

    @Test func linearAndEases() throws {
        let (v, _) = try Self.values("""
            [linear(time, 0, 1, 0, 100), linear(0.5, 10, 20), ease(time, 0, 1, 0, 100), easeIn(time, 0, 1, 0, 100), easeOut(time, 0, 1, 0, 100),
             linear(time, 0, 1, [0, 0], [10, 20])[1]]
            """, frames: [0, 15, 30])
        #expect(Self.close([v[0]], [[0, 15, 0, 0, 0, 0]]))
        #expect(abs(v[1][0] - 50) < 1e-9 && abs(v[1][5] - 10) < 1e-9)
        // ease is symmetric: half way at half time; easeIn is slow at first, easeOut fast.
        #expect(abs(v[1][2] - 50) < 0.5)
        #expect(v[1][3] < 40 && v[1][4] > 60)
        #expect(Self.close([v[2]], [[100, 15, 100, 100, 100, 20]]))
    }

    @Test func keysAndValueAtTime() throws {
        let (v, w) = try Self.values("[numKeys, key(2).time, key(2).value[0], valueAtTime(5 / 30)[0], velocityAtTime(5 / 30)[0], nearestKey(0.3).index]",
                                     k: Self.moving, frames: [0])
        #expect(w.isEmpty)
        #expect(Self.close(v, [[2, 10.0 / 30, 100, 50, 300, 2]], 0.01))
    }

    @Test func loopOutTypes() throws {
        // Keyframes 0 → 10 over frames 0…10; at frame 15 (5 frames into the second cycle).
        let (cycle, w) = try Self.values("loopOut('cycle')", k: Self.scalar, key: "r", frames: [15, 25])
        #expect(w.isEmpty)
        #expect(Self.close(cycle, [[5], [5]]))
        let (ping, _) = try Self.values("loopOut('pingpong')", k: Self.scalar, key: "r", frames: [13, 23])
        #expect(Self.close(ping, [[7], [3]]))
        let (offset, _) = try Self.values("loopOut('offset')", k: Self.scalar, key: "r", frames: [15, 25])
        #expect(Self.close(offset, [[15], [25]]))
        let (cont, _) = try Self.values("loopOut('continue')", k: Self.scalar, key: "r", frames: [20])
        #expect(Self.close(cont, [[20]], 0.01))
    }

    @Test func loopInAndCounts() throws {
        // Keyframes at 10 (0) and 20 (10): before frame 10 loopIn repeats them.
        let k = #"[{"t":10,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[10]}]"#
        let (cycle, _) = try Self.values("loopIn('cycle')", k: k, key: "r", frames: [5])
        #expect(Self.close(cycle, [[5]]))
        let (offset, _) = try Self.values("loopIn('offset')", k: k, key: "r", frames: [5])
        #expect(Self.close(offset, [[-5]]))
        let (cont, _) = try Self.values("loopIn('continue')", k: k, key: "r", frames: [5])
        #expect(Self.close(cont, [[-5]], 0.01))
        // Three keyframes; loopOut over the last 1 keyframe segment only.
        let k3 = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[110]}]"#
        let (last, _) = try Self.values("loopOut('cycle', 1)", k: k3, key: "r", frames: [25])
        #expect(Self.close(last, [[105]]))
    }

    @Test func randomIsSeededAndDeterministic() throws {
        let expr = "seedRandom(3, true); [random(), random(10), random([5, 5])[1], gaussRandom()]"
        let (a, _) = try Self.values(expr, frames: [0, 10])
        let (b, _) = try Self.values(expr, frames: [0, 10])
        #expect(a == b)
        // timeless: the same at every frame; in range.
        #expect(a[0] == a[1])
        #expect(a[0][0] >= 0 && a[0][0] < 1 && a[0][1] < 10 && a[0][2] < 5 && a[0][3] >= 0 && a[0][3] <= 1)
        // Not timeless: it changes from frame to frame.
        let (c, _) = try Self.values("[random()]", frames: [0, 1])
        #expect(c[0] != c[1])
    }

    @Test func wiggleStaysWithinItsAmplitude() throws {
        let (v, w) = try Self.values("wiggle(2, 10)", k: "[50,50]", frames: Array(stride(from: 0.0, through: 30, by: 1)))
        #expect(w.isEmpty)
        #expect(v.allSatisfy { abs($0[0] - 50) <= 10 && abs($0[1] - 50) <= 10 })
        #expect(Set(v.map { $0[0] }).count > 5)
        // Smooth: neighbouring frames differ by far less than the amplitude.
        #expect(zip(v, v.dropFirst()).allSatisfy { abs($0[0] - $1[0]) < 5 })
    }

    @Test func thisCompLayersAndTransform() throws {
        let other = #",{"ty":3,"nm":"Null","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":\#(Self.moving)},"r":{"a":0,"k":45},"s":{"a":0,"k":[50,50,100]}}}"#
        let (v, w) = try Self.values("""
            var n = thisComp.layer("Null"); [n.transform.position[0], thisComp.layer(2).transform.rotation, n.transform.scale[0],
             thisComp.numLayers, thisComp.width, thisLayer.name === "L" ? 1 : 0, index, thisComp.frameDuration * 30, n.position[1]]
            """, frames: [5], extra: other)
        #expect(w.isEmpty)
        #expect(Self.close(v, [[50, 45, 50, 2, 200, 1, 1, 1, 25]]))
        // The layer's own transform by name, unqualified.
        let (own, _) = try Self.values("transform.rotation + 1", k: "7", key: "r", frames: [0])
        #expect(Self.close(own, [[8]]))
    }

    @Test func toCompAndFromCompFollowTheParentChain() throws {
        // "L" (anchor 10,0; rotation 90°; scale 200 %; position 50,50) under "P" (position 100,0).
        let parent = #",{"ty":3,"nm":"P","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[100,0]}}}"#
        let ks = #"{"a":0,"k":[0,0],"x":"var q = toComp([10, 0]); var r = toComp([11, 0]); var b = fromComp(toComp([3, 4])); [q[0], q[1], r[0], r[1], b[0], b[1]]"}"#
        var json = Self.file("p", ks, extra: parent)
        json = json.replacingCharacters(in: json.range(of: #""ks":{"p":"#)!, with: #""parent":2,"ks":{"a":{"a":0,"k":[10,0]},"r":{"a":0,"k":90},"s":{"a":0,"k":[200,200]},"p":"#)
        // The expression drives "L"'s own position: toComp reads the keyframed one (0, 0).
        let (p, w) = try Self.evaluate(json, key: "p")
        #expect(w.isEmpty)
        // Anchor → position (0,0) + parent's (100,0) = (100, 0); one unit right of the anchor
        // turns 90° and doubles: (100, 2); fromComp undoes toComp.
        #expect(Self.close([p.value(at: 0)], [[100, 0, 100, 2, 3, 4]]))
    }

    /// Real files name layers in any script and reach them through JavaScript escapes (a loading
    /// ring of three layers: "“loading/icons”轮廓" turns and trims, the others follow its rotation
    /// and its trim through `thisComp.layer('\u201C…')`): the name is matched as the string the
    /// escape makes, and `content()` finds a trim named in Chinese.
    @Test func layerAndContentNamesInAnyScript() throws {
        let ring = #"""
            ,{"ty":4,"nm":"“loading/icons”轮廓","ind":2,"ip":0,"op":30,"st":0,"ks":{"r":{"a":1,"k":\#(Self.scalar)}},
             "shapes":[{"ty":"tm","nm":"修剪路径 1","s":{"a":0,"k":20},"e":{"a":0,"k":60},"o":{"a":0,"k":0},"m":1}]}
            """#
        let (v, w) = try Self.values(#"""
            var l = thisComp.layer('\u201Cloading/icons\u201D\u8f6e\u5ed3');
            [l.transform.rotation, $bm_sum(l.content('修剪路径 1').end, 5), $bm_sub(l.content('\u4fee\u526a\u8def\u5f84 1').start, 5)]
            """#, frames: [0, 5, 10], extra: ring)
        #expect(w.isEmpty)
        #expect(Self.close(v, [[0, 65, 15], [5, 65, 15], [10, 65, 15]]))
    }

    /// The "Ease and Wizz" script (LottieFiles exports carry it in many files) finds the keys
    /// around `time` with `key(n)` inside try/catch and returns `value` when `key(0)` (before the
    /// first key) or `key(numKeys + 1)` (after the last) throws, as lottie-web's `key()` does on
    /// an index it has no keyframe for; it reads the dimension by `key(1)[1].length`, which
    /// throws on a one-dimensional property.
    @Test func easeAndWizzKeyGuardsFallBackToValue() throws {
        let k = #"[{"t":10,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[10]}]"#
        let (v, w) = try Self.values("""
            function around() {
                var n = 0;
                if (numKeys > 0) { n = nearestKey(time).index; if (key(n).time > time) n--; }
                try { var a = key(n), b = key(n + 1); } catch (e) { return null; }
                var dim = 1;
                try { key(1)[1].length; dim = 2; } catch (e) {}
                return 1000 + dim * 100 + (time - a.time) / (b.time - a.time) * 10;
            }
            around() || value
            """, k: k, key: "r", frames: [5, 15, 25])
        #expect(w.isEmpty)
        // Before the first key and after the last: the keyframed value; between: dim 1, halfway.
        #expect(Self.close(v, [[0], [1105], [10]]))
    }

    /// On a one-dimensional property a key is a number that is also indexed: lottie-web's
    /// key() (ExpressionManager.js) copies each of the keyframe's `s` values to obKey[i], and
    /// a one-dimensional `s` is [v], so key(n)[0] is the number and key(n)[1] undefined. "Ease
    /// and Wizz" (thorvg's antennaAnimation.json) eases a rotation from sX = key1[0]; reading
    /// undefined there gave NaN, and its `|| value` fell back to the keyframes.
    @Test func oneDimensionalKeyIsIndexedLikeItsValues() throws {
        let k = #"[{"t":10,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[10]}]"#
        let (v, w) = try Self.values("""
            var a = key(1), b = key(2);
            [b[0], b.value, b + 1, a[1] === undefined ? 1 : 0, a[0] + (b[0] - a[0]) * (time - a.time) / (b.time - a.time)]
            """, k: k, key: "r", frames: [15])
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[10, 10, 11, 1, 5]]), "\(v)")
    }

    @Test func effectsByNameAndIndex() throws {
        let effects = #","ef":[{"ty":5,"nm":"Slider Control","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":{"a":0,"k":42}}]}]"#
        let (v, w) = try Self.values("""
            [effect("Slider Control")("Slider"), effect("Slider Control")(1), effect(1)("ADBE Slider Control-0001").value,
             thisLayer.effect("Slider Control")("Slider") * 2]
            """, frames: [0], effects: effects)
        #expect(w.isEmpty)
        #expect(Self.close(v, [[42, 42, 42, 84]]))
    }

    /// A pseudo effect's parameters by 1-based index count each parameter once (its match name
    /// is another name for it, not another member: rlottie's mnemonics.json trims a circle
    /// with `effect('Wayfinder Leader')(2).value`, which read the first parameter's alias).
    @Test func effectParametersByIndexCountEachParameterOnce() throws {
        let effects = #"""
            ,"ef":[{"ty":5,"nm":"Wayfinder Leader","mn":"Pseudo/WayfinderLeader","ef":[
               {"ty":0,"nm":"Start","mn":"Pseudo/WayfinderLeader-0001","v":{"a":0,"k":10}},
               {"ty":0,"nm":"End","mn":"Pseudo/WayfinderLeader-0002","v":{"a":0,"k":90}},
               {"ty":0,"nm":"Offset","mn":"Pseudo/WayfinderLeader-0003","v":{"a":0,"k":30}}]}]
            """#
        let (v, w) = try Self.values("""
            var e = effect('Wayfinder Leader');
            [e(1).value, e(2).value, e(3).value, e('Pseudo/WayfinderLeader-0002').value, e('End'), e.numProperties]
            """, frames: [0], effects: effects)
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[10, 90, 30, 90, 90, 3]]), "\(v)")
    }

    /// Properties by After Effects' display names (lottie-web's ShapeInterface: a transform's
    /// "Position", "Anchor Point", "Scale", "Rotation", "Opacity", "Skew", "Skew Axis"; a path's
    /// "Path"), as rlottie's mnemonics.json reads a parent's group:
    /// `parent.content('Simple Path')('Transform')('Position')`, `…('Contents')('Path 1')('Path')`.
    @Test func propertiesByTheirDisplayNames() throws {
        let shapes = #"""
            [{"ty":"gr","nm":"Simple Path","it":[
               {"ty":"sh","nm":"Path 1","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],[100,0]],"c":false}}},
               {"ty":"tm","nm":"Trim","s":{"a":0,"k":5},"e":{"a":0,"k":95},"o":{"a":0,"k":0}},
               {"ty":"tr","nm":"Transform","p":{"a":0,"k":[7,8]},"a":{"a":0,"k":[1,2]},"s":{"a":0,"k":[50,60]},"r":{"a":0,"k":30},"o":{"a":0,"k":70},
                "sk":{"a":0,"k":4},"sa":{"a":0,"k":9}}]}]
            """#
        let (v, w) = try Self.values("""
            var g = content('Simple Path'), t = g('Transform');
            [t('Position')[0], t('Anchor Point')[1], t('Scale')[1], t('Rotation'), t('ADBE Vector Rotation'), t('Opacity'), t('Skew'), t('Skew Axis'),
             g('Contents')('Path 1')('Path').points()[1][0], g('Trim')('End'), g.content('Trim').end, t(1)[0]]
            """, frames: [0], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[7, 2, 60, 30, 30, 70, 4, 9, 100, 95, 95, 1]]), "\(v)")
    }

    /// A layer's transform by After Effects' match names and property numbers, as lottie-web's
    /// TransformInterface answers them ("ADBE Position", "ADBE Scale", "ADBE Rotate Z", 2, 6,
    /// 10, 11 …): rlottie's pumped_up.json reads its face rig by
    /// `thisComp.layer('Face Rig')('ADBE Transform Group')('ADBE Position')`, and the RubberHose
    /// wrists a parent's `('ADBE Transform Group')('ADBE Scale')` and `('ADBE Rotate Z')`.
    @Test func layerTransformByMatchNamesAndPropertyNumbers() throws {
        // The rig's properties carry no `ix`: the numbers are After Effects' own, not positions.
        let rig = #"""
            ,{"ty":3,"nm":"Rig","ind":2,"ip":0,"op":30,"st":0,"ks":{"a":{"a":0,"k":[1,2]},"p":{"a":0,"k":[30,40]},
              "s":{"a":0,"k":[50,60]},"r":{"a":0,"k":15},"o":{"a":0,"k":70}}}
            """#
        let (v, w) = try Self.values("""
            var t = thisComp.layer('Rig')('ADBE Transform Group');
            [t('ADBE Position')[1], t('ADBE Scale')[1], t('ADBE Rotate Z'), t('ADBE Rotation'), t('ADBE Opacity'), t('ADBE Anchor Point')[0],
             t('ADBE AnchorPoint')[1], t(2)[0], t(6)[0], t(10), t(11), t(1)[1], thisComp.layer('Rig').transform('Position')[0]]
            """, frames: [0], extra: rig)
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[40, 60, 15, 15, 70, 1, 2, 30, 50, 15, 70, 2, 30]]), "\(v)")
        // Separate dimensions: "ADBE Position_0" and "_1" are x and y, "ADBE Position" both.
        let split = #"""
            ,{"ty":3,"nm":"Rig","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"s":true,"x":{"a":0,"k":5},"y":{"a":0,"k":9}}}}
            """#
        let (v2, w2) = try Self.values("""
            var t = thisComp.layer('Rig')('ADBE Transform Group'); [t('ADBE Position_0'), t('ADBE Position_1'), t('ADBE Position')[1]]
            """, frames: [0], extra: split)
        #expect(w2.isEmpty, "\(w2)")
        #expect(Self.close(v2, [[5, 9, 9]]), "\(v2)")
    }

    /// A shape group's transform by After Effects' vector match names, and its own match name
    /// "ADBE Vector Transform Group" (the layer's is "ADBE Transform Group").
    @Test func shapeTransformByMatchNames() throws {
        let shapes = #"""
            [{"ty":"gr","nm":"Arm","it":[
               {"ty":"tr","nm":"Transform","p":{"a":0,"k":[7,8],"ix":2},"a":{"a":0,"k":[1,2],"ix":1},"s":{"a":0,"k":[50,60],"ix":3},
                "r":{"a":0,"k":30,"ix":6},"o":{"a":0,"k":70,"ix":7},"sk":{"a":0,"k":4,"ix":4},"sa":{"a":0,"k":9,"ix":5}}]}]
            """#
        let (v, w) = try Self.values("""
            var t = content('Arm')('ADBE Vector Transform Group');
            [t('ADBE Vector Position')[1], t('ADBE Vector Anchor')[0], t('ADBE Vector Scale')[1], t('ADBE Vector Rotation'),
             t('ADBE Vector Group Opacity'), t('ADBE Vector Skew'), t('ADBE Vector Skew Axis'), t(6), t(3)[0]]
            """, frames: [0], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[8, 1, 60, 30, 70, 4, 9, 30, 50]]), "\(v)")
    }

    /// An effect's `active` (and `enabled`) is false when the file switches it off (`en` 0), as
    /// lottie-web's EffectInterface gives it; pumped_up's joystick rig reads its sliders only
    /// `if (thisLayer('ADBE Effect Parade')('Pseudo/…').active)`. `$bm_isInstanceOfArray` is
    /// lottie-web's, which the rig's easing helpers call; a layer is active in its span.
    @Test func effectActiveAndBodymovinArrayTest() throws {
        let effects = #"""
            ,"ef":[{"ty":5,"nm":"On","mn":"ADBE Slider Control","ix":1,"en":1,"ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":{"a":0,"k":4}}]},
                   {"ty":5,"nm":"Off","mn":"ADBE Slider Control","ix":2,"en":0,"ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":{"a":0,"k":6}}]}]
            """#
        let (v, w) = try Self.values("""
            var e = thisLayer('ADBE Effect Parade');
            [e('On').active ? 1 : 0, e('Off').active ? 1 : 0, e('Off').enabled ? 1 : 0, e(2)(1), $bm_isInstanceOfArray([1, 2]) ? 1 : 0,
             $bm_isInstanceOfArray(3) ? 1 : 0, thisLayer.active ? 1 : 0, thisComp.layer('Late').active ? 1 : 0]
            """, frames: [0, 25], effects: effects,
            extra: #",{"ty":3,"nm":"Late","ind":2,"ip":20,"op":30,"st":0,"ks":{}}"#)
        #expect(w.isEmpty, "\(w)")
        // "Late" (frames 20…30) is active at frame 25, not at 0.
        #expect(Self.close(v, [[1, 0, 0, 6, 1, 0, 1, 0], [1, 0, 0, 6, 1, 0, 1, 1]]), "\(v)")
    }

    @Test func contentOfShapes() throws {
        let shapes = #"""
            [{"ty":"gr","nm":"Group 1","it":[{"ty":"rc","nm":"Rect","s":{"a":0,"k":[30,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":4}},
              {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":80}},
              {"ty":"tr","nm":"Transform","p":{"a":0,"k":[11,12]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]
            """#
        let (v, w) = try Self.values("""
            var g = content("Group 1"); [g.content("Rect").size[1], g.content("Fill 1").color[1], g("Fill 1").opacity, g.transform.position[0],
             content("Group 1").content("Rect").roundness]
            """, frames: [0], shapes: shapes)
        #expect(w.isEmpty)
        #expect(Self.close(v, [[40, 0.5, 80, 11, 4]]))
    }

    @Test func compByNameAndFrameConversions() throws {
        let assets = #"[{"id":"pre","nm":"Inner","layers":[{"ty":3,"nm":"Deep","ind":1,"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":33}}}]}]"#
        let (v, w) = try Self.values("[comp('Inner').layer('Deep').transform.opacity, comp('Main').numLayers, framesToTime(15), timeToFrames(2), timeToFrames()]",
                                     frames: [6], assets: assets)
        #expect(w.isEmpty)
        #expect(Self.close(v, [[33, 1, 0.5, 60, 6]]))
    }

    @Test func startTimeLeavesKeyframesAndTimeInTheCompositionsFrames() throws {
        // A layer starting at frame 10: its own keyframes, `time` and the sampled result are
        // all in the composition's frames (`st` times a precomposition's content only, as the
        // importer reads the keyframes: LottieTimeline.swift).
        let (v, _) = try Self.values("[time * 30, value[0]]", k: Self.moving, frames: [10, 15], ip: 10, st: 10)
        #expect(Self.close(v, [[10, 100], [15, 100]]))
        // LottieFiles 10151's globe: meridians staggered by `st`, each looping its own keys.
        let keys = #"[{"t":30,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[60]}]"#
        let (loop, w) = try Self.values("loopOut('cycle')", k: keys, key: "r", frames: [45, 75], ip: 30, op: 90, st: 30)
        #expect(w.isEmpty)
        #expect(Self.close(loop, [[30], [30]]), "\(loop)")
    }

    @Test func constantResultIsAConstantValue() throws {
        var warnings: [String] = []
        let json = Self.file("o", #"{"a":0,"k":100,"x":"var $bm_rt; $bm_rt = 40;"}"#)
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        guard case .array(let layers)? = out["layers"], let o = layers[0]["ks"]?["o"] else { Issue.record("no o"); return }
        #expect(o == (try JSONReader.parse(#"{"a":0,"k":40}"#)))
    }

    @Test func failuresKeepTheKeyframedValueWithOneWarning() throws {
        for (expr, problem) in [("this is not javascript(", "SyntaxError"), ("throw new Error('boom')", "boom"),
                                ("undefinedName + 1", "ReferenceError"), ("'text'", "a string"), ("[NaN, 1]", "NaN"),
                                ("/a+/.test('aa') ? 1 : 0", "")] {
            let (v, w) = try Self.values(expr, k: "[3,4]", frames: [0, 10])
            #expect(Self.close(v, [[3, 4], [3, 4]]), "\(expr)")
            #expect(w.count == 1, "\(expr): \(w)")
            #expect(w.first?.contains("expression of ks.p in layer \"L\"") == true, "\(w)")
            #expect(problem.isEmpty || w.first?.contains(problem) == true, "\(w)")
        }
    }

    /// The values of `expression` at frames 0 and 30, the warnings and the compilations its
    /// heaps ran while the host evaluated it on frames 0…30 (31 evaluations).
    static func compiled(_ expression: String, k: String = "[3,4]") throws -> ([[Double]], [String], Int) {
        let json = Self.file("p", #"{"a":1,"k":\#(k),"x":\#(try Self.quoted(expression))}"#)
        var warnings: [String] = [], compilations = 0
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings,
                                             secondsInAll: LottieLimits.expressionSecondsInAll, compilations: &compilations)
        guard case .array(let layers)? = out["layers"], let p = layers[0]["ks"]?["p"] else { Issue.record("no p"); return ([], warnings, compilations) }
        let property = try LottieProperty<[Double]>.decode(LottieJSON(p, path: ""))
        return ([0, 30].map { property.value(at: $0) }, warnings, compilations)
    }

    @Test func eachSourceIsCompiledOncePerHeap() throws {
        // bodymovin's form and a one-expression completion value: one compilation for 31 frames.
        for (expr, expected) in [("var $bm_rt; $bm_rt = [time * 30, 7];", [[0.0, 7.0], [30, 7]]),
                                 ("$bm_sum(value, [10, 0]);  ", [[13, 4], [13, 4]]),
                                 ("// a comment\n[time * 30, 1] // and one at the end", [[0, 1], [30, 1]])] {
            let (v, w, n) = try Self.compiled(expr)
            #expect(w.isEmpty, "\(expr): \(w)")
            #expect(Self.close(v, expected), "\(expr): \(v)")
            #expect(n == 1, "\(expr): \(n) compilations")
        }
        // Several statements read for their completion value (After Effects' expressions as
        // written, without $bm_rt): compiled once as eval code, after the `return (…)` form
        // that found them not one expression — 2 compilations for 31 frames, not 32.
        for (expr, expected) in [("var a = 2; [a * time * 30, 1]", [[0.0, 1.0], [60, 1]]),
                                 ("function f(x) { return x * 3; }\nvar s = f(time * 30);\nif (s > 10) { [s, 1] } else { [s, 0] }", [[0, 0], [90, 1]]),
                                 ("var p = value; p[0] += time * 30;\np;", [[3, 4], [33, 4]])] {
            let (v, w, n) = try Self.compiled(expr)
            #expect(w.isEmpty, "\(expr): \(w)")
            #expect(Self.close(v, expected), "\(expr): \(v)")
            #expect(n == 2, "\(expr): \(n) compilations")
        }
        // A $bm_rt source that leaves it unset gives its completion value, as eval code after
        // the first evaluation; where it sets $bm_rt (with or without `var`), $bm_rt.
        for (expr, expected) in [("var $bm_rt; if (time > 100) $bm_rt = [1, 1]; [time * 30, 2]", [[0.0, 2.0], [30, 2]]),
                                 ("var $bm_rt; if (time > 0.5) $bm_rt = [1, 1]; [time * 30, 2]", [[0, 2], [1, 1]]),
                                 ("if (time > 0.5) $bm_rt = [1, 1]; [time * 30, 2]", [[0, 2], [1, 1]])] {
            let (v, w, n) = try Self.compiled(expr)
            #expect(w.isEmpty && Self.close(v, expected), "\(expr): \(v) \(w)")
            #expect(n == 2, "\(expr): \(n) compilations")
        }
        // A syntax error: compiled once, one warning, the keyframes kept.
        let (v3, w3, n3) = try Self.compiled("var $bm_rt; $bm_rt = (;")
        #expect(w3.count == 1 && w3.first?.contains("SyntaxError") == true, "\(w3)")
        #expect(Self.close(v3, [[3, 4], [3, 4]]))
        #expect(n3 == 1, "\(n3) compilations")
    }

    @Test func compiledSourcesKeepTheirVarsLocal() throws {
        // Layer 1's expression declares `leak` and `time`; layer 2's sees neither.
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":200,"h":100,"nm":"Main","assets":[],"layers":[
         {"ty":4,"nm":"A","ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":"var $bm_rt; var leak = 5; var time = 99; $bm_rt = [leak, time];"}},"shapes":[]},
         {"ty":4,"nm":"B","ind":2,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":"var $bm_rt; $bm_rt = [typeof leak === 'undefined' ? 1 : 2, time * 30];"}},"shapes":[]}]}
        """
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        guard case .array(let layers)? = out["layers"], let a = layers[0]["ks"]?["p"], let b = layers[1]["ks"]?["p"] else { Issue.record("no p"); return }
        let pa = try LottieProperty<[Double]>.decode(LottieJSON(a, path: "")), pb = try LottieProperty<[Double]>.decode(LottieJSON(b, path: ""))
        #expect(Self.close([pa.value(at: 3), pb.value(at: 3)], [[5, 99], [1, 3]]), "\([pa.value(at: 3), pb.value(at: 3)])")
    }

    /// Scripts cannot reach Duktape's own object: `Duktape.fin` would set a finalizer, which
    /// runs where Duktape collects garbage (between runs, at the heap's destruction), not
    /// inside the evaluation that set it.
    @Test func duktapeObjectIsOutOfReach() throws {
        let (v, w, _) = try Self.compiled("[typeof Duktape === 'undefined' ? 1 : 0, typeof this.Duktape === 'undefined' ? 1 : 0]")
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[1, 1], [1, 1]]), "\(v)")
    }

    /// The same for sources compiled once as eval code (several statements read for their
    /// completion value): each evaluation runs in a fresh environment, so a var, a function
    /// declaration, a shadowed `time` or an assigned `$bm_rt` neither reaches the next
    /// property nor survives to the same property's next frame.
    @Test func evalCodeSourcesKeepTheirVarsLocal() throws {
        let a = "var leak = 5; function helper() { return 1; }\nvar time = 99; var $bm_rt; [leak + helper(), time]"
        let b = "var n = (typeof n === 'number' ? n : 0) + 1;\nvar seen = typeof leak === 'undefined' && typeof helper === 'undefined' ? 1 : 2;\n[seen * 10 + n, time * 30]"
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":200,"h":100,"nm":"Main","assets":[],"layers":[
         {"ty":4,"nm":"A","ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":\(try Self.quoted(a))}},"shapes":[]},
         {"ty":4,"nm":"B","ind":2,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":\(try Self.quoted(b))}},"shapes":[]}]}
        """
        var warnings: [String] = [], compilations = 0
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings,
                                             secondsInAll: LottieLimits.expressionSecondsInAll, compilations: &compilations)
        #expect(warnings.isEmpty, "\(warnings)")
        guard case .array(let layers)? = out["layers"], let pa = layers[0]["ks"]?["p"], let pb = layers[1]["ks"]?["p"] else { Issue.record("no p"); return }
        let va = try LottieProperty<[Double]>.decode(LottieJSON(pa, path: "")), vb = try LottieProperty<[Double]>.decode(LottieJSON(pb, path: ""))
        // A: $bm_rt declared but unset, so its completion value. B: n is 1 on every frame
        // (its var starts undefined each time), and sees neither `leak` nor `helper`.
        #expect(Self.close([va.value(at: 3), vb.value(at: 0), vb.value(at: 3), vb.value(at: 9)], [[6, 99], [11, 0], [11, 3], [11, 9]]),
                "\([va.value(at: 3), vb.value(at: 0), vb.value(at: 3), vb.value(at: 9)])")
        // Each source: its `return (…)` or function form, then its eval code, once.
        #expect(compilations == 4, "\(compilations) compilations")
    }

    /// `json` evaluated, and the warnings.
    static func evaluated(_ json: String) throws -> (JSONValue, [String]) {
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        return (out, warnings)
    }

    /// A JSON string literal of `s`.
    static func quoted(_ s: String) throws -> String {
        String(String(data: try JSONSerialization.data(withJSONObject: [s]), encoding: .utf8)!.dropFirst().dropLast())
    }

    /// One path item "P" whose `ks` is the triangle (0,0) (10,0) (10,10) with expression `x`.
    static func pathShapes(_ x: String) throws -> String {
        #"[{"ty":"sh","nm":"P","ks":{"a":0,"k":{"i":[[0,0],[0,0],[1,1]],"o":[[0,0],[2,0],[0,0]],"v":[[0,0],[10,0],[10,10]],"c":true},"x":\#(try quoted(x))}}]"#
    }

    static func path(_ out: JSONValue) throws -> LottieProperty<LottieBezier> {
        guard case .array(let layers)? = out["layers"], let ks = layers[0]["shapes"]?.expressionItems?.first?["ks"] else {
            Issue.record("no path"); return LottieProperty(LottieBezier(closed: false, vertices: [], inTangents: [], outTangents: []))
        }
        return try LottieProperty<LottieBezier>.decode(LottieJSON(ks, path: ""))
    }

    @Test func pathExpressionsEvaluateCreatePath() throws {
        let (out, w) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100}"#,
            shapes: try Self.pathShapes("createPath([[0, 0], [time * 30, 0], [5, 8]], [[0, 0], [0, 0], [-1, 0]], [[0, 1]], false)")))
        #expect(w.isEmpty, "\(w)")
        let p = try Self.path(out)
        let at5 = p.value(at: 5), at12 = p.value(at: 12)
        #expect(at5.vertices == [Point(0, 0), Point(5, 0), Point(5, 8)])
        #expect(at12.vertices[1] == Point(12, 0))
        #expect(at5.inTangents == [Point(0, 0), Point(0, 0), Point(-1, 0)])
        // Missing tangents are [0, 0]; the closed flag is the fourth argument.
        #expect(at5.outTangents == [Point(0, 1), Point(0, 0), Point(0, 0)])
        #expect(!at5.closed)
    }

    /// After Effects' "Create Nulls From Paths" rig (ThorVG's loopOut.json draws a cyclist so):
    /// a Layer Control parameter gives the layer it names, or null (lottie-web's EffectInterface,
    /// type 10), and `fromCompToSurface` is `fromComp` (lottie-web's ExpressionManager), so each
    /// vertex follows its null's anchor point.
    @Test func layerControlsAndFromCompToSurfaceMoveVerticesToTheirNulls() throws {
        func control(_ name: String, _ index: Int) -> String {
            #"{"ty":5,"nm":"\#(name)","mn":"ADBE Layer Control","en":1,"ef":[{"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","ix":1,"v":{"a":0,"k":\#(index)}}]}"#
        }
        let effects = ",\"ef\":[\(control("Null A", 2)),\(control("Null B", 9))]"
        let null = #",{"ty":3,"nm":"N","ind":2,"ip":0,"op":30,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":1,"k":\#(Self.moving)}}}"#
        let rig = """
            var nulls = [effect('Null A')('ADBE Layer Control-0001'), effect('Null B')('ADBE Layer Control-0001')];
            var pts = thisProperty.points();
            for (var i = 0; i < nulls.length; i++) {
                if (nulls[i] != null && nulls[i].index != thisLayer.index) pts[i] = fromCompToSurface(nulls[i].toComp(nulls[i].anchorPoint));
            }
            if (nulls[1] !== null || nulls[0].name !== 'N') throw new Error('not the layers');
            $bm_rt = createPath(pts, thisProperty.inTangents(), thisProperty.outTangents(), thisProperty.isClosed());
            """
        // "L" sits at (20, 10): the null's comp position comes back into L's space.
        let (out, w) = try Self.evaluated(Self.file("p", #"{"a":0,"k":[20,10]}"#, effects: effects,
                                                    shapes: try Self.pathShapes(rig), extra: null))
        #expect(w.isEmpty, "\(w)")
        let p = try Self.path(out)
        // Frame 5: the null is at (50, 25); the second control names no layer (null).
        #expect(p.value(at: 5).vertices == [Point(30, 15), Point(10, 0), Point(10, 10)])
        #expect(p.value(at: 10).vertices[0] == Point(80, 40))
        #expect(p.value(at: 5).closed)
    }

    @Test func pathExpressionsReadThePathsPointsAndTangents() throws {
        // thisProperty's points, tangents and closedness, moved by time: the same path shifted.
        let x = """
            var p = thisProperty.points(), ins = thisProperty.inTangents(), outs = thisProperty.outTangents(), moved = [], i;
            for (i = 0; i < p.length; i++) moved.push([p[i][0] + time * 30, p[i][1]]);
            createPath(moved, ins, outs, thisProperty.isClosed())
            """
        let (out, w) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100}"#, shapes: try Self.pathShapes(x)))
        #expect(w.isEmpty, "\(w)")
        let at3 = try Self.path(out).value(at: 3)
        #expect(at3.vertices == [Point(3, 0), Point(13, 0), Point(13, 10)])
        #expect(at3.inTangents == [Point(0, 0), Point(0, 0), Point(1, 1)])
        #expect(at3.outTangents == [Point(0, 0), Point(2, 0), Point(0, 0)])
        #expect(at3.closed)
        // `value` is the path itself: a constant path stays one value.
        let (same, w2) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100}"#, shapes: try Self.pathShapes("value")))
        #expect(w2.isEmpty, "\(w2)")
        let shape = same["layers"]?.expressionItems?[0]["shapes"]?.expressionItems?[0]["ks"]
        #expect(shape?["a"] == JSONValue.number(0))
        #expect(try Self.path(same).value(at: 7).vertices == [Point(0, 0), Point(10, 0), Point(10, 10)])
    }

    @Test func otherPropertiesReadAPathByItsName() throws {
        let shapes = try Self.pathShapes("value")
        let (v, w) = try Self.values("""
            var s = content("P").path; [s.points()[2][0] + s.outTangents()[1][0], s.pointOnPath(0.1)[0] + (s.isClosed() ? 100 : 0)]
            """, frames: [0], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        // Point 2's x (10) + out tangent 1's x (2); the closed triangle's perimeter is 34.98
        // (10, the curved side's 10.84 and 14.14), so a tenth of it lies on the first side at
        // x = 3.498.
        #expect(Self.close(v, [[12, 103.498]], 0.05), "\(v)")
    }

    @Test func hugeCreatePathIsBoundedByTheVertexLimit() throws {
        let x = "var a = []; for (var i = 0; i < \(LottieLimits.maximumVertices + 1); i++) a.push([i, 0]); createPath(a, [], [], true)"
        let json = Self.file("o", #"{"a":0,"k":100}"#, shapes: try Self.pathShapes(x))
        let parsed = try JSONReader.parse(Array(json.utf8))
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(parsed, warnings: &warnings)
        #expect(out == parsed)
        #expect(warnings.count == 1, "\(warnings)")
        // Building the array may run out of the memory or time budget first; either is a
        // budget named in the warning.
        #expect(warnings.first.map { $0.contains("maximumVertices") || $0.contains("budget") } == true, "\(warnings)")
        #expect(warnings.first?.hasPrefix("expression of shapes[0].ks in layer \"L\"") == true, "\(warnings)")
    }

    /// A text layer "T" whose document says "Hello" (size 20) with expression `x`, and a
    /// second document from frame 20 (size 30).
    static func textFile(_ x: String, extra: String = "") throws -> String {
        """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":100,"nm":"Main","layers":[
         {"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},
          "t":{"d":{"k":[{"s":{"t":"Hello","s":20,"f":"Arial","j":0,"fc":[1,0,0]},"t":0},{"s":{"t":"Later","s":30,"f":"Arial","j":0,"fc":[1,0,0]},"t":20}],
               "x":\(try quoted(x))},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}\(extra)]}
        """
    }

    static func documents(_ out: JSONValue) -> [(frame: Double, text: String, size: Double)] {
        let k = out["layers"]?.expressionItems?[0]["t"]?["d"]?["k"]?.expressionItems ?? []
        return k.map { key in
            var f = 0.0, size = 0.0, text = ""
            if case .number(let n)? = key["t"] { f = n }
            if case .number(let n)? = key["s"]?["s"] { size = n }
            if case .string(let t)? = key["s"]?["t"] { text = t }
            return (f, text, size)
        }
    }

    @Test func textExpressionsSetTheSourceText() throws {
        let (out, w) = try Self.evaluated(try Self.textFile("value + ' ' + Math.floor(time * 3)"))
        #expect(w.isEmpty, "\(w)")
        let docs = Self.documents(out)
        // One keyframe per change of the text (every 10 frames, frames 0…30) — the one at 20
        // also the document's own — each the document shown there with its text replaced.
        #expect(docs.map(\.frame) == [0, 10, 20, 30], "\(docs)")
        #expect(docs.map(\.text) == ["Hello 0", "Hello 1", "Later 2", "Later 3"], "\(docs)")
        #expect(docs.map(\.size) == [20, 20, 30, 30])
        #expect(out["layers"]?.expressionItems?[0]["t"]?["d"]?["x"] == Optional<JSONValue>.none)
        // The importer reads it: the document keyframes are the sampled texts.
        let model = try LottieTextDocument.decode(LottieJSON(out["layers"]!.expressionItems![0]["t"]!, path: ""))
        #expect(model?.keyframes.map(\.document.text) == ["Hello 0", "Hello 1", "Later 2", "Later 3"])
        // A number is a text too (lottie-web's toString); a thrown error keeps the documents.
        let (n, w2) = try Self.evaluated(try Self.textFile("42"))
        #expect(w2.isEmpty && Self.documents(n).map(\.text) == ["42", "42"], "\(Self.documents(n)) \(w2)")
        let (bad, w3) = try Self.evaluated(try Self.textFile("throw new Error('no')"))
        #expect(Self.documents(bad).map(\.text) == ["Hello", "Later"])
        #expect(w3.count == 1 && w3[0].hasPrefix("expression of t.d in layer \"T\""), "\(w3)")
    }

    @Test func sourceTextIsReadByOtherExpressions() throws {
        let extra = #",{"ty":3,"nm":"N","ind":2,"ip":0,"op":30,"st":0,"ks":{"r":{"a":0,"k":0,"x":"thisComp.layer('T').text.sourceText.length"}}}"#
        let (out, w) = try Self.evaluated(try Self.textFile("value + '!!'", extra: extra))
        #expect(w.isEmpty, "\(w)")
        let r = try LottieProperty<[Double]>.decode(LottieJSON(out["layers"]!.expressionItems![1]["ks"]!["r"]!, path: ""))
        // "Hello!!" (evaluated first), then "Later!!" from frame 20.
        #expect(r.value(at: 5) == [7])
        #expect(r.value(at: 25) == [7])
        // A text over its limit is one warning.
        let (_, w2) = try Self.evaluated(try Self.textFile("new Array(\(LottieLimits.maximumTextCharacters + 2)).join('x')"))
        #expect(w2.count == 1 && w2[0].contains("maximumTextCharacters"), "\(w2)")
    }

    @Test func sourceRectAtTimeOfShapeLayers() throws {
        let shapes = #"""
            [{"ty":"gr","nm":"G","it":[
               {"ty":"rc","nm":"R","s":{"a":1,"k":[{"t":0,"s":[40,20],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[60,20]}]},"p":{"a":0,"k":[10,5]},"r":{"a":0,"k":0}},
               {"ty":"st","nm":"S","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},
               {"ty":"tr","p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
             {"ty":"el","nm":"E","s":{"a":0,"k":[20,10]},"p":{"a":0,"k":[0,0]}},
             {"ty":"el","nm":"Hidden","hd":true,"s":{"a":0,"k":[900,900]},"p":{"a":0,"k":[0,0]}}]
            """#
        let (v, w) = try Self.values("""
            var r = thisLayer.sourceRectAtTime(time, false), e = sourceRectAtTime(0, true);
            [r.left, r.top, r.width, r.height, e.left, e.top, e.width, e.height]
            """, frames: [0, 10], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        // The rectangle (in its group, moved by 100, 100) and the ellipse at the origin; with
        // extents the stroked rectangle grows by half its width.
        #expect(Self.close(v, [[-10, -5, 140, 120, -10, -5, 142, 122], [-10, -5, 150, 120, -10, -5, 142, 122]], 1e-6), "\(v)")
        // Another layer's, through thisComp; a null is After Effects' 100 × 100.
        let extra = #",{"ty":3,"nm":"Null","ind":2,"ip":0,"op":30,"st":0,"ks":{}}"#
        let (v2, w2) = try Self.values("var a = thisComp.layer('L').sourceRectAtTime(), b = thisComp.layer('Null').sourceRectAtTime(); [a.width, b.width]",
                                       frames: [0], shapes: shapes, extra: extra)
        #expect(w2.isEmpty, "\(w2)")
        #expect(Self.close(v2, [[140, 100]]), "\(v2)")
    }

    /// A path "P" keyframed from the triangle (0,0) (10,0) (10,10) at `from` to the same moved
    /// by (10, 0) at `to`, linearly, with expression `x`.
    static func movingPathShapes(_ x: String, from: Double = 0, to: Double = 10) throws -> String {
        func tri(_ dx: Double) -> String {
            #"{"i":[[0,0],[0,0],[1,1]],"o":[[0,0],[2,0],[0,0]],"v":[[\#(dx),0],[\#(10 + dx),0],[\#(10 + dx),10]],"c":true}"#
        }
        return #"[{"ty":"sh","nm":"P","ks":{"a":1,"k":[{"t":\#(from),"s":[\#(tri(0))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":\#(to),"s":[\#(tri(10))]}],"x":\#(try quoted(x))}}]"#
    }

    /// loopOut/loopIn "offset" and "continue" on a path move each vertex as a position moves
    /// (After Effects' path loops); the tangents, relative to their vertices, stay.
    @Test func pathLoopsOffsetAndContinue() throws {
        func vertices(_ x: String, at frame: Double, from: Double = 0, to: Double = 10) throws -> (LottieBezier, [String]) {
            let (out, w) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100}"#, shapes: try Self.movingPathShapes(x, from: from, to: to)))
            return (try Self.path(out).value(at: frame), w)
        }
        func moved(_ dx: Double) -> [Point] { [Point(dx, 0), Point(10 + dx, 0), Point(10 + dx, 10)] }
        // 5 frames past the last keyframe: cycle repeats the motion from its start, offset adds
        // the whole motion once, continue keeps the last velocity (1 point a frame).
        for (type, dx) in [("cycle", 5.0), ("offset", 15.0), ("continue", 15.0), ("pingpong", 5.0)] {
            let (b, w) = try vertices("loopOut('\(type)')", at: 15)
            #expect(w.isEmpty, "\(type): \(w)")
            #expect(zip(b.vertices, moved(dx)).allSatisfy { abs($0.x - $1.x) < 1e-3 && abs($0.y - $1.y) < 1e-3 }, "\(type): \(b.vertices)")
            #expect(b.inTangents == [Point(0, 0), Point(0, 0), Point(1, 1)] && b.outTangents == [Point(0, 0), Point(2, 0), Point(0, 0)])
        }
        // Two cycles on: offset adds the motion twice.
        let (twice, _) = try vertices("loopOut('offset')", at: 25)
        #expect(abs(twice.vertices[0].x - 25) < 1e-3, "\(twice.vertices)")
        // Before the first keyframe (keys at 10 and 20): offset and continue go backwards.
        for type in ["offset", "continue"] {
            let (b, w) = try vertices("loopIn('\(type)')", at: 5, from: 10, to: 20)
            #expect(w.isEmpty, "\(type): \(w)")
            #expect(abs(b.vertices[0].x + 5) < 1e-3 && abs(b.vertices[2].y - 10) < 1e-3, "\(type): \(b.vertices)")
        }
    }

    /// A text layer "T" set from the file's glyph outlines: "A" advances 60 (of 100), the
    /// font's ascent is 75 % of the size; its documents "AA" at 20 points (centred) and, from
    /// frame 20, "A\rA" at 40 points, 50 apart.
    static let glyphTextLayer = #"""
        {"ty":5,"nm":"T","ind":2,"ip":0,"op":30,"st":0,"ks":{},
         "t":{"d":{"k":[{"s":{"t":"AA","s":20,"f":"Glyphs","j":2,"tr":0,"lh":24,"fc":[0,0,0]},"t":0},
                        {"s":{"t":"A\rA","s":40,"f":"Glyphs","j":0,"tr":0,"lh":50,"fc":[0,0,0]},"t":20}]},
              "a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}
        """#

    /// sourceRectAtTime of a text layer: the box of the document shown at that time, laid out
    /// as the importer lays it out.
    @Test func sourceRectAtTimeOfTextLayers() throws {
        let json = """
            {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":100,"nm":"Main",
             "fonts":{"list":[{"fName":"Glyphs","fFamily":"Glyphs","fStyle":"Regular","ascent":75}]},
             "chars":[{"ch":"A","fFamily":"Glyphs","style":"Regular","size":100,"w":60,"data":{"shapes":[]}}],
             "layers":[{"ty":3,"nm":"N","ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[0,0],
               "x":"var r = thisComp.layer('T').sourceRectAtTime(time); [r.left + 1000 * r.width, r.top + 1000 * r.height]"}}},
              \(Self.glyphTextLayer)]}
            """
        let (out, w) = try Self.evaluated(json)
        #expect(w.isEmpty, "\(w)")
        let p = try LottieProperty<[Double]>.decode(LottieJSON(out["layers"]!.expressionItems![0]["ks"]!["p"]!, path: ""))
        // "AA" at 20: two advances of 12, centred on 0; from the ascent (15) to the baseline.
        let early: [[Double]] = [[23_988, 14_985]]   // left −12 + 1000 × width 24, top −15 + 1000 × height 15
        #expect(Self.close([p.value(at: 5)], early, 1e-6), "\(p.value(at: 5))")
        // "A\rA" at 40, left-justified: one advance of 24, from the ascent (30) above the first
        // baseline to the second baseline 50 below it.
        let late: [[Double]] = [[24_000, 79_970]]    // left 0 + 1000 × width 24, top −30 + 1000 × height 80
        #expect(Self.close([p.value(at: 25)], late, 1e-6), "\(p.value(at: 25))")
        // Set with a font: the renderer's advances, from the first line's ascent to the last
        // line's descent (line height − ascent).
        final class Fixed: TextRendering {
            func render(_ string: String, fontSize: Double, color: Color) -> Bitmap? { nil }
            func width(of line: String, font: String?, fontSize: Double) -> Double { Double(line.count) * fontSize / 2 }
            func lineHeight(font: String?, fontSize: Double) -> Double { fontSize * 1.25 }
            func renderLine(_ line: String, font: String?, fontSize: Double, color: Color) -> Bitmap? { nil }
            func ascent(font: String?, fontSize: Double) -> Double { fontSize }
        }
        let doc = try LottieTextDocument.single(LottieJSON(try JSONReader.parse(Array(#"{"t":"abc\rd","s":20,"f":"Sans","j":1,"tr":0,"lh":30}"#.utf8)), path: ""))
        let model = LottieAnimationModel(width: 1, height: 1, inPoint: 0, outPoint: 1, frameRate: 30, layers: [], assets: [:], name: "")
        let box = LottieExpressionTextRect.box(doc, model: model, fonts: nil, renderer: Fixed())
        // Right-justified lines of 30 and 10 end at 0; ascent 20 above the first baseline, the
        // second baseline 30 lower (lh 30 > line height 25), descent 5 below it.
        #expect(box == [-30, -20, 30, 55], "\(String(describing: box))")
        // Nothing measures a font's text without a renderer (sourceRectAtTime is then an error).
        #expect(LottieExpressionTextRect.box(doc, model: model, fonts: nil, renderer: nil) == nil)
    }

    /// A shape group's contents and transform by their After Effects match names (the
    /// Trace Path rig: `layer(…)('ADBE Root Vectors Group')(1)('ADBE Vectors Group')(1)('ADBE
    /// Vector Shape')`), and `thisProperty.propertyGroup(n)`.
    @Test func matchNamesOfGroupsAndPropertyGroup() throws {
        let shapes = #"""
            [{"ty":"gr","nm":"Shape 1","mn":"ADBE Vector Group","it":[
               {"ty":"sh","nm":"Path 1","mn":"ADBE Vector Shape - Group","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],[100,0]],"c":false}}},
               {"ty":"tr","p":{"a":0,"k":[7,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]
            """#
        let (v, w) = try Self.values("""
            var g = thisComp.layer('L')('ADBE Root Vectors Group')(1);
            var s = g('ADBE Vectors Group')(1)('ADBE Vector Shape');
            [s.pointOnPath(0.25)[0], g('ADBE Vector Transform Group').position[0]]
            """, frames: [0], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        // A quarter of the line's length (by arc length in 32 steps), the group's position.
        #expect(Self.close(v, [[25, 7]], 0.05), "\(v)")
        // propertyGroup(1) of an effect's parameter is the effect: its other parameters by
        // match name; past the groups it is the layer.
        let effects = #"""
            ,"ef":[{"ty":5,"nm":"Trace Path","mn":"Pseudo/ADBE Trace Path","ef":[
               {"ty":0,"nm":"Progress","mn":"Pseudo/ADBE Trace Path-0001","v":{"a":0,"k":40,"x":"thisProperty.propertyGroup(1)('Pseudo/ADBE Trace Path-0002') == true && thisProperty.numKeys == 0 ? value * 2 : -1"}},
               {"ty":7,"nm":"Loop","mn":"Pseudo/ADBE Trace Path-0002","v":{"a":0,"k":1}}]}]
            """#
        let (out, w2) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100,"x":"thisProperty.propertyGroup(1).name == 'Transform' && thisProperty.propertyGroup(9).name == 'L' ? 50 : 0"}"#, effects: effects))
        #expect(w2.isEmpty, "\(w2)")
        let layer = out["layers"]!.expressionItems![0]
        let progress = try LottieProperty<[Double]>.decode(LottieJSON(layer["ef"]!.expressionItems![0]["ef"]!.expressionItems![0]["v"]!, path: ""))
        #expect(progress.value(at: 0) == [80])
        let opacity = try LottieProperty<[Double]>.decode(LottieJSON(layer["ks"]!["o"]!, path: ""))
        #expect(opacity.value(at: 0) == [50])
    }

    @Test func textAnimatorExpressionsAreNamedAndLeftAlone() throws {
        let json = """
            {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":100,"layers":[
             {"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},
              "t":{"d":{"k":[{"s":{"t":"Hi","s":20,"f":"Arial"},"t":0}]},"a":[{"s":{"t":1,"xe":{"a":0,"k":0,"x":"1"}},"a":{}}],"m":{},"p":{}}}]}
            """
        let parsed = try JSONReader.parse(Array(json.utf8))
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(parsed, warnings: &warnings)
        #expect(out == parsed)
        #expect(warnings == ["expression of t.a[0].s.xe in layer \"T\": text animator expressions are not evaluated; the property keeps its keyframes"])
    }

    @Test func noExpressionsLeavesTheFileAlone() throws {
        let json = Self.file("p", #"{"a":0,"k":[3,4],"x":"[9, 9]"}"#)
        let on = try LottieScene.parse(Array(json.utf8))
        let off = try LottieScene.parse(Array(json.utf8), expressions: false)
        let nine = try LottieScene.parse(Array(Self.file("p", #"{"a":0,"k":[9,9]}"#).utf8))
        let three = try LottieScene.parse(Array(Self.file("p", #"{"a":0,"k":[3,4]}"#).utf8))
        #expect(on.warnings.isEmpty && off.warnings.isEmpty)
        func named(_ l: CALayer) -> CALayer? { l.name == "L" ? l : (l.sublayers ?? []).lazy.compactMap(named).first }
        func place(_ s: LottieScene) -> String { named(s.root).map { "\($0.position) \($0.transform)" } ?? "none" }
        #expect(place(on) == place(nine))
        #expect(place(off) == place(three))
        #expect(place(nine) != place(three))
    }

    /// A file of hostile expressions: each is a warning, the file imports, and all of it takes
    /// a bounded time (each evaluation stops at its budget; a failed property stops at its first).
    @Test func hostileExpressionsImportWithWarnings() throws {
        let hostile = [
            "while (true) {}",
            "for (;;) { try { while (true) {} } catch (e) {} }",
            "function f(n) { return f(n + 1) + 1 } f(0)",
            "var a = []; while (true) a.push(new Array(100000))",
            "var s = 'x'; while (true) s = s + s",
            "'x'.repeat(1e9).length",
            "JSON.parse(new Array(100000).join('['))",
            "eval(new Array(5000).join('(') + '1' + new Array(5000).join(')'))",
            "var o = {}; for (var i = 0; ; i++) o['k' + i] = i",
            "new Array(4294967295).join('x')",
            "/(a+)+b/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac')",
            "Object.defineProperty(this, 'value', { get: function () { while (true) {} } }); value",
        ]
        var layers: [String] = []
        for (i, h) in hostile.enumerated() {
            let src = String(data: try JSONSerialization.data(withJSONObject: [h]), encoding: .utf8)!.dropFirst().dropLast()
            layers.append(#"{"ty":3,"nm":"H\#(i)","ind":\#(i + 1),"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[1,2],"x":\#(src)}}}"#)
        }
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
        let start = Date()
        let scene = try LottieScene.parse(Array(json.utf8))
        let seconds = Date().timeIntervalSince(start)
        let expressionWarnings = scene.warnings.filter { $0.hasPrefix("expression of ks.p") }
        #expect(expressionWarnings.count == hostile.count, "\(scene.warnings)")
        // The budgets count processor time; on a loaded machine the wall clock runs longer,
        // so this only catches a hang.
        #expect(seconds < 120, "took \(seconds) s")
        for l in scene.root.sublayers ?? [] { #expect(l.position == Point(1, 2)) }
        // The budgets are named as what ran out.
        #expect(expressionWarnings[0].contains("ran past its time budget"))
        #expect(expressionWarnings[2].contains("RangeError"))
        #expect(expressionWarnings[4].contains("ran out of its memory budget") || expressionWarnings[4].contains("ran past its time budget"))
    }

    /// Hostile path and text expressions: each one warning, the file imports in a bounded time.
    @Test func hostilePathAndTextExpressionsImportWithWarnings() throws {
        let paths = ["while (true) {}", "createPath([[NaN, 0]], [], [], true)", "createPath(5)", "({points: 3})",
                     "var a = []; while (true) a.push([1, 2])", "createPath(new Array(1e9))"]
        let texts = ["while (true) {}", "var s = 'x'; while (true) s += s", "undefined"]
        var layers: [String] = []
        for (i, x) in paths.enumerated() {
            layers.append(#"{"ty":4,"nm":"P\#(i)","ind":\#(i + 1),"ip":0,"op":30,"st":0,"ks":{},"shapes":\#(try Self.pathShapes(x))}"#)
        }
        for (i, x) in texts.enumerated() {
            layers.append(#"{"ty":5,"nm":"T\#(i)","ind":\#(i + 20),"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"t":"a","s":10,"f":"Arial"},"t":0}],"x":\#(try Self.quoted(x))},"a":[],"m":{},"p":{}}}"#)
        }
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
        let start = Date()
        let (out, warnings) = try Self.evaluated(json)
        #expect(Date().timeIntervalSince(start) < 120)
        #expect(warnings.count == paths.count + texts.count, "\(warnings)")
        #expect(out == (try JSONReader.parse(Array(json.utf8))))
        #expect(warnings.filter { $0.contains("not a path") || $0.contains("points must be an array") }.count == 2, "\(warnings)")
        #expect(throws: Never.self) { try LottieScene.parse(Array(json.utf8)) }
    }

    // MARK: On-demand evaluation

    /// Layers "A", then "B", then "C" (file order): `a`, `b`, `c` are their position properties
    /// (JSON text of `ks.p`).
    static func threeLayers(_ a: String, _ b: String, _ c: String = #"{"a":0,"k":[0,0]}"#) -> String {
        func layer(_ name: String, _ ind: Int, _ p: String) -> String {
            #"{"ty":3,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":30,"st":0,"ks":{"p":\#(p)}}"#
        }
        return #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":100,"layers":[\#(layer("A", 1, a)),\#(layer("B", 2, b)),\#(layer("C", 3, c))]}"#
    }
    static func expression(_ x: String, k: String = "[0,0]") throws -> String {
        #"{"a":0,"k":\#(k),"x":\#(try quoted(x))}"#
    }

    /// An expression that reads another layer's expression-driven position, that layer later
    /// in the file: the reader sees the other expression's result at its own time (lottie-web
    /// evaluates a property when its value is read), also through a chain, at another time
    /// (`valueAtTime`) and through `toComp`; before, it saw the keyframed [0, 0].
    @Test func expressionsReadPropertiesEvaluatedLaterOnDemand() throws {
        let json = Self.threeLayers(
            try Self.expression("var b = thisComp.layer('B').transform.position; [b[0] + 1, b[1], b.valueAtTime(time - 1 / 30)[0], thisComp.layer('B').toComp([0, 0])[0]]"),
            try Self.expression("$bm_sum(thisComp.layer('C').transform.position, [time * 30, 0])"),
            try Self.expression("[100, 5]"))
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        func at(_ layer: Int, _ frame: Double) throws -> [Double] {
            guard case .array(let layers)? = out["layers"], let p = layers[layer]["ks"]?["p"] else { return [] }
            return try LottieProperty<[Double]>.decode(LottieJSON(p, path: "")).value(at: frame)
        }
        // B = C + [frame, 0] = [100 + frame, 5]; A = [B.x + 1, B.y, B.x one frame before, B.x].
        #expect(Self.close([try at(0, 0), try at(0, 10), try at(0, 29)], [[101, 5, 99, 100], [111, 5, 109, 110], [130, 5, 128, 129]]))
        #expect(Self.close([try at(1, 10), try at(2, 10)], [[110, 5], [100, 5]]))
    }

    /// A cycle — A reads B and B reads A — ends: the property read while its own expression
    /// runs gives its keyframed value (lottie-web's locked property gives `pv`), and each
    /// value is computed once a time, so B's own run takes the value A's read made.
    @Test func aCycleOfExpressionsReadsTheKeyframedValue() throws {
        let json = Self.threeLayers(
            try Self.expression("$bm_sum(thisComp.layer('B').transform.position, [1, 0])", k: "[10,0]"),
            try Self.expression("$bm_sum(thisComp.layer('A').transform.position, [0, 1])", k: "[20,0]"),
            try Self.expression("$bm_sum(thisComp.layer('C').transform.position.valueAtTime(time), 1)", k: "[3,3]"))
        var warnings: [String] = []
        let out = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        guard case .array(let layers)? = out["layers"] else { Issue.record("no layers"); return }
        func p(_ i: Int) throws -> [Double] {
            try LottieProperty<[Double]>.decode(LottieJSON(layers[i]["ks"]!["p"]!, path: "")).value(at: 5)
        }
        // A runs first: B on demand reads A's keyframes [10, 0] → [10, 1]; A = [11, 1].
        #expect(Self.close([try p(0), try p(1)], [[11, 1], [10, 1]]))
        // C reads itself: its keyframed value ($bm_sum of an array and a number adds to x).
        #expect(Self.close([try p(2)], [[4, 3]]))
    }

    /// `key()` and `numKeys` of a property whose expression ran count its keyframes, not the
    /// per-frame samples that hold its result; a split position reads its dimensions'
    /// expressions.
    @Test func keysOfAnEvaluatedPropertyAreItsKeyframes() throws {
        let split = #"{"s":true,"x":{"a":1,"k":\#(Self.scalar),"x":"time * 30 + 100"},"y":{"a":0,"k":7}}"#
        let other = #",{"ty":3,"nm":"B","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":\#(split),"r":{"a":1,"k":\#(Self.scalar),"x":"value * 2"}}}"#
        // "L" comes first: B's x on demand; B's rotation is evaluated after L, so run a second
        // reader after it too.
        let (v, w) = try Self.values("""
            var b = thisComp.layer('B').transform; [b.position[0], b.position[1], b.rotation.numKeys, b.rotation.key(2).value]
            """, frames: [5], extra: other)
        #expect(w.isEmpty, "\(w)")
        #expect(Self.close(v, [[105, 7, 2, 10]]))
        let late = other + #",{"ty":3,"nm":"D","ind":3,"ip":0,"op":30,"st":0,"ks":{"p":\#(try Self.expression("var r = thisComp.layer('B').transform.rotation; [r.numKeys, r.key(1).time, r]"))}}"#
        let json = Self.file("p", #"{"a":0,"k":[0,0]}"#, extra: late)
        let (d, w2) = try Self.evaluate(json, key: "p", layer: 2)
        #expect(w2.isEmpty, "\(w2)")
        // B's rotation ran before D: still 2 keyframes; its value the expression's (5 × 2).
        #expect(Self.close([d.value(at: 5)], [[2, 0, 10]]))
    }

    /// Hostile on-demand reads: a chain of layers each reading the next at two times, the
    /// last an endless loop, and a layer reading an endless one — each a warning, bounded.
    @Test func hostileOnDemandReadsAreBounded() throws {
        var layers: [String] = []
        // 36 layers: the first few chains pass the nesting limit (each run then times out in
        // the chain's fan-out), the rest reach the endless one (each reader times out).
        let n = 36
        for i in 0..<n {
            let x = i == n - 1 ? "while (true) {}"
                : "var p = thisComp.layer('L\(i + 1)').transform.position; p.valueAtTime(time - 0.01) + p.velocity[0] + 1"
            layers.append(#"{"ty":3,"nm":"L\#(i)","ind":\#(i + 1),"ip":0,"op":30,"st":0,"ks":{"p":\#(try Self.expression(x))}}"#)
        }
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
        let start = Date()
        var warnings: [String] = []
        _ = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings)
        #expect(Date().timeIntervalSince(start) < 120)
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0.hasPrefix("expression of ks.p in layer") || $0.hasPrefix("expressions:") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("\"L\(n - 1)\"") && $0.contains("time budget") } || warnings.contains { $0.hasPrefix("expressions:") })
    }

    /// A shape group is two levels, as in After Effects and lottie-web's ShapeInterface: the
    /// group's 2 is its Contents, the contents match a number against an item's property index
    /// (`ix`) before its position; a star matches its properties' `ix`; `_name`; the layer's
    /// 2 is its contents (the RubberHose rig: `thisLayer(2)('Admin')(2)('A')(2)(1)._name`).
    @Test func shapeGroupsByIndexAsRubberHoseReadsThem() throws {
        let tr = #"{"ty":"tr","p":{"a":0,"k":[0,0],"ix":2},"a":{"a":0,"k":[0,0],"ix":1},"s":{"a":0,"k":[100,100],"ix":3},"r":{"a":0,"k":0,"ix":6},"o":{"a":0,"k":100,"ix":7}}"#
        let shapes = #"""
            [{"ty":"gr","nm":"Admin","ix":1,"it":[
               {"ty":"gr","nm":"A","ix":1,"it":[{"ty":"gr","nm":"Wrist","ix":1,"it":[\#(tr)]},\#(tr)]},
               {"ty":"sr","nm":"Star","ix":5,"sy":1,"d":1,"pt":{"a":0,"k":4,"ix":3},"p":{"a":0,"k":[0,0],"ix":4},"r":{"a":0,"k":0,"ix":5},
                "ir":{"a":0,"k":10,"ix":6},"or":{"a":0,"k":30,"ix":7},"is":{"a":0,"k":0,"ix":8},"os":{"a":0,"k":0,"ix":9}},
               \#(tr)]}]
            """#
        let (v, w) = try Self.values("""
            [thisLayer(2)('Admin')(2)('A')(2)(1)._name == 'Wrist' ? 1 : 0, thisLayer(2)('Admin')(2)(5)(7),
             content('Admin')(3)('Anchor Point')[0] + content('Admin').content.numProperties]
            """, k: "[0,0,0]", frames: [0], shapes: shapes)
        #expect(w.isEmpty, "\(w)")
        // The group's 3 is its transform; its contents hold 2 items (the transform is not one
        // of them, as in lottie-web's contentsInterfaceFactory).
        #expect(Self.close(v, [[1, 30, 2]]), "\(v)")
    }

    /// thisProperty.propertyIndex is the property's `ix`; propertyGroup(n) counts a shape
    /// group twice from an item inside it (its Contents, then the group) and once from its own
    /// transform (lottie-web's PropertyGroupFactory and groupInterfaceFactory): the RubberHose
    /// rig's `thisProperty.propertyGroup(2)(2)(1)(7)` on its ArcMath transform's anchor.
    @Test func propertyGroupCountsShapeLevelsAsLottieWeb() throws {
        let ir = "thisProperty.propertyGroup(1).propertyIndex * 100 + thisProperty.propertyIndex * 10 + thisProperty.propertyGroup(2).propertyIndex + (thisProperty.propertyGroup(3)._name == 'ArcMath' ? 1000 : 0)"
        let shapes = #"""
            [{"ty":"gr","nm":"ArcMath","ix":1,"it":[
               {"ty":"sr","nm":"Line","ix":1,"sy":1,"d":1,"pt":{"a":0,"k":4,"ix":3},"p":{"a":0,"k":[0,0],"ix":4},"r":{"a":0,"k":0,"ix":5},
                "ir":{"a":0,"k":10,"ix":6,"x":\#(try Self.quoted(ir))},"or":{"a":0,"k":30,"ix":7},"is":{"a":0,"k":0,"ix":8},"os":{"a":0,"k":0,"ix":9}},
               {"ty":"tr","p":{"a":0,"k":[0,0],"ix":2},"a":{"a":0,"k":[0,0],"ix":1,"x":\#(try Self.quoted("var s = thisProperty.propertyGroup(2)(2)(1)(7); [-s, thisProperty.propertyIndex]"))},
                "s":{"a":0,"k":[100,100],"ix":3},"r":{"a":0,"k":0,"ix":6},"o":{"a":0,"k":100,"ix":7}}]}]
            """#
        let (out, w) = try Self.evaluated(Self.file("o", #"{"a":0,"k":100}"#, shapes: shapes))
        #expect(w.isEmpty, "\(w)")
        let group = out["layers"]!.expressionItems![0]["shapes"]!.expressionItems![0]["it"]!.expressionItems!
        let anchor = try LottieProperty<[Double]>.decode(LottieJSON(group[1]["a"]!, path: ""))
        #expect(anchor.value(at: 0) == [-30, 1], "\(anchor.value(at: 0))")
        let inner = try LottieProperty<[Double]>.decode(LottieJSON(group[0]["ir"]!, path: ""))
        #expect(inner.value(at: 0) == [1162], "\(inner.value(at: 0))")
    }

    @Test func fileBudgetIsCheckedWithOneWarning() throws {
        // Each property fails by timeout at its first frame: the time budget of the file is
        // reached long before all of them ran.
        let secondsInAll = 0.5
        let count = Int(secondsInAll / LottieLimits.expressionSeconds) + 10
        let layers = (0..<count).map { #"{"ty":3,"nm":"T\#($0)","ind":\#($0 + 1),"ip":0,"op":2,"st":0,"ks":{"r":{"a":0,"k":0,"x":"while(true){}"}}}"# }
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":2,"w":10,"h":10,"layers":[\#(layers.joined(separator: ","))]}"#
        var warnings: [String] = []
        _ = LottieExpressions.evaluate(try JSONReader.parse(Array(json.utf8)), warnings: &warnings, secondsInAll: secondsInAll)
        #expect(warnings.filter { $0.hasPrefix("expressions: the file's budget") }.count == 1, "\(warnings.suffix(2))")
        // Each timed-out property spent its budget of processor time; the file stopped after
        // about secondsInAll of them (one more may start before the check).
        let timedOut = warnings.filter { $0.contains("ran past its time budget") }.count
        #expect(timedOut >= 5 && timedOut <= Int(secondsInAll / LottieLimits.expressionSeconds) + 1, "\(timedOut)")
    }
}

private extension JSONValue {
    var expressionItems: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
}
