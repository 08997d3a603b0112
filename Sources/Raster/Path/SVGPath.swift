// OWNER: raster-geom helper. Placeholder.
/// A malformed SVG path string: `offset` is the character index where parsing failed.
public struct SVGPathError: Error, CustomStringConvertible, Sendable {
    public var offset: Int
    public var message: String
    public init(offset: Int, message: String) { self.offset = offset; self.message = message }
    public var description: String { "at offset \(offset): \(message)" }
}
extension Path {
    /// Parses SVG path data (the whole grammar of SVG 1.1 §8.3).
    public init(svg: String) throws { throw SVGPathError(offset: 0, message: "SVG parsing not yet implemented") }
}
