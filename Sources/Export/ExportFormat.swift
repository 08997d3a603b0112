// The formats `layerplay export` writes, told by the output's extension, and the settings
// every encoder is given.

/// An output format of `layerplay export`.
public enum ExportFormat: String, Sendable, CaseIterable {
    case gif, webp, apng, mp4, webm
    /// A folder of PNGs (`OUT` without an extension, or ending in `/`).
    case pngFolder = "png folder"

    /// The format of `path` by its extension (case-insensitive), nil for an unknown one.
    public init?(path: String) {
        if path.hasSuffix("/") { self = .pngFolder; return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .pngFolder; return }
        switch name[name.index(after: dot)...].lowercased() {
        case "gif": self = .gif
        case "webp": self = .webp
        case "apng", "png": self = .apng
        case "mp4", "m4v": self = .mp4
        case "webm": self = .webm
        default: return nil
        }
    }

    /// Whether the format keeps transparency (videos are opaque: H.264 and VP9 in yuv420p).
    public var keepsTransparency: Bool { self != .mp4 && self != .webm }
}

/// What an encoder is told before the first frame.
public struct ExportSettings: Sendable {
    /// Frame size in pixels.
    public var width: Int, height: Int
    /// Frames a second.
    public var frameRate: Double
    /// The number of frames that will be given.
    public var frameCount: Int
    /// How many times the animation plays: 0 forever.
    public var loopCount: Int
    /// 1…100: lossy formats' quality (higher is better and larger).
    public var quality: Int
    /// Whether frames may hold transparent pixels (else every pixel is opaque).
    public var transparent: Bool

    public init(width: Int, height: Int, frameRate: Double, frameCount: Int, loopCount: Int = 0, quality: Int = 90, transparent: Bool) {
        self.width = width; self.height = height; self.frameRate = frameRate; self.frameCount = frameCount
        self.loopCount = loopCount; self.quality = quality; self.transparent = transparent
    }

    /// When frame `index` starts, in units of 1/`denominator` s, rounded: frame delays are
    /// differences of these, so that they add up to the animation's length without drift.
    public func start(ofFrame index: Int, denominator: Double) -> Int {
        Int((Double(index) * denominator / frameRate).rounded())
    }
}

/// One line saying why an export failed.
public struct ExportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
