// Damage of an image item whose bitmap was revised in part: when the new list draws, where
// the old one drew a bitmap, a revision of that very bitmap (same transform, opacity, edges and
// bounds), only the revised pixels can differ — their rectangle grown by a source pixel (the
// bilinear filter reads neighbours), mapped to the device, grown by a device pixel (coverage
// of the edges) and cut to the item's bounds.

extension DamageTracker {
    /// The device rectangle an image item's partial revision damages; nil when `new` is not a
    /// partial revision of `old` drawn alike.
    static func revisedImageDamage(_ old: DisplayItem, _ new: DisplayItem) -> Rect? {
        guard old.bounds == new.bounds, old.aliasing == new.aliasing, case let .image(a, t1, o1) = old.operation,
              case let .image(b, t2, o2) = new.operation, t1 == t2, o1 == o2,
              b.revisionOf === a, b.width == a.width, b.height == a.height else { return nil }
        guard !b.revisedRect.isNull else { return .null }
        return b.revisedRect.insetBy(dx: -1, dy: -1).applying(t1).insetBy(dx: -1, dy: -1).intersection(new.bounds)
    }
}
