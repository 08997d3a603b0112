// Contents under geometry-flipped superlayers. A superlayer whose geometry is flipped places
// its sublayers from its bottom edge up, so each sublayer's plane reaches the screen mirrored
// vertically. Its contents do not: CALayer.h, geometryFlipped: "Note that even when geometry
// is flipped, image orientation remains the same (i.e. a CGImageRef stored in the `contents'
// property will display the same with both flipped=NO and flipped=YES, assuming no transform
// on the layer)." A layer under an odd number of flipped superlayers (its contents "implicitly
// flipped when rendered in relation to the local coordinate space", contentsAreFlipped) draws
// its contents, and a text layer its text, mirrored once more about their own middle, which
// shows them upright. Drawing of its own follows the layer's geometry instead: "When this
// method returns true the CGContextRef object passed to -drawInContext: by the default
// -display method will have been y-flipped" (CALayer.h, contentsAreFlipped), and the
// backing store, shown as contents, is mirrored back.

extension CALayer {
    /// Whether the layer's contents are drawn mirrored in its own coordinates to show
    /// upright: an odd number of its superlayers have flipped geometry.
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var s = superlayer
        while let p = s {
            if p.isGeometryFlipped { flipped.toggle() }
            s = p.superlayer
        }
        return flipped
    }

    /// The vertical mirror about the middle of `r` (layer coordinates).
    static func verticalMirror(about r: Rect) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY)
    }
}

extension DisplayItemSink {
    /// This sink with the layer's plane mirrored vertically about the middle of `r`, when
    /// `flipped` (items appended through it, and their bounds, are mirrored); else itself.
    func mirrored(about r: Rect, if flipped: Bool) -> DisplayItemSink {
        guard flipped, !r.isNull, r.isFiniteRect else { return self }
        let m = CALayer.verticalMirror(about: r)
        return DisplayItemSink(builder: builder, source: source, transform: m.concatenating(transform), opacity: opacity,
                               device: ProjectiveTransform(m).concatenating(device), deviceClip: deviceClip)
    }
}
