// CATextLayer's property declarations (see LayerProperty): the string and how it is set —
// font, size, colour, alignment, wrapping and truncation, with Core Animation's defaults.

extension CATextLayer {
    public static let string: LayerProperty<CATextLayer, String> = .init(
        "string", get: { $0.string }, set: { $0.string = $1 },
        default: "", animatable: false, affects: .geometry, document: .string)
    public static let fontSize: LayerProperty<CATextLayer, Double> = .init(
        "fontSize", get: { $0.fontSize }, set: { $0.fontSize = $1 },
        default: 36.0, animatable: true, affects: .geometry, document: .positive)
    public static let foregroundColor: LayerProperty<CATextLayer, Color?> = .init(
        "foregroundColor", get: { $0.foregroundColor }, set: { $0.foregroundColor = $1 },
        default: .white, animatable: true, affects: .pixels, document: .color)
    public static let alignmentMode: LayerProperty<CATextLayer, CATextLayerAlignmentMode> = .init(
        "alignmentMode", get: { $0.alignmentMode }, set: { $0.alignmentMode = $1 },
        default: .natural, animatable: false, affects: .geometry, document: .enumeration)

    public static let font: LayerProperty<CATextLayer, String?> = .init(
        "font", get: { $0.font }, set: { $0.font = $1 },
        default: nil, animatable: false, affects: .geometry, document: .fontName)
    public static let isWrapped: LayerProperty<CATextLayer, Bool> = .init(
        "wrapped", get: { $0.isWrapped }, set: { $0.isWrapped = $1 },
        default: false, animatable: false, affects: .geometry, document: .bool)
    public static let truncationMode: LayerProperty<CATextLayer, CATextLayerTruncationMode> = .init(
        "truncationMode", get: { $0.truncationMode }, set: { $0.truncationMode = $1 },
        default: .none, animatable: false, affects: .geometry, document: .enumeration)

    /// CALayer's properties, then these.
    public static let textProperties = LayerPropertyTable(CATextLayer.self, superclass: CALayer.layerProperties, declared: [
        string.erased, fontSize.erased, foregroundColor.erased, alignmentMode.erased,
        font.erased, isWrapped.erased, truncationMode.erased,
    ])
}

extension CATextLayer {
    /// The animatable properties CATextLayer adds.
    public static var textPropertyKeys: [String] { textProperties.declared.filter(\.isAnimatable).map(\.key) }
}
