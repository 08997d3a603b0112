// A frame as data: the flat, ordered list of display items a layer tree produces for a
// device target of a given size. Producing it, comparing two of them and drawing one are the
// separate stages DisplayListBuilder, DamageTracker and DisplayListRasterizer.

/// The items of one frame (or of one nested snapshot), in drawing order, for a target of
/// `width` × `height` pixels.
public struct DisplayList {
    public var width: Int
    public var height: Int
    public var items: [DisplayItem]

    public init(width: Int, height: Int, items: [DisplayItem] = []) {
        self.width = width; self.height = height; self.items = items
    }

    /// Whether two lists draw the same pixels: same size, same items (keys and operations) in
    /// the same order.
    public func drawsSame(as other: DisplayList) -> Bool {
        guard width == other.width, height == other.height, items.count == other.items.count else { return false }
        for i in items.indices {
            let a = items[i], b = other.items[i]
            guard a.key == b.key, a.operation == b.operation, a.aliasing == b.aliasing else { return false }
        }
        return true
    }
}
