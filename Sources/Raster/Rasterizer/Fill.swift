// OWNER: raster-pix helper. Placeholder.
extension Canvas {
    /// Rasterizes device-space polygons with exact-area coverage under `rule`, clipped to the
    /// target and `clip`, and composites `color` × `opacity` source-over.
    public func fill(_ polygons: FlatPath, color: Color, rule: FillRule, opacity: Double = 1) {
        fatalError("fill(FlatPath): not yet implemented")
    }
}
