/// A value a key path reads or writes, and that animations interpolate: Core Animation's
/// boxed `id` values (NSNumber, NSValue of CGPoint/CGSize/CGRect/CATransform3D, CGColor, CGPath).
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// nil is "no colour" (a nil CGColor).
    case color(Color?)
    case transform(CATransform3D)
    /// nil is "no path".
    case path(Path?)
    case bool(Bool)
    /// Layer contents (an image); opaque to interpolation (switches discretely).
    case image(ImageRef?)
}

/// A reference to a bitmap used as layer contents; compared by identity.
public struct ImageRef: Hashable, @unchecked Sendable {
    public let bitmap: Bitmap
    public init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    public static func == (a: ImageRef, b: ImageRef) -> Bool { a.bitmap === b.bitmap }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(bitmap)) }
}
