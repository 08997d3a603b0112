// The items of a Lottie shape layer (`shapes`) and shape group (`it`), by their `ty`:
// gr group, sh path, rc rectangle, el ellipse, sr star/polygon, fl fill, st stroke, gf/gs
// gradient fill/stroke, tm trim paths, rp repeater, rd rounded corners, mm merge paths, pb
// pucker & bloat, zz zig-zag, op offset path, tw twist (`LottieShapeModifier`), tr the
// group's transform. Items are listed top first (the first item draws above the rest),
// and a fill, stroke or trim acts on the shapes listed before it.
import LayerKit

enum LottieShapeItem: Sendable {
    struct Dash: Sendable { var kind: String; var length: LottieProperty<[Double]> }
    struct Gradient: Sendable {
        var linear: Bool
        var colorStops: Int
        var colors: LottieProperty<[Double]>
        var start: LottieProperty<[Double]>, end: LottieProperty<[Double]>
        var highlightLength: LottieProperty<[Double]>?, highlightAngle: LottieProperty<[Double]>?
    }
    struct Stroke: Sendable {
        var width: LottieProperty<[Double]>
        var cap: Int, join: Int
        var miterLimit: Double
        var dashes: [Dash]
        /// Strokes every shape closed, as a fill paints it (the layer-style stroke's band
        /// around a fill, `LottieLayerStyleStroke`); a Lottie stroke follows each path as drawn.
        var closesPaths = false
    }

