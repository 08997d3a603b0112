// CATextLayer: a layer that draws a string, its truncation and alignment modes, and the
// TextRendering protocol through which the font machinery is injected.

/// Turns a string into pixels. LayerKit knows nothing of SDL, so the font machinery is
/// injected: Media provides an SDL2_ttf implementation (`TTFTextRenderer`). Line breaking,
/// truncation and alignment are LayerKit's (`CATextLayer+Layout.swift`), built on the
/// measuring and one-line drawing below.
public protocol TextRendering: AnyObject {
    /// The string drawn in `color` at `fontSize` pixels, tightly sized (one line per "\n");
    /// nil when it cannot be drawn.
    func render(_ string: String, fontSize: Double, color: Color) -> Bitmap?
    /// The advance width in pixels of one line set in the font family `font` (nil: the
    /// default font) at `fontSize` pixels.
    func width(of line: String, font: String?, fontSize: Double) -> Double
    /// The distance in pixels from one line's top to the next's in that font and size.
    func lineHeight(font: String?, fontSize: Double) -> Double
    /// One line drawn in `color`, `width(of:)` wide and `lineHeight` tall; nil when empty or
    /// it cannot be drawn.
    func renderLine(_ line: String, font: String?, fontSize: Double, color: Color) -> Bitmap?
    /// The distance in pixels from a line's top to its baseline in that font and size (the
    /// font's ascent): where `render` and `renderLine` put the first line's baseline.
    func ascent(font: String?, fontSize: Double) -> Double
}

extension TextRendering {
    /// Through `render` (the default font only): the rendered line's width.
    public func width(of line: String, font: String?, fontSize: Double) -> Double {
        line.isEmpty ? 0 : Double(render(line, fontSize: fontSize, color: .white)?.width ?? 0)
    }
    /// Through `render` (the default font only): the height of a rendered line.
    public func lineHeight(font: String?, fontSize: Double) -> Double {
        Double(render("Ag", fontSize: fontSize, color: .white)?.height ?? 0)
    }
    /// Without font metrics: four fifths of the line height (the ratio of DejaVu Sans, whose
    /// ascent is 0.928 em of a 1.164 em line).
    public func ascent(font: String?, fontSize: Double) -> Double {
        lineHeight(font: font, fontSize: fontSize) * 0.8
    }
    /// Through `render` (the default font only).
    public func renderLine(_ line: String, font: String?, fontSize: Double, color: Color) -> Bitmap? {
        line.isEmpty ? nil : render(line, fontSize: fontSize, color: color)
    }
}

/// How a string too long for the bounds is shortened (kCATruncation…): an ellipsis
/// replaces its start, middle or end, or (`none`) it is cut off at the bounds.
public enum CATextLayerTruncationMode: String, Sendable, CaseIterable {
    case none, start, middle, end
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
    /// What the display list builders drew for this (model) layer last: its rendered text
    /// and that image at its subpixel phase (CATextLayer+Display.swift). A cache of pure
    /// functions of its spec, so any builder may use and replace it; never copied.
    @exclusivity(unchecked) var textDisplayEntry: TextDisplayEntry?

    // The properties below skip the runtime's exclusivity check, as CAShapeLayer's do: they
    // are read for every text layer of every frame's display list (a runtime call per read,
    // ten a layer) and only ever assigned whole.
    @exclusivity(unchecked) public var string: String = CATextLayer.string.defaultValue { didSet { modelDidChange() } }
    @exclusivity(unchecked) public var fontSize: Double = CATextLayer.fontSize.defaultValue {
        didSet { changed(CATextLayer.fontSize, oldValue) }
    }
    @exclusivity(unchecked) public var foregroundColor: Color? = CATextLayer.foregroundColor.defaultValue {
        didSet { changed(CATextLayer.foregroundColor, oldValue) }
    }
    @exclusivity(unchecked) public var alignmentMode: CATextLayerAlignmentMode = CATextLayer.alignmentMode.defaultValue { didSet { modelDidChange() } }
    /// The font family the text is set in (CATextLayer.font as a font name); nil: the
    /// renderer's default (Core Animation's is Helvetica).
    @exclusivity(unchecked) public var font: String? = CATextLayer.font.defaultValue { didSet { modelDidChange() } }
    /// "Determines whether the text is wrapped to fit within the receiver's bounds.
    /// Defaults to false."
    @exclusivity(unchecked) public var isWrapped: Bool = CATextLayer.isWrapped.defaultValue { didSet { modelDidChange() } }
    /// "Determines how the string is truncated to fit within the receiver's bounds.
    /// Defaults to none."
    @exclusivity(unchecked) public var truncationMode: CATextLayerTruncationMode = CATextLayer.truncationMode.defaultValue { didSet { modelDidChange() } }

    open override class var properties: LayerPropertyTable { CATextLayer.textProperties }
}
