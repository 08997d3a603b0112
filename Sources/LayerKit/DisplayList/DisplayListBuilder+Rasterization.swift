// shouldRasterize: "When the value of this property is true, the layer is rendered as a bitmap
// in its local coordinate space and then composited to the destination with any other
// content. Shadow effects and any filters in the filters property are rasterized and included
// in the bitmap. However, the current opacity of the layer is not rasterized. If the
// rasterized bitmap requires scaling during compositing, the filters in the
// minificationFilter and magnificationFilter properties are applied as needed."
// (CALayer.shouldRasterize)
//
// How: the layer's body (everything appendBody draws: shadow, background, contents, filters,
// sublayers, mask, border) is built at opacity 1 into a display list of its own, in the
// bitmap's pixels: the layer's plane scaled by rasterizationScale × the device scale. That
// list is compared with the one the cached bitmap was drawn from (items by key, operation,
// bounds and aliasing; images by identity, as the damage tracker compares): equal, the bitmap
// is reused (a hit); different, it is drawn again (a miss). The frame's list then holds one
// image of the bitmap, at the layer's opacity, through the layer's contents filters; a
// subtree that does not change is one unchanged image to the damage tracker, so the frame
// draws nothing of it — and a rasterized layer that only moves costs one image draw.
//
// Where the layer lands on the surface at exactly the bitmap's scale with no rotation (the
// common case at rasterizationScale 1), the bitmap's pixels are the surface's: the fraction of
// the layer's place is drawn into the bitmap and the composite is a copy by whole pixels, so
// the subtree looks exactly as drawn directly (over a transparent target pixel for pixel:
// source-over of a bitmap onto clear pixels is the bitmap; over opaque pixels within one step
// of rounding). The fraction is part of what the bitmap depends on: a layer that moves by
// whole pixels reuses it, one that moves by fractions is drawn again — a choice: Core Animation
// resamples its bitmap off the pixel grid (rasterized layers look soft there), we keep the
// pixels exact. Otherwise (rotated, scaled, in perspective) the bitmap is drawn with its
// layer's map (through a plane when that is projective). Bitmaps are at most 4096 pixels a side (the scale
// drops to fit), one build uses at most 16 M pixels of them (past that a layer is drawn as if
// not rasterized), and a cache generation (GenerationalCache) keeps those the last build used.
import Raster

/// A rasterized subtree as it was last drawn: its display list in the bitmap's pixels and the
/// bitmap drawn from it.
struct RasterizedSubtree {
    let items: [DisplayItem]
    let bitmap: Bitmap
}

extension DisplayListBuilder {
    /// The most pixels a side of a rasterization bitmap.
    static let maximumRasterizedSide = 4096.0
    /// The most pixels of rasterization bitmaps one build uses (64 MB): past it a layer with
    /// shouldRasterize is drawn directly, so no input makes the cache grow without bound (it
    /// holds what the last build used: at most this much, twice over).
    static let maximumRasterizedPixelsPerBuild = 16_777_216

