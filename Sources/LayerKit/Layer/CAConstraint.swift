// CAConstraint: "A representation of a single layout constraint between two layers. Each
// CAConstraint instance encapsulates one geometry relationship between two layers on the same
// axis. Sibling layers are referenced by name, using the name property of each layer. The
// special name superlayer is used to refer to the layer's superlayer." Its value "is
// calculated as (srcAttr * scale) + offset". Applied by CAConstraintLayoutManager.swift.

/// The geometric attributes a constraint sets or reads (CAConstraintAttribute), in Core
/// Animation's order: minX, midX, maxX, width, minY, midY, maxY, height.
public enum CAConstraintAttribute: Int, Sendable, CaseIterable {
    case minX, midX, maxX, width, minY, midY, maxY, height

    /// The name documents use (`"minX"` … `"height"`).
    public var name: String {
        switch self {
        case .minX: "minX"
        case .midX: "midX"
        case .maxX: "maxX"
        case .width: "width"
        case .minY: "minY"
        case .midY: "midY"
        case .maxY: "maxY"
        case .height: "height"
        }
    }

    /// The attribute named `name`, nil when none is.
    public init?(name: String) {
        guard let a = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = a
    }

    /// Whether the attribute is on the horizontal axis.
    public var isHorizontal: Bool { rawValue < 4 }

    /// The attribute's value for `r`.
    public func value(of r: Rect) -> Double {
        switch self {
        case .minX: r.minX
        case .midX: r.midX
        case .maxX: r.maxX
        case .width: r.width
        case .minY: r.minY
        case .midY: r.midY
        case .maxY: r.maxY
        case .height: r.height
        }
    }
}

/// One constraint: `attribute` of the constrained layer equals `sourceAttribute` of the layer
/// named `sourceName` (a sibling, or `"superlayer"`) times `scale` plus `offset`.
public final class CAConstraint: Sendable {
    /// "The attribute the constraint affects."
    public let attribute: CAConstraintAttribute
    /// "Name of the layer that the constraint is calculated relative to."
    public let sourceName: String
    /// "The constraint attribute of the layer the receiver is calculated relative to."
    public let sourceAttribute: CAConstraintAttribute
    /// "Scale factor of the constraint attribute."
    public let scale: Double
    /// "Offset value of the constraint attribute."
    public let offset: Double

    /// The name that refers to the constrained layer's superlayer.
    public static let superlayerName = "superlayer"

    /// "Returns an CAConstraint object with the specified parameters. Designated initializer."
    public init(attribute: CAConstraintAttribute, relativeTo sourceName: String, attribute sourceAttribute: CAConstraintAttribute,
                scale: Double = 1, offset: Double = 0) {
        self.attribute = attribute; self.sourceName = sourceName; self.sourceAttribute = sourceAttribute
        self.scale = scale; self.offset = offset
    }

    /// The constrained value, given the source's rectangle (`(srcAttr * scale) + offset`).
    public func value(source: Rect) -> Double { sourceAttribute.value(of: source) * scale + offset }
}
