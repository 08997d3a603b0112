// `layerplay inspect ANIM.json` for Lottie files: the generated layer tree as JSON, so a
// reader can see what Core Animation objects the file became. Each layer: name, class,
// depth-first index path, the animatable properties of its class (model values, or the
// presentation's at `--time` / `--progress` / `--frame`), its animations with their timing,
// key times and timing functions, and its mask layer (nested, with the mask's sublayers).
// Before them: the markers (`cm`, `tm`, `dr`), the slot ids, and for a `.lottie` archive its
// manifest's animations, themes and state machines with the animation shown; then the
// importer's warnings. The output is bounded (`maximumInspectionBytes`): a small file can
// generate a large tree (a thousand repeater copies of a sampled path printed 155 MB), so the
// text is counted as it is made and refused, in one line, past the limit.
import Foundation
import LayerKit
import Lottie

/// The most bytes `inspect` prints for one Lottie file.
let maximumInspectionBytes = 32 * 1024 * 1024

/// `inspect`'s output would exceed `maximumInspectionBytes`.
struct InspectionTooLarge: Error, CustomStringConvertible {
    var description: String { "inspect: the output exceeds the limit \(maximumInspectionBytes) bytes (maximumInspectionBytes)" }
}

extension LottieScene {
    /// The tree at Core Animation time `t` (the model's values when `t` is nil) as JSON, or
    /// `InspectionTooLarge` once the layers' text passes `limit` bytes.
    func inspectionJSON(at t: Double?, limit: Int = maximumInspectionBytes) throws(InspectionTooLarge) -> String {
        let tree: CALayer
        if let t {
            CAAnimationContext.current.clock.manualTime = t
            tree = root.presentation(at: t)
        } else {
            tree = root
        }
        var items: [String] = []
        var bytes = 0
        // Depth first with an explicit stack (children pushed last first, so popped in order).
        var stack: [(CALayer, [Int])] = [(tree, [])]
        while let (l, path) = stack.popLast() {
            let item = "    {" + fields(l, indexPath: path).joined(separator: ", ") + "}"
            bytes += item.utf8.count + 2
            guard bytes <= limit else { throw InspectionTooLarge() }
            items.append(item)
            for (i, s) in (l.sublayers ?? []).enumerated().reversed() { stack.append((s, path + [i])) }
        }
        return "{\"width\": \(num(width)), \"height\": \(num(height)), \"duration\": \(num(duration)), "
            + (t.map { "\"time\": \(num($0)), " } ?? "")
            + "\"layerCount\": \(layerCount),\n" + catalogueJSON() + "  \"warnings\": [" + warnings.map(jsonString).joined(separator: ", ") + "],\n"
            + "  \"layers\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }

    /// `"markers"` (name, frame, duration in frames), and `"dotLottie"` for an archive: its
    /// manifest version, the animation shown, and the ids of its animations, themes and state
    /// machines; each on its own line.
    private func catalogueJSON() -> String {
        let markers = self.markers.map { "{\"name\": \(jsonString($0.name)), \"frame\": \(num($0.frame)), \"duration\": \(num($0.durationFrames))}" }
        var out = "  \"markers\": [" + markers.joined(separator: ", ") + "],\n"
            + "  \"slots\": [" + slotIDs.map(jsonString).joined(separator: ", ") + "],\n"
        if let manifest, let animationID {
            func list(_ ids: [String]) -> String { "[" + ids.map(jsonString).joined(separator: ", ") + "]" }
            out += "  \"dotLottie\": {\"version\": \(manifest.version), \"animation\": \(jsonString(animationID)), "
                + "\"animations\": \(list(manifest.animations)), \"themes\": \(list(manifest.themes)), "
                + "\"stateMachines\": \(list(manifest.stateMachines))"
                + (manifest.initialStateMachine.map { ", \"initialStateMachine\": " + jsonString($0) } ?? "") + "},\n"
        }
        return out
    }

    /// A layer's name, class, index path (none inside a mask), animatable properties,
    /// animations and mask: the mask layer's own fields, with its sublayers nested.
    private func fields(_ l: CALayer, indexPath path: [Int]?) -> [String] {
        var fields = ["\"name\": " + (l.name.map(jsonString) ?? "null"),
                      "\"class\": " + jsonString(String(describing: type(of: l)))]
        if let path { fields.append("\"indexPath\": [" + path.map(String.init).joined(separator: ", ") + "]") }
        // Properties that differ from a new layer's of the same class (the property tables
        // compare two layers of the declaring class only); all of them for another class.
        let fresh: CALayer = l is CAGradientLayer ? CAGradientLayer() : l is CAShapeLayer ? CAShapeLayer() : CALayer()
        let comparable = type(of: fresh) == type(of: l)
        for p in type(of: l).properties.animatable where !(comparable && p.hasSameValue(l, fresh)) {
            if let v = p.value(of: l) { fields.append(jsonString(p.key) + ": " + json(v)) }
        }
        let model = l.model()
        let animations = (model.animationKeys() ?? []).compactMap { k in model.animation(forKey: k).map { lottieDescribe($0, key: k) } }
        if !animations.isEmpty { fields.append("\"animations\": [" + animations.joined(separator: ", ") + "]") }
        if let mask = l.mask {
            func nested(_ m: CALayer) -> String {
                var f = self.fields(m, indexPath: nil)
                if let subs = m.sublayers, !subs.isEmpty { f.append("\"sublayers\": [" + subs.map(nested).joined(separator: ", ") + "]") }
                return "{" + f.joined(separator: ", ") + "}"
            }
            fields.append("\"mask\": " + nested(mask))
        }
        return fields
    }
}

/// A generated animation as JSON: key path, timing, key times, timing functions, values or path.
func lottieDescribe(_ a: CAAnimation, key: String) -> String {
    var f = ["\"key\": " + jsonString(key), "\"class\": " + jsonString(String(describing: type(of: a)))]
    if let p = a as? CAPropertyAnimation { f.append("\"keyPath\": " + (p.keyPath.map(jsonString) ?? "null")) }
    f.append("\"beginTime\": " + num(a.beginTime))
    f.append("\"duration\": " + num(a.duration))
    f.append("\"fillMode\": " + jsonString(a.fillMode.rawValue))
    if let k = a as? CAKeyframeAnimation {
        f.append("\"calculationMode\": " + jsonString(k.calculationMode.rawValue))
        if let kt = k.keyTimes { f.append("\"keyTimes\": [" + kt.map(num).joined(separator: ", ") + "]") }
        if let tf = k.timingFunctions {
            f.append("\"timingFunctions\": [" + tf.map { "[\(num($0.c1x)), \(num($0.c1y)), \(num($0.c2x)), \(num($0.c2y))]" }.joined(separator: ", ") + "]")
        }
        if let v = k.values { f.append("\"values\": [" + v.map(json).joined(separator: ", ") + "]") }
        if let p = k.path { f.append("\"path\": " + jsonString(p.svgString)) }
        if let r = k.rotationMode { f.append("\"rotationMode\": " + jsonString(r.rawValue)) }
    }
    return "{" + f.joined(separator: ", ") + "}"
}