    /// Appends `l` (visible, not a transform layer) rasterized: its body drawn into a cached
    /// bitmap (redrawn only when its display list changes) composited with `opacity` through
    /// `m`, the layer's plane onto the surface (see the file header).
    func appendRasterized(_ l: CALayer, _ m: ProjectiveTransform, device: ProjectiveTransform, _ s: Surface, opacity: Double) {
        var r = l.paintedLocalExtent(self)
        if l.masksToBounds, l.castsShadow, l.shadowPath == nil, !r.isNull { r = l.shadowLocalExtent(of: r) }
        guard !r.isNull, !r.isEmpty, r.isFiniteRect else { return }
        let requested = l.rasterizationScale.isFinite && l.rasterizationScale > 0 ? l.rasterizationScale : 1
        let side = Self.maximumRasterizedSide - 4
        let k = min(requested * scale, side / max(r.width, 1e-9), side / max(r.height, 1e-9))
        guard k.isFinite, k > 0 else { return }
        let a = m.affinePart
        // Where the layer lands at exactly the bitmap's scale without rotation, the bitmap's
        // pixels are the surface's: the fraction of the layer's place is drawn into it.
        let aligned = m.isAffine && a.b == 0 && a.c == 0 && a.a == k && a.d == k
        let fx = aligned ? a.tx - a.tx.rounded(.down) : 0, fy = aligned ? a.ty - a.ty.rounded(.down) : 0
        let x0 = (k * r.minX + fx).rounded(.down) - 1, y0 = (k * r.minY + fy).rounded(.down) - 1
        let x1 = (k * r.maxX + fx).rounded(.up) + 1, y1 = (k * r.maxY + fy).rounded(.up) + 1
        let w = Int(saturating: x1 - x0), h = Int(saturating: y1 - y0)
        guard w > 0, h > 0, w <= Int(Self.maximumRasterizedSide), h <= Int(Self.maximumRasterizedSide) else { return }
        guard rasterizedPixels + w * h <= Self.maximumRasterizedPixelsPerBuild else {
            // Over the build's budget: drawn as if not rasterized.
            if m.isAffine { appendBody(l, a, device: device, s, opacity: opacity) } else { appendProjected(l, m, device: device, s, opacity: opacity) }
            return
        }
        rasterizedPixels += w * h
        let toBitmap = AffineTransform.scale(k, k).concatenating(.translation(fx - x0, fy - y0))
        guard let fromBitmap = toBitmap.inverted else { return }

        // The body at opacity 1, in the bitmap's pixels.
        let bitmapDevice = ProjectiveTransform(toBitmap)
        var drawn: [DisplayItem] = []
        swap(&items, &drawn)
        appendBody(l, toBitmap, device: bitmapDevice,
                   Surface(device: bitmapDevice, deviceClip: nil, clip: nil, bounds: Rect(0, 0, Double(w), Double(h))), opacity: 1)
        swap(&items, &drawn)

        let source = ObjectIdentifier(l.model())
        let key = DisplayItemKey(source: source, slot: DisplaySlot.rasterized.rawValue &+ instanceSalt)
        let bitmap: Bitmap
        if let cached = rasterizedSubtrees.value(for: key), cached.bitmap.width == w, cached.bitmap.height == h,
           Self.sameItems(cached.items, drawn) {
            bitmap = cached.bitmap
            rasterizationHits &+= 1
        } else {
            bitmap = Bitmap(width: w, height: h)
            subtreeRasterizer.draw(DisplayList(width: w, height: h, items: drawn), into: Canvas(bitmap))
            rasterizedSubtrees.insert(RasterizedSubtree(items: drawn, bitmap: bitmap), for: key)
            rasterizationMisses &+= 1
        }
        rasterizedItemKeys.insert(key)
        let bounds = Self.deviceBounds(r, device, s.deviceClip, pad: 1)
        if m.isAffine {
            // Aligned, the map is a translation by whole pixels: the composite is a copy.
            let place = aligned ? AffineTransform.translation(a.tx.rounded(.down) + x0, a.ty.rounded(.down) + y0)
                                : fromBitmap.concatenating(a)
            items.append(DisplayItem(key: key, operation: l.contentsOperation(bitmap, transform: place, opacity: opacity, builder: self),
                                     bounds: bounds))
        } else {
            append(source, .plane, .beginPlane(width: w, height: h, transform: ProjectiveTransform(fromBitmap).concatenating(m),
                                               opacity: opacity), bounds: bounds)
            items.append(DisplayItem(key: key, operation: .image(bitmap, transform: .identity, opacity: 1), bounds: bounds))
            append(source, .endPlane, .endPlane, bounds: bounds)
        }
    }

    /// Whether two lists draw the same pixels: item by item the same key, operation (images by
    /// identity), bounds and aliasing.
    static func sameItems(_ x: [DisplayItem], _ y: [DisplayItem]) -> Bool {
        guard x.count == y.count else { return false }
        for i in x.indices {
            let p = x[i], q = y[i]
            guard p.key == q.key, p.bounds == q.bounds, p.aliasing == q.aliasing, p.operation == q.operation else { return false }
        }
        return true
    }
}
