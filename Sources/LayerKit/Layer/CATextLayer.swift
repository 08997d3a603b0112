
/// Turns a string into pixels. LayerKit knows nothing of SDL, so the font machinery is
/// injected: Media provides an SDL2_ttf implementation (`TTFTextRenderer`).
public protocol TextRendering: AnyObject {
    /// The string drawn in `color` at `fontSize` pixels, tightly sized (one line per "\n");
    /// nil when it cannot be drawn.
    func render(_ string: String, fontSize: Double, color: Color) -> Bitmap?
}

/// Horizontal alignment of a text layer's lines (kCAAlignment…).
public enum CATextLayerAlignmentMode: String, Sendable, CaseIterable {
    case natural, left, right, center
}

/// A layer that draws a string (CATextLayer), top-aligned in its bounds. Its properties are
/// declared in `CATextLayer+Properties.swift`.
open class CATextLayer: CALayer {
    /// The renderer every text layer uses; nil draws no text (set it once at start-up).
    nonisolated(unsafe) public static var renderer: TextRendering?

    public var string: String = CATextLayer.string.defaultValue
    public var fontSize: Double = CATextLayer.fontSize.defaultValue {
        didSet { changed(CATextLayer.fontSize, oldValue) }
    }
    public var foregroundColor: Color? = CATextLayer.foregroundColor.defaultValue {
        didSet { changed(CATextLayer.foregroundColor, oldValue) }
    }
    public var alignmentMode: CATextLayerAlignmentMode = CATextLayer.alignmentMode.defaultValue

    open override class var properties: LayerPropertyTable { CATextLayer.textProperties }
}
