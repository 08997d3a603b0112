// A decoded Lottie file: canvas `w`×`h`, in/out frames `ip`/`op` at `fr` frames a second,
// the root composition's `layers`, and `assets` (precompositions with their own layers,
// images by path or embedded as a data URL).
import Foundation
import LayerKit

struct LottieAsset: Sendable {
    var id: String
    var layers: [LottieLayerModel]?
    var imagePath: String?
    var width: Double, height: Double
}

struct LottieAnimationModel: Sendable {
    var width: Double, height: Double
    var inPoint: Double, outPoint: Double, frameRate: Double
    var layers: [LottieLayerModel]
    var assets: [String: LottieAsset]
    var name: String
    /// Glyph outlines (`chars`) and fonts (`fonts.list`) for text layers.
    var glyphs: [LottieGlyph] = []
    var fonts: [LottieFont] = []
    /// Named points of the timeline (`markers`: `cm` the name, `tm` the frame, `dr` frames).
    var markers: [LottieMarker] = []

    /// Whether `json` looks like a Lottie file (`v`, `fr`, `ip`, `op` and `layers` at the top).
    static func isLottie(_ json: JSONValue) -> Bool {
        json["layers"] != nil && json["fr"] != nil && json["op"] != nil && json["ip"] != nil
    }

    static func decode(_ json: JSONValue) throws(DocumentError) -> LottieAnimationModel {
        let j = LottieJSON(json, path: "")
        guard j.isObject else { throw DocumentError("", "expected a Lottie object at the top") }
        let w = try j.required("w").number(), h = try j.required("h").number()
        guard w > 0, h > 0, w <= 100_000, h <= 100_000 else { throw DocumentError("w", "canvas \(DocumentText.number(w))×\(DocumentText.number(h)) is not within (0, 100000]") }
        let fr = try j.required("fr").number()
        guard fr > 0, fr <= 1_000 else { throw DocumentError("fr", "frame rate \(DocumentText.number(fr)) is not within (0, 1000]") }
        let ip = try j.required("ip").number(), op = try j.required("op").number()
        guard op > ip else { throw DocumentError("op", "out point \(DocumentText.number(op)) is not after the in point \(DocumentText.number(ip))") }
        var assets: [String: LottieAsset] = [:]
        if let list = j["assets"] {
            for a in try list.array(limit: LottieLimits.maximumLayers) {
                guard a.isObject else { throw a.error("expected an asset object") }
                let id = try a.required("id").string()
                var asset = LottieAsset(id: id, layers: nil, imagePath: nil, width: try a.number("w", default: 0),
                                        height: try a.number("h", default: 0))
                if let layers = a["layers"] {
                    asset.layers = try decodeLayers(layers, depth: 1)
                } else if let p = try a.optionalString("p") {
                    let dir = try a.optionalString("u") ?? ""
                    asset.imagePath = p.hasPrefix("data:") || a.bool("e") ? p : dir + p
                }
                assets[id] = asset
            }
        }
        return LottieAnimationModel(width: w, height: h, inPoint: ip, outPoint: op, frameRate: fr,
                                    layers: try decodeLayers(try j.required("layers"), depth: 0), assets: assets,
                                    name: j["nm"]?.stringValue ?? "",
                                    glyphs: try LottieGlyph.decodeList(j["chars"]), fonts: try LottieFont.decodeList(j["fonts"]),
                                    markers: LottieMarker.decodeList(j["markers"]))
    }

    static func decodeLayers(_ j: LottieJSON, depth: Int) throws(DocumentError) -> [LottieLayerModel] {
        var out: [LottieLayerModel] = []
        for l in try j.array(limit: LottieLimits.maximumLayers) { out.append(try .decode(l, depth: depth)) }
        return out
    }
}

/// A marker of the Lottie spec's animation object: `{"cm": name, "tm": frame, "dr": duration
/// in frames}`. Players use one named "poster" as the still frame that stands for the file.
public struct LottieMarker: Sendable {
    public var name: String
    public var frame: Double
    public var durationFrames: Double

    /// The markers that are well formed (name and finite frame); others are skipped, as
    /// markers never change what is drawn. At most `LottieLimits.maximumLayers` are read.
    static func decodeList(_ j: LottieJSON?) -> [LottieMarker] {
        guard let j, let list = try? j.array(limit: LottieLimits.maximumLayers) else { return [] }
        return list.compactMap { m in
            guard m.isObject, let name = try? m.optionalString("cm"), let tm = try? m.required("tm").number(), tm.isFinite else { return nil }
            let dr = (try? m.number("dr", default: 0)) ?? 0
            return LottieMarker(name: name, frame: tm, durationFrames: dr.isFinite ? dr : 0)
        }
    }
}
