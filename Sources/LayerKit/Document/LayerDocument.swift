// The animation document entry point: LayerDocument loads a JSON file or text into a layer
// tree, with the image-loading hook and the one-line DocumentError it refuses with.

import Foundation

/// Loads PNG (or other) images for `contents`. LayerKit knows nothing of SDL; Media
/// provides the implementation (`SDLImageLoader`).
public protocol ImageLoading: AnyObject {
    /// The image at `path` as a premultiplied bitmap; throws with a short reason.
    func loadImage(atPath path: String) throws -> Bitmap
}

/// A document refused: `path` names the place in the JSON (`layers[2].animations[0].keyPath`),
/// `message` the problem. `description` is the one-line message the commands print.
public struct DocumentError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }
    /// Always one line of at most `DocumentText.messageLength` characters: whatever a
    /// message quotes is escaped again here, so no input can break or flood the line.
    public var description: String {
        DocumentText.escaped(path.isEmpty ? message : "\(path): \(message)", limit: DocumentText.messageLength)
    }
}

/// An animation document (docs/document-format.md) loaded into a layer tree.
public final class LayerDocument {
    /// The root layer's size in points.
    public let width: Double, height: Double
    /// The colour under everything (transparent black by default).
    public let background: Color
    /// The root layer: bounds (0, 0, width, height), its sublayers the document's `layers`.
    public let root: CALayer
    /// Layers by `name`.
    public let layersByName: [String: CALayer]
    /// Each animation object as written, with the layer it belongs to and its JSON path, in
    /// document order (kept so the animations can be inspected or rebuilt).
    public let animationSources: [(layer: CALayer, json: JSONValue, path: String)]
    /// The same animations checked and parsed (values typed for their key paths).
    public let animationSpecs: [(layer: CALayer, spec: AnimationSpec, path: String)]
    /// Whether `DocumentPlayback` has added the animations to the layers.
    public internal(set) var animationsAttached = false
    /// Where the document was read from (relative image paths resolve against its folder).
    public let url: URL?

    init(width: Double, height: Double, background: Color, root: CALayer, layersByName: [String: CALayer],
         animationSources: [(layer: CALayer, json: JSONValue, path: String)],
         animationSpecs: [(layer: CALayer, spec: AnimationSpec, path: String)], url: URL?) {
        self.animationSpecs = animationSpecs
        self.width = width; self.height = height; self.background = background; self.root = root
        self.layersByName = layersByName; self.animationSources = animationSources; self.url = url
    }

    /// Reads and validates the document at `path`; every problem is a `DocumentError`.
    public static func load(path: String, images: ImageLoading? = nil) throws(DocumentError) -> LayerDocument {
        let url = URL(fileURLWithPath: path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > DocumentLimits.maximumFileBytes {
            throw DocumentError("", "document: \(size.intValue) bytes exceeds the limit \(DocumentLimits.maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError("", "cannot read \(DocumentText.quoted(path))")
        }
        return try parse(Array(data), baseDirectory: url.deletingLastPathComponent().path, images: images, url: url)
    }

    /// Parses and validates document text. `baseDirectory` resolves relative image paths.
    public static func parse(_ bytes: [UInt8], baseDirectory: String = ".", images: ImageLoading? = nil,
                             url: URL? = nil) throws(DocumentError) -> LayerDocument {
        let json: JSONValue
        do { json = try JSONReader.parse(bytes) } catch { throw DocumentError("", error.description) }
        var b = DocumentBuilder(baseDirectory: baseDirectory, images: images)
        return try b.build(json, url: url)
    }
    public static func parse(_ text: String, baseDirectory: String = ".", images: ImageLoading? = nil) throws(DocumentError) -> LayerDocument {
        try parse(Array(text.utf8), baseDirectory: baseDirectory, images: images)
    }

    /// Every layer below the root in document (depth-first) order, with its index path
    /// (`[2, 0]` is `layers[2].sublayers[0]`).
    public var allLayers: [(layer: CALayer, indexPath: [Int])] {
        var out: [(CALayer, [Int])] = []
        func walk(_ l: CALayer, _ p: [Int]) {
            for (i, s) in (l.sublayers ?? []).enumerated() { out.append((s, p + [i])); walk(s, p + [i]) }
        }
        walk(root, [])
        return out
    }
}
