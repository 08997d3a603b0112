// The contents crossfade between two images of different pixel sizes. Core Animation
// dissolves what the layer shows: each image placed in the bounds as contents are placed
// (contentsGravity, contentsRect, contentsCenter, contentsScale, the flip under flipped
// geometry), then the two placed results interpolated per premultiplied pixel,
// (1 − f)·old + f·new. Each image is drawn alone, through the layer's contents placement, into
// a snapshot on the surface's own pixel grid (a cleared bitmap covering both placements, at a
// whole-pixel offset); a transition item with the cross-dissolve (`ImageTransition.crossFade`,
// Raster's Image/CrossDissolve.swift) mixes the two and composites the result once,
// unresampled, at the layer's opacity. Every pixel is what
// drawing that image alone would give there, so the mix is exact wherever either image is
// translucent or absent. The snapshots are kept from frame to frame while the placed images
// draw the same (only the mix is redone as the fraction moves). A snapshot is limited to
// `maximumSide` pixels a side; a larger one (a huge layer) draws the images one over the
// other instead, exact where they are opaque.

/// The two placed images of one crossfade.
final class ContentsDissolvePair {
    var from: DisplaySnapshot
    var to: DisplaySnapshot
    init(from: DisplaySnapshot, to: DisplaySnapshot) { self.from = from; self.to = to }
}

extension CALayer {
    /// The largest side, in pixels, of the snapshot a crossfade between images of different
    /// sizes is drawn through.
    static let maximumContentsDissolveSide = 4096

    /// Appends the crossfade from `a` to `b` at `fraction` as one transition item; false when
    /// the placed images would exceed the snapshot limit (nothing appended).
    func appendContentsDissolve(from a: Bitmap, to b: Bitmap, fraction: Double, to sink: DisplayItemSink) -> Bool {
        let local = contentsDestination(a).union(contentsDestination(b))
        guard !local.isNull, local.isFiniteRect, local.width > 0, local.height > 0 else { return true }
        // The placements' box on the surface, widened to whole pixels (and one more for the
        // anti-aliased rim).
        let m = sink.transform
        let corners = [Point(local.minX, local.minY), Point(local.maxX, local.minY),
                       Point(local.minX, local.maxY), Point(local.maxX, local.maxY)].map { m.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let fx0 = xs.min()!.rounded(.down) - 1, fy0 = ys.min()!.rounded(.down) - 1
        let fx1 = xs.max()!.rounded(.up) + 1, fy1 = ys.max()!.rounded(.up) + 1
        let limit = Double(Self.maximumContentsDissolveSide)
        guard fx0.isFinite, fy0.isFinite, fx1.isFinite, fy1.isFinite, fx1 - fx0 <= limit, fy1 - fy0 <= limit else { return false }
        let w = Int(fx1 - fx0), h = Int(fy1 - fy0)
        let builder = sink.builder
        let key = DisplayItemKey(source: sink.source, slot: DisplaySlot.contents.rawValue &+ builder.instanceSalt)
        let old = placedContentsList(a, sink, x: fx0, y: fy0, width: w, height: h)
        let new = placedContentsList(b, sink, x: fx0, y: fy0, width: w, height: h)
        let pair: ContentsDissolvePair
        if let kept = builder.contentsDissolves.value(for: key) {
            if !kept.from.list.drawsSame(as: old) { kept.from = DisplaySnapshot(list: old) }
            if !kept.to.list.drawsSame(as: new) { kept.to = DisplaySnapshot(list: new) }
            pair = kept
        } else {
            pair = ContentsDissolvePair(from: DisplaySnapshot(list: old), to: DisplaySnapshot(list: new))
            builder.contentsDissolves.insert(pair, for: key)
        }
        let item = DisplayTransition(effect: ImageTransition.crossFade, progress: fraction, from: pair.from, to: pair.to,
                                     transform: ProjectiveTransform(AffineTransform.translation(fx0, fy0)),
                                     opacity: sink.opacity)
        sink.append(.contents, .transition(item), local: local)
        return true
    }

    /// `img` placed as the layer's contents, alone and at full opacity, as a nested list for a
    /// `width` × `height` bitmap whose top left is the surface pixel (`x`, `y`).
    private func placedContentsList(_ img: Bitmap, _ sink: DisplayItemSink, x: Double, y: Double,
                                    width: Int, height: Int) -> DisplayList {
        let builder = sink.builder
        let outer = builder.items
        builder.items = []
        let t = sink.transform.concatenating(.translation(-x, -y))
        let plane = DisplayItemSink(builder: builder, source: sink.source, transform: t, opacity: 1,
                                    device: ProjectiveTransform(t), deviceClip: nil)
        appendContentsImage(img, to: plane, opacity: 1, firstIndex: 0)
        let list = DisplayList(width: width, height: height, items: builder.items)
        builder.items = outer
        return list
    }
}
