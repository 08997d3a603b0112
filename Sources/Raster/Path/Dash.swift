// OWNER: raster-geom helper. Placeholder.
extension Path {
    /// The path cut into dashes (on/off lengths in user units), starting `phase` into the pattern.
    public func dashed(pattern: [Double], phase: Double) -> Path { fatalError("dashed: not yet implemented") }
}
