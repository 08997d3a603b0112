// A Lottie file imported as a Core Animation layer tree: `root` is a layer of the
// animation's size holding the generated layers with their animations, on Core Animation
// time t = (frame − ip) / fr seconds. The caller adds nothing: the animations are on the
// layers when `load` returns, with beginTime 0 for those that start at the in point (Core
// Animation resolves it to the commit time, so the importer runs with the clock at the
// instant the animation is to begin).
import Foundation
import LayerKit
import Raster

public final class LottieScene {
    /// The decoded file (internal: an app reads the scene's own members).
    internal(set) var model: LottieAnimationModel
    /// The animation's canvas in points.
    public var width: Double { model.width }
    public var height: Double { model.height }
    /// Frames a second (`fr`), and the in and out points (`ip`, `op`) in the file's frames.
    public var frameRate: Double { model.frameRate }
    public var inPoint: Double { model.inPoint }
    public var outPoint: Double { model.outPoint }
    /// The file's markers (`markers`: `cm`, `tm`, `dr`), in its order.
    public var markers: [LottieMarker] { model.markers }
    /// The generated tree (bounds 0, 0, width, height).
    public let root: CALayer
    /// Unsupported features met, one line each.
    public internal(set) var warnings: [String]
    /// The number of layers generated.
    public let layerCount: Int
    /// Whose reading of the file the tree follows (After Effects' unless asked otherwise).
    public let reading: LottieReading
    /// A `.lottie` archive's manifest and the id of the animation imported from it (nil for
    /// a Lottie JSON file).
    public internal(set) var manifest: DotLottieManifest?
    public internal(set) var animationID: String?
    /// The ids of the animation's slots (lottie-spec `slots`), in the file's order.
    public internal(set) var slotIDs: [String] = []
    /// The animation's slot values (slot id → its property `{a, k}`, the theme's when themed).
    public internal(set) var slotValues: [String: JSONValue] = [:]
    /// What `applySlots(_:)` rebuilds the tree from (nil: the slots cannot change).
    var slotSource: LottieSlotSource?
    /// The layers the import made (the root's sublayers it built, in order).
    public internal(set) var builtLayers: [CALayer] = []
    /// The frozen copies a ghost drag shows, by the name of the layer copied (`showGhosts`).
    var ghostLayers: [String: CALayer] = [:]

    /// Seconds from the in point to the out point.
    public var duration: Double { (model.outPoint - model.inPoint) / model.frameRate }
    /// Core Animation time of `progress` (0…1 from ip to op), lottie-ios's frameTime(forProgress:).
    public func time(forProgress progress: Double) -> Double { time(forFrame: model.inPoint + (model.outPoint - model.inPoint) * progress) }
    /// Core Animation time of frame `frame`.
    public func time(forFrame frame: Double) -> Double { (frame - model.inPoint) / model.frameRate }

    /// `foldsLayers`: whether the pass-through wrappers are folded away (LottieLayerFolding.swift);
    /// false only to compare with the tree as built.
    init(model: LottieAnimationModel, baseDirectory: String, images: ImageLoading?, reading: LottieReading,
         foldsLayers: Bool = true) throws(DocumentError) {
        self.model = model
        self.reading = reading
        let w = LottieWarnings()
        let builder = LottieCompositionBuilder(model: model, warnings: w,
                                               images: LottieImageSource(baseDirectory: baseDirectory, loader: images))
        let timeline = LottieTimeline(rootIn: model.inPoint, rootOut: model.outPoint, frameRate: model.frameRate, reading: reading)
        // The tree is built as it is meant to be seen: no implicit animation from one
        // property value to the next while the importer sets them.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.name = model.name.isEmpty ? "Lottie" : model.name
        root.anchorPoint = Point(0, 0)
        root.bounds = Rect(0, 0, model.width, model.height)
        root.position = Point(0, 0)
        let built = try builder.build(model.layers, timeline: timeline, depth: 0, size: Size(model.width, model.height))
        for l in built { root.addSublayer(l) }
        // Fewer layers to copy and walk every frame, drawn alike (LottieLayerFolding.swift).
        let folded = foldsLayers ? LottieLayerFolding.fold(root) : 0
        builtLayers = root.sublayers ?? []
        if timeline.samples.exceeded { throw timeline.samples.refusal }
        let depth = Self.treeDepth(root)
        guard depth <= LottieLimits.maximumTreeDepth else {
            throw DocumentError("", "the generated layer tree is more than \(LottieLimits.maximumTreeDepth) layers deep, masks and mattes included (the limit maximumTreeDepth)")
        }
        self.root = root
        warnings = w.lines
        layerCount = builder.counter.count - folded
    }

