// Where a layer's contents go in its bounds under each contentsGravity, following CALayer.h
// ("bottom" is minimum y, "top" maximum y, in the layer's own coordinates).

extension CALayerContentsGravity {
    /// Where contents of `size` (points) go inside `bounds` under this gravity. "Note that
    /// "bottom" always means "Minimum Y" and "top" always means "Maximum Y"." (CALayer.h,
    /// contentsGravity) — in the layer's own coordinates, so on our y-down screen, as on
    /// iOS, `top` shows at the bottom edge and `bottom` at the top edge.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        let w = size.width, h = size.height, b = bounds
        switch self {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(b.midX - w * s / 2, b.midY - h * s / 2, w * s, h * s)
        case .center: return Rect(b.midX - w / 2, b.midY - h / 2, w, h)
        case .top: return Rect(b.midX - w / 2, b.maxY - h, w, h)
        case .bottom: return Rect(b.midX - w / 2, b.minY, w, h)
        case .left: return Rect(b.minX, b.midY - h / 2, w, h)
        case .right: return Rect(b.maxX - w, b.midY - h / 2, w, h)
        case .topLeft: return Rect(b.minX, b.maxY - h, w, h)
        case .topRight: return Rect(b.maxX - w, b.maxY - h, w, h)
        case .bottomLeft: return Rect(b.minX, b.minY, w, h)
        case .bottomRight: return Rect(b.maxX - w, b.minY, w, h)
        }
    }
}
