// Which edges of a layer are anti-aliased (CAEdgeAntialiasingMask), named as Core Animation
// names them in its own y-up space: "bottom" is the minY edge, which is the top edge on our
// y-down screen, as on iOS (where kCALayerBottomEdge also names the minY edge).

/// The edges of a layer for `edgeAntialiasingMask`: "For each of the four edges (left,
/// right, bottom, top) if the corresponding bit is set the edge will be antialiased."
/// (CALayer.h)
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The minX edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The maxX edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The minY edge.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The maxY edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
    /// All four edges: "By default antialiasing is enabled for all edges."
    public static let all: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}