    /// The depth of the deepest layer under `root` (1 for `root` alone), a mask counting as a
    /// level below its layer: walked with an explicit stack, as deep a tree as the input makes.
    static func treeDepth(_ root: CALayer) -> Int {
        var deepest = 0
        var stack: [(CALayer, Int)] = [(root, 1)]
        while let (l, d) = stack.popLast() {
            deepest = max(deepest, d)
            // Past the limit the answer is known: the rest need not be walked.
            if deepest > LottieLimits.maximumTreeDepth { break }
            if let m = l.mask { stack.append((m, d + 1)) }
            for s in l.sublayers ?? [] { stack.append((s, d + 1)) }
        }
        return deepest
    }

    /// Whether `bytes` hold a Lottie file (JSON with `layers`, `fr`, `ip`, `op` at the top) or a
    /// ZIP archive (a `.lottie` file).
    public static func isLottie(_ bytes: [UInt8]) -> Bool {
        // An archive is read as one, so that a damaged one is refused by what is wrong with it.
        if LottieArchive.isArchive(bytes) { return true }
        // The top-level member names only (a full parse here doubled the import time of a
        // large file, which is parsed again to be imported).
        guard let keys = JSONReader.topLevelKeys(bytes) else { return false }
        return ["layers", "fr", "op", "ip"].allSatisfy(keys.contains)
    }

    /// Imports Lottie JSON or a `.lottie` archive in `reading` (After Effects' by default, `.iOS`
    /// for lottie-ios's Core Animation engine); every problem is a `DocumentError` naming the place.
    /// `animation` picks an archive's animation by id (default: the manifest's initial or first),
    /// `theme` applies one of its themes through the animation's slots (`LottieSlots`); asking
    /// for either in a Lottie JSON file is refused. Slots (`sid`) are always resolved.
    /// `dynamicProperties` are lottie-ios's value and text providers (`LottieKeypathTree`),
    /// applied after the theme and the expressions, so a provider wins; a provider that names
    /// nothing is a warning. `expressions`: After Effects expressions are evaluated at import
    /// (`LottieExpressions`); false leaves every property its keyframes.
    public static func parse(_ bytes: [UInt8], baseDirectory: String = ".", images: ImageLoading? = nil,
                             reading: LottieReading = .afterEffects, animation: String? = nil,
                             theme: String? = nil, expressions: Bool = true,
                             dynamicProperties: LottieDynamicProperties = LottieDynamicProperties()) throws(DocumentError) -> LottieScene {
        var (resolved, archived, warnings, unresolved) = try resolvedJSON(bytes, animation: animation, theme: theme)
        let source = LottieSlotSource(json: unresolved,
                                      baseDirectory: baseDirectory, images: images, reading: reading, expressions: expressions,
                                      dynamicProperties: dynamicProperties)
        if expressions { resolved = LottieExpressions.evaluate(resolved, warnings: &warnings) }
        if !dynamicProperties.isEmpty {
            let tree = LottieKeypathTree(dynamicProperties, reading: reading)
            resolved = try tree.apply(resolved)
            warnings += tree.unmatchedWarnings + tree.warnings
        }
        let scene = try LottieScene(model: try LottieAnimationModel.decode(resolved), baseDirectory: baseDirectory, images: images, reading: reading)
        scene.manifest = archived?.manifest
        scene.animationID = archived?.id
        scene.warnings = warnings + scene.warnings
        if case .object(let slots)? = archived?.json["slots"] ?? resolved["slots"] { scene.slotIDs = slots.map(\.0) }
        if case .object(let slots)? = resolved["slots"] {
            for (id, slot) in slots { if let p = slot["p"] { scene.slotValues[id] = p } }
        }
        if !scene.slotValues.isEmpty { scene.slotSource = source }
        return scene
    }

