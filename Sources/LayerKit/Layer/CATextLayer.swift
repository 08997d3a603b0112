
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

/// A layer that draws a string (CATextLayer), top-aligned in its bounds.
open class CATextLayer: CALayer {
    /// The renderer every text layer uses; nil draws no text (set it once at start-up).
    nonisolated(unsafe) public static var renderer: TextRendering?

    public var string: String = ""
    public var fontSize = 36.0 { didSet { changed("fontSize", .number(oldValue)) } }
    public var foregroundColor: Color? = .white { didSet { changed("foregroundColor", .color(oldValue)) } }
    public var alignmentMode = CATextLayerAlignmentMode.natural

    public override init() { super.init() }
    public required init(layer: CALayer) {
        super.init(layer: layer)
        guard let t = layer as? CATextLayer else { return }
        string = t.string; fontSize = t.fontSize; foregroundColor = t.foregroundColor; alignmentMode = t.alignmentMode
    }

    /// The animatable properties CATextLayer adds.
    public static let textPropertyKeys = ["fontSize", "foregroundColor"]

    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "fontSize": return .number(fontSize)
        case "foregroundColor": return .color(foregroundColor)
        default: return super.value(forKeyPath: keyPath)
        }
    }
    @discardableResult
    open override func setValue(_ v: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        switch keyPath {
        case "fontSize": guard let n = v.kpNumber else { return false }; fontSize = n
        case "foregroundColor": guard case .color(let c) = v else { return false }; foregroundColor = c
        default: return super.setValue(v, forKeyPath: keyPath)
        }
        return true
    }
}
