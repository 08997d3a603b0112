// Which corners `cornerRadius` rounds (CACornerMask), named as Core Animation names them in
// its own y-up space: "min Y" is the top edge on our y-down screen, as on iOS, where
// `layerMinXMinYCorner` is the top-left corner.

/// The corners of a layer that `cornerRadius` rounds: "Defines which of the four corners
/// receives the masking when using `cornerRadius' property. Defaults to all four corners."
/// (CALayer.h, maskedCorners)
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    /// All four corners (the default).
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// The document names of the corners, in bit order.
    public static let documentNames: [(name: String, corner: CACornerMask)] = [
        ("minXMinY", .layerMinXMinYCorner), ("maxXMinY", .layerMaxXMinYCorner),
        ("minXMaxY", .layerMinXMaxYCorner), ("maxXMaxY", .layerMaxXMaxYCorner),
    ]
}

/// The curve of rounded corners (CALayerCornerCurve): "Defines the curve used for rendering
/// the rounded corners of the layer. Defaults to 'kCACornerCurveCircular'." (CALayer.h)
public enum CALayerCornerCurve: String, Sendable, CaseIterable {
    /// Quarter circles of radius `cornerRadius`.
    case circular
    /// Apple's continuous ("squircle") corners: curvature grows smoothly from the straight
    /// edge, so the rounding starts about 1.53 × cornerRadius from the corner.
    case continuous
}
