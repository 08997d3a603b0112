// A bitmap revised in part: a copy of another that remembers it changes only a rectangle of
// pixels, so a display list showing the copy where the original was damages only that
// rectangle (see DamageTracker+Revision).

extension Bitmap {
    /// A copy of this bitmap to be changed only inside `rect` (pixel coordinates, cut to the
    /// bitmap): the caller draws there and nowhere else.
    public func revision(changing rect: Rect) -> Bitmap {
        let out = copy()
        out.revisionOf = self
        out.revisedRect = rect.intersection(bounds)
        return out
    }
}