    case group(name: String, items: [LottieShapeItem])
    case path(LottieProperty<LottieBezier>, reversed: Bool)
    case rect(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<[Double]>, reversed: Bool)
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, reversed: Bool)
    case star(LottieStarModel)
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>, evenOdd: Bool)
    case stroke(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>, Stroke)
    case gradientFill(Gradient, opacity: LottieProperty<[Double]>, evenOdd: Bool)
    case gradientStroke(Gradient, opacity: LottieProperty<[Double]>, Stroke)
    /// A fill or stroke (plain or gradient) with a blend mode `bm` other than normal
    /// (LottieShapeBlendMode).
    indirect case blended(LottieShapeItem, mode: Int)
    /// A fill or stroke as the shapes of the groups nested below its own see it, in After
    /// Effects' reading: it paints them in its own group's layer, as one path with its other
    /// shapes, the nested groups' transforms (outermost first; none for its own group's
    /// shapes) carried into their paths; `home` is its place in the group builder's
    /// `LottieStyleHomes`. Made by the group builder, never decoded.
    indirect case inGroups(LottieShapeItem, transforms: [LottieTransformModel], home: Int)
    case trim(start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>, individually: Bool)
    case repeater(copies: LottieProperty<[Double]>, offset: LottieProperty<[Double]>, transform: LottieTransformModel,
                  startOpacity: LottieProperty<[Double]>, endOpacity: LottieProperty<[Double]>)
    case roundedCorners(LottieProperty<[Double]>)
    case merge(mode: Int)
    /// A path modifier: it reshapes every shape listed before it (in its group and the groups before it).
    case modifier(LottieShapeModifier)
    case transform(LottieTransformModel)
    /// An item the importer does not draw: its `ty` and name.
    case unsupported(type: String, name: String)

    /// The item's display name for warnings.
    static func name(_ j: LottieJSON) -> String { j["nm"]?.stringValue ?? "" }

    /// Decodes `items`, skipping hidden ones (`hd`), nesting limited to `depth`.
    static func decodeList(_ j: LottieJSON?, depth: Int) throws(DocumentError) -> [LottieShapeItem] {
        guard let j else { return [] }
        guard depth < LottieLimits.maximumNesting else {
            throw j.error("shape groups nested deeper than the limit \(LottieLimits.maximumNesting)")
        }
        var out: [LottieShapeItem] = []
        for e in try j.array(limit: LottieLimits.maximumLayers) where !e.bool("hd") {
            out.append(try decode(e, depth: depth))
        }
        return out
    }

    static func decode(_ j: LottieJSON, depth: Int) throws(DocumentError) -> LottieShapeItem {
        guard j.isObject else { throw j.error("expected a shape item object, found \(j.value.kindName)") }
        let ty = try j.required("ty").string()
        let reversed = (j["d"]?.numberValue ?? 1) == 3
        func prop(_ key: String, _ d: [Double]) throws(DocumentError) -> LottieProperty<[Double]> {
            try .decode(j[key], default: d)
        }
        switch ty {
        case "gr": return .group(name: name(j), items: try decodeList(j["it"], depth: depth + 1))
        case "sh": return .path(try .decode(try j.required("ks")), reversed: reversed)
        case "rc": return .rect(position: try prop("p", [0, 0]), size: try prop("s", [0, 0]), roundness: try prop("r", [0]), reversed: reversed)
        case "el": return .ellipse(position: try prop("p", [0, 0]), size: try prop("s", [0, 0]), reversed: reversed)
        case "sr": return .star(try LottieStarModel.decode(j, reversed: reversed))
        case "fl", "st", "gf", "gs":
            let style = try decodeStyle(j, ty)
            if let bm = j["bm"]?.numberValue, bm.isFinite, bm >= 1, bm < 100 { return .blended(style, mode: Int(bm)) }
            return style
        case "tm": return .trim(start: try prop("s", [0]), end: try prop("e", [100]), offset: try prop("o", [0]),
                                individually: j["m"]?.numberValue == 2)
        case "rp":
            let tr = j["tr"]
            return .repeater(copies: try prop("c", [1]), offset: try prop("o", [0]), transform: try .decode(tr),
                             startOpacity: try .decode(tr?["so"], default: [100]), endOpacity: try .decode(tr?["eo"], default: [100]))
        case "rd": return .roundedCorners(try prop("r", [0]))
        case "mm": return .merge(mode: try j.code("mm", default: 1))
        case "pb": return .modifier(.puckerBloat(amount: try prop("a", [0])))
        case "zz": return .modifier(.zigZag(size: try prop("s", [0]), ridges: try prop("r", [0]), pointType: try prop("pt", [1])))
        case "op": return .modifier(.offsetPath(amount: try prop("a", [0]), join: try j.code("lj", default: 1), miterLimit: try prop("ml", [4])))
        case "tw": return .modifier(.twist(angle: try prop("a", [0]), center: try prop("c", [0, 0])))
        case "tr": return .transform(try .decode(j))
        default: return .unsupported(type: ty, name: name(j))
        }
    }

    /// A fill, stroke, gradient fill or gradient stroke (`ty` fl, st, gf, else gs).
    static func decodeStyle(_ j: LottieJSON, _ ty: String) throws(DocumentError) -> LottieShapeItem {
        let opacity = try LottieProperty<[Double]>.decode(j["o"], default: [100])
        switch ty {
        case "fl": return .fill(color: try LottieColor.decode(j["c"], default: [0, 0, 0, 1]), opacity: opacity, evenOdd: j["r"]?.numberValue == 2)
        case "st": return .stroke(color: try LottieColor.decode(j["c"], default: [0, 0, 0, 1]), opacity: opacity, try decodeStroke(j))
        case "gf": return .gradientFill(try decodeGradient(j), opacity: opacity, evenOdd: j["r"]?.numberValue == 2)
        default: return .gradientStroke(try decodeGradient(j), opacity: opacity, try decodeStroke(j))
        }
    }

    static func decodeStroke(_ j: LottieJSON) throws(DocumentError) -> Stroke {
        var dashes: [Dash] = []
        if let d = j["d"], d.isArray {
            for e in try d.array(limit: DocumentLimits.maximumDashEntries) {
                dashes.append(Dash(kind: e["n"]?.stringValue ?? "d", length: try .decode(e["v"], default: [0])))
            }
        }
        return Stroke(width: try .decode(j["w"], default: [1]), cap: try j.code("lc", default: 2),
                      join: try j.code("lj", default: 2), miterLimit: j["ml"]?.numberValue ?? 4, dashes: dashes)
    }

    static func decodeGradient(_ j: LottieJSON) throws(DocumentError) -> Gradient {
        let g = j["g"]
        let stops = Int(saturating: min(max(g?["p"]?.numberValue ?? 0, 0), 1_000))
        return Gradient(linear: (j["t"]?.numberValue ?? 1) != 2, colorStops: stops,
                        colors: try LottieProperty<[Double]>.decode(g?["k"], default: []).mapValues { LottieColor.unitStops($0, count: stops) },
                        start: try .decode(j["s"], default: [0, 0]), end: try .decode(j["e"], default: [0, 0]),
                        highlightLength: try j["h"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) },
                        highlightAngle: try j["a"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) })
    }
}

/// A star (`sy` 1) or polygon (`sy` 2): `pt` points around `p`, rotated `r` degrees, outer
/// radius `or` with roundness `os` (percent), inner radius `ir` with roundness `is` (stars).
struct LottieStarModel: Sendable {
    var isStar: Bool
    var points, position, rotation, outerRadius, outerRoundness, innerRadius, innerRoundness: LottieProperty<[Double]>
    var reversed: Bool

    static func decode(_ j: LottieJSON, reversed: Bool) throws(DocumentError) -> LottieStarModel {
        func prop(_ key: String, _ d: [Double]) throws(DocumentError) -> LottieProperty<[Double]> { try .decode(j[key], default: d) }
        return LottieStarModel(isStar: (j["sy"]?.numberValue ?? 1) != 2, points: try prop("pt", [5]), position: try prop("p", [0, 0]),
                               rotation: try prop("r", [0]), outerRadius: try prop("or", [0]), outerRoundness: try prop("os", [0]),
                               innerRadius: try prop("ir", [0]), innerRoundness: try prop("is", [0]), reversed: reversed)
    }
}
