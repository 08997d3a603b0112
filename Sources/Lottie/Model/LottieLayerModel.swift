// One Lottie layer (an element of `layers`): its type `ty` (0 precomp, 1 solid, 2 image,
// 3 null, 4 shape, 5 text), index `ind` and `parent`, in/out points `ip`/`op` and start
// time `st` in its composition's frames, time stretch `sr`, transform `ks`, and what its
// type draws. Track mattes: `td` marks a matte source, `tt` the matte mode of the layer
// below it (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted). Effects `ef` and layer
// styles `sy`: a drop shadow of either is read (LottieDropShadow), the effects (LottieEffect)
// for After Effects' reading, the other styles are noted.
// `ddd` 1 marks a 3D layer; a camera layer (`ty` 13) carries its zoom `pe` (`LottieCameraModel`).
import LayerKit

struct LottieMask: Sendable {
    var mode: String
    var inverted: Bool
    var path: LottieProperty<LottieBezier>
    var opacity: LottieProperty<[Double]>
    var expansion: LottieProperty<[Double]>
    /// Feather `f` (pixels, x and y): the mask's edge blurred.
    var feather: LottieProperty<[Double]> = LottieProperty([0, 0])
}

struct LottieLayerModel: Sendable {
    enum Kind: Sendable {
        case precomp(refId: String, width: Double, height: Double, timeRemap: LottieProperty<[Double]>?)
        case solid(color: Color, width: Double, height: Double)
        case image(refId: String)
        case null
        case shape([LottieShapeItem])
        case text(LottieTextDocument?)
        case unsupported(Int)
    }
    var name: String
    var index: Int?
    var parent: Int?
    var kind: Kind
    var inPoint: Double, outPoint: Double, startTime: Double, timeStretch: Double
    var transform: LottieTransformModel
    var hidden: Bool
    var isMatteSource: Bool
    var matteMode: Int
    var matteParent: Int?
    var masks: [LottieMask]
    var autoOrient: Bool
    var blendMode: Int
    /// Effects other than a drop shadow.
    var hasEffects: Bool
    /// Layer styles other than a drop shadow and a stroke.
    var hasLayerStyles: Bool
    var dropShadow: LottieDropShadow?
    /// The layer style Stroke (LottieLayerStyleStroke).
    var strokeStyle: LottieLayerStyleStroke?
    /// A 3D layer (`ddd` 1): its transform has a z axis and the composition's camera sees it.
    var is3D = false
    /// The camera, for a camera layer (`ty` 13).
    var camera: LottieCamera?
    /// The effects in order (LottieEffect), drawn in After Effects' reading.
    var effects: [LottieEffect] = []

    static func decode(_ j: LottieJSON, depth: Int) throws(DocumentError) -> LottieLayerModel {
        guard j.isObject else { throw j.error("expected a layer object, found \(j.value.kindName)") }
        let ty = try j.required("ty").integer()
        func int(_ key: String) throws(DocumentError) -> Int? { try j.optionalInteger(key) }
        let kind: Kind
        switch ty {
        case 0:
            kind = .precomp(refId: try j.required("refId").string(), width: try j.number("w", default: 0),
                            height: try j.number("h", default: 0),
                            timeRemap: try j["tm"].map { (v: LottieJSON) throws(DocumentError) in try LottieProperty.decode(v) })
        case 1:
            kind = .solid(color: LottieColor.hex(try j.optionalString("sc") ?? "#000000"),
                          width: try j.number("sw", default: 0), height: try j.number("sh", default: 0))
        case 2: kind = .image(refId: try j.required("refId").string())
        case 3: kind = .null
        case 4: kind = .shape(try LottieShapeItem.decodeList(j["shapes"], depth: depth))
        case 5: kind = .text(try LottieTextDocument.decode(j["t"]))
        default: kind = .unsupported(ty)
        }
        var masks: [LottieMask] = []
        if let list = j["masksProperties"] {
            for m in try list.array(limit: LottieLimits.maximumLayers) {
                masks.append(LottieMask(mode: m["mode"]?.stringValue ?? "a", inverted: m.bool("inv"),
                                        path: try .decode(try m.required("pt")),
                                        opacity: try .decode(m["o"], default: [100]),
                                        expansion: try .decode(m["x"], default: [0]),
                                        feather: try .decode(m["f"], default: [0, 0])))
            }
        }
        let sr = try j.number("sr", default: 1)
        var layer = LottieLayerModel(
            name: j["nm"]?.stringValue ?? "", index: try int("ind"), parent: try int("parent"), kind: kind,
            inPoint: try j.number("ip", default: 0), outPoint: try j.number("op", default: 0),
            startTime: try j.number("st", default: 0), timeStretch: sr > 0 ? sr : 1,
            transform: try .decode(j["ks"]), hidden: j.bool("hd"), isMatteSource: j.bool("td"),
            matteMode: try int("tt") ?? 0, matteParent: try int("tp"), masks: masks, autoOrient: j.bool("ao"),
            blendMode: try int("bm") ?? 0,
            hasEffects: j["ef"]?.elements?.contains { $0["ty"]?.numberValue != 25 } == true,
            hasLayerStyles: j["sy"]?.elements?.contains { $0["ty"]?.numberValue != 1 && $0["ty"]?.numberValue != 0 } == true,
            dropShadow: try LottieDropShadow.decode(layer: j),
            strokeStyle: try LottieLayerStyleStroke.decode(layer: j),
            effects: try LottieEffect.decodeList(j["ef"]))
        layer.is3D = j.bool("ddd")
        if ty == 13 { layer.camera = try LottieCamera.decode(j) }
        return layer
    }
}
