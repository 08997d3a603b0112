// OWNER: raster-geom helper. Placeholder until adaptive flattening lands.
extension Path {
    /// Appends the path's subpaths, mapped by `transform`, as closed polygons in device
    /// pixels, with curves flattened so no point of the curve is farther than `tolerance`.
    public func flatten(transform: AffineTransform, tolerance: Double, into out: inout FlatPath) {
        fatalError("flatten: not yet implemented")
    }
}
