// The most a document may make the loader and the renderer allocate. Every count and size a
// document controls is checked against one of these before anything of that size exists,
// and a refusal names the limit (`width: 100000 exceeds the limit 16384`). The canvas limits
// also bound what a command makes of a valid document at a chosen `--scale`.

/// The limits the document loader and the document commands enforce.
public enum DocumentLimits {
    /// The longest side of a canvas (document size × scale) or image, in pixels: the
    /// largest bitmap input may make us allocate (`Bitmap.maximumSide`).
    public static let maximumSide = Bitmap.maximumSide
    /// The most pixels of a canvas or image: 64 M (`Bitmap.maximumPixels`).
    public static let maximumPixels = Bitmap.maximumPixels
    /// The largest document file, in bytes.
    public static let maximumFileBytes = 64 * 1024 * 1024
    /// The largest image file a document or an animation shows, in bytes (read whole before
    /// decoding, so its chunks can be checked first).
    public static let maximumImageFileBytes = 64 * 1024 * 1024
    /// The most layers in one document, the root not counted.
    public static let maximumLayers = 100_000
    /// The most animations in one document.
    public static let maximumAnimations = 100_000
    /// The most keyframe values (or key times, or timing functions) of one animation.
    public static let maximumKeyframes = 10_000
    /// The most commands in one SVG path.
    public static let maximumPathCommands = 100_000
    /// The most entries of a dash pattern.
    public static let maximumDashEntries = 1_024
    /// The longest string (names, text, paths, key paths), in UTF-8 bytes.
    public static let maximumStringBytes = 1_048_576
    /// The most colours (or locations) of one gradient.
    public static let maximumGradientStops = 1_024
    /// The most filters in one `filters` or `backgroundFilters` list.
    public static let maximumFilters = 64
    /// The largest `inputRadius` of a blur, in points (a blur's cost grows with its radius;
    /// on a surface its standard deviation is further held to `PixelFilter.maximumSigma` pixels).
    public static let maximumFilterRadius = 1_000.0
    /// The most pixels one frame may draw: its display list's `drawnPixels` (each item's
    /// pixels within the canvas, each offscreen group's bitmap), after what opaque rectangles
    /// hide is left out. Rasterizing costs in proportion to it; a frame past it is refused
    /// before any pixel is drawn (`LayerRenderer.drawnPixelLimit`). 1 G pixels is 1,000
    /// layers covering a 1000 × 1000 canvas, or 60 covering a 5100 × 3300 one.
    public static let maximumDrawnPixels = 1_000_000_000.0

    /// The pixel size of a `width` × `height` point canvas at `scale`, or why it is refused
    /// (non-finite, not positive, a side above `maximumSide` or more than `maximumPixels`).
    /// Never traps: sizes are checked as doubles before any conversion to `Int`.
    public static func canvasPixels(width: Double, height: Double, scale: Double) -> Result<(width: Int, height: Int), CanvasSizeError> {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        let scaled = scale == 1 ? "" : " × scale \(DocumentText.number(scale))"
        for (name, points, pixels) in [("width", width, w), ("height", height, h)] {
            guard pixels.isFinite, pixels <= Double(maximumSide) else {
                return .failure(CanvasSizeError(field: name, message: "\(DocumentText.number(points))\(scaled) exceeds the limit \(maximumSide) pixels"))
            }
        }
        let wi = max(1, Int(w)), hi = max(1, Int(h))
        guard wi * hi <= maximumPixels else {
            return .failure(CanvasSizeError(field: "width", message: "\(wi) × \(hi) pixels exceeds the limit \(maximumPixels) pixels"))
        }
        return .success((wi, hi))
    }
}

/// A canvas refused by `DocumentLimits.canvasPixels`: the field and the problem.
public struct CanvasSizeError: Error, CustomStringConvertible, Sendable {
    /// `width` or `height`.
    public var field: String
    /// What is wrong, with the limit.
    public var message: String
    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
