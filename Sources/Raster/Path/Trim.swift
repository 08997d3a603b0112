// OWNER: raster-geom helper. Placeholder.
extension Path {
    /// The part of the path between two fractions of its total arc length (strokeStart/strokeEnd).
    public func trimmed(from start: Double, to end: Double) -> Path { fatalError("trimmed: not yet implemented") }
}
