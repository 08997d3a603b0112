// OWNER: raster-geom helper. Placeholder.
/// Turns a path into the outline of its stroke (caps, joins, miter limit) in device pixels.
public enum Stroker {
    public static func outline(_ path: Path, style: StrokeStyle, transform: AffineTransform,
                               tolerance: Double, into out: inout FlatPath) {
        fatalError("Stroker.outline: not yet implemented")
    }
}