    /// Every key path of the animation `bytes` hold (lottie-ios's `logHierarchyKeypaths()`), in
    /// the file's order: each layer, `Transform` and shape item, and each property a value
    /// provider can name (`LottieKeypathTree`). `animation` and `theme` as for `parse`.
    public static func hierarchyKeypaths(_ bytes: [UInt8], animation: String? = nil, theme: String? = nil) throws(DocumentError) -> [String] {
        let (json, _, _, _) = try resolvedJSON(bytes, animation: animation, theme: theme)
        let tree = LottieKeypathTree(LottieDynamicProperties(), listing: true)
        _ = try tree.apply(json)
        return tree.listed ?? []
    }

    /// The animation's JSON with its slots resolved (and the theme's rules applied), the archive
    /// it came from (with its unresolved JSON, for its slot ids), the theme's warnings, and the
    /// JSON before its slots were resolved (nil when a theme resolved them in the archive).
    static func resolvedJSON(_ bytes: [UInt8], animation: String?, theme: String?) throws(DocumentError)
        -> (JSONValue, (manifest: DotLottieManifest, id: String, json: JSONValue)?, [String], JSONValue?) {
        guard bytes.count <= LottieLimits.maximumFileBytes else {
            throw DocumentError("", "file of \(bytes.count) bytes exceeds the limit \(LottieLimits.maximumFileBytes) bytes")
        }
        let json: JSONValue
        var archived: (manifest: DotLottieManifest, id: String, json: JSONValue)?
        var themeWarnings: [String] = []
        if LottieArchive.isArchive(bytes) {
            let read = try LottieArchive.animation(bytes, requested: animation, theme: theme)
            json = read.json
            archived = (read.manifest, read.id, read.json)
            themeWarnings = read.warnings
        } else {
            if let asked = animation.map({ "animation \"\($0)\"" }) ?? theme.map({ "theme \"\($0)\"" }) {
                throw DocumentError("", "\(asked) asked for, but the file is one Lottie animation, not a .lottie archive")
            }
            do { json = try JSONReader.parse(bytes) } catch { throw DocumentError("", error.description) }
        }
        // A themed archive's animation has had its slots resolved already.
        let resolved = theme == nil ? try LottieSlots.resolve(json, warnings: &themeWarnings) : json
        return (resolved, archived, themeWarnings, theme == nil ? json : nil)
    }

    /// Imports the Lottie file at `path` in `reading`.
    public static func load(path: String, images: ImageLoading? = nil, reading: LottieReading = .afterEffects,
                            animation: String? = nil, theme: String? = nil, expressions: Bool = true,
                            dynamicProperties: LottieDynamicProperties = LottieDynamicProperties()) throws(DocumentError) -> LottieScene {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > LottieLimits.maximumFileBytes {
            throw DocumentError("", "file of \(size.intValue) bytes exceeds the limit \(LottieLimits.maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw DocumentError("", "cannot read the file") }
        return try parse(Array(data), baseDirectory: (path as NSString).deletingLastPathComponent, images: images, reading: reading, animation: animation, theme: theme,
                         expressions: expressions, dynamicProperties: dynamicProperties)
    }

    /// A `width`×`height` point layer showing the animation aspect-fit (centred, scaled
    /// uniformly to fit), for drawing at a size of the caller's choice.
    public func fitted(width: Double, height: Double) -> CALayer {
        let frame = CALayer()
        frame.anchorPoint = Point(0, 0)
        frame.bounds = Rect(0, 0, width, height)
        frame.position = Point(0, 0)
        let s = min(width / model.width, height / model.height)
        let holder = CALayer()
        holder.anchorPoint = Point(0, 0)
        holder.bounds = Rect(0, 0, 0, 0)
        holder.position = Point((width - model.width * s) / 2, (height - model.height * s) / 2)
        holder.transform = .scale(s, s)
        holder.addSublayer(root)
        frame.addSublayer(holder)
        return frame
    }
}
