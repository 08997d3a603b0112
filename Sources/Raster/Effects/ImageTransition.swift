// Transitions between two images, independent of layers: given the old image and the new one
// (equally sized device-resolution images), draw one of the effects at a progress into a
// canvas. Every effect is exactly the old image at progress 0 and exactly the new one at 1.
// Each effect's pixel kernel lives in a file of its own in this folder, named for its
// algorithm (the cross-fade's is the package's one cross-dissolve, Image/CrossDissolve.swift);
// they share the one compositing (Bitmap/Compositing.swift), the one bilinear sampler
// (Image/ImageSampling.swift) and the one projective image drawer (Image/ProjectiveImage.swift).

/// A two-image transition effect: how the old image gives way to the new one.
public enum ImageTransition: Hashable, Sendable {
    /// The side of the image a motion starts from.
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        case left, right, top, bottom

        /// The unit direction content moves in: from the right means moving left.
        var motion: (x: Int, y: Int) {
            switch self {
            case .right: (-1, 0)
            case .left: (1, 0)
            case .top: (0, 1)
            case .bottom: (0, -1)
            }
        }
        var isHorizontal: Bool { self == .left || self == .right }
    }

    /// How the two images move against each other in a slide.
    public enum Slide: String, Hashable, Sendable, CaseIterable {
        /// The new image slides in over the old.
        case moveIn
        /// The new image pushes the old one out.
        case push
        /// The old image slides away uncovering the new.
        case reveal
    }

    /// Per-pixel blend of the old and the new image.
    case crossFade
    /// The images slide by whole pixels, the motion starting from `from`.
    case slide(Slide, from: Edge)
    /// A box turning a quarter turn in perspective, the new image on the face hinged at `from`.
    case cube(from: Edge)
    /// A card flipping half a turn in perspective, the `from` edge coming toward the viewer.
    case flip(from: Edge)
    /// The old image curls away over the new one, lifting at the corner of `from`.
    case pageCurl(from: Edge)
    /// The new image uncurls over the old one (a page curl run backwards).
    case pageUnCurl(from: Edge)
    /// A water drop in the middle: a refracting ring wave while the new image fades in.
    case ripple
    /// The old image is sucked into a point at the bottom centre, genie-like.
    case suck
    /// A camera iris of six blades opening onto the new image, or closing over the old one.
    case iris(opening: Bool)
}

/// An image transition as a display list's transition effect: drawn with the snapshots' top
/// left at `rect.origin` rounded to device pixels (the contents crossfade's `.crossFade`).
extension ImageTransition: DisplayEffect {
    public func render(from: Bitmap, to: Bitmap, progress: Double, into canvas: Canvas, rect: Rect) {
        canvas.draw(self, from: from, to: to, progress: progress,
                    x: Int(rect.origin.x.rounded()), y: Int(rect.origin.y.rounded()))
    }
}

extension Canvas {
    /// Draws `transition` from `from` (the old image) to `to` (the new image) at `progress`
    /// (0…1, clamped; not finite counts as 0) source-over into the target, the images' top
    /// left at the device pixel (`x`, `y`). `to` is read top-left aligned at `from`'s size
    /// (cropped or padded transparent). At progress 0 the result is exactly `from` drawn
    /// there, at 1 exactly `to`. The 3D effects may reach outside the images' rectangle (a
    /// cube's near edge); the cross-fade honours the whole clip, the other effects its
    /// bounding box.
    public func draw(_ transition: ImageTransition, from: Bitmap, to: Bitmap, progress: Double, x: Int, y: Int) {
        let p = progress.isFinite ? min(1, max(0, progress)) : 0
        if case .crossFade = transition {
            // The one cross-dissolve (Image/CrossDissolve.swift), through the whole clip.
            drawCrossDissolve(from: from, to: Self.fitted(to, toSizeOf: from), progress: p, x: x, y: y)
            return
        }
        let box = transitionClipBox
        if p <= 0 { TransitionFrame.composite(from, dx: x, dy: y, into: target, box: box); return }
        if p >= 1 { TransitionFrame.composite(to, dx: x, dy: y, into: target, box: box); return }
        let frame = TransitionFrame(from: from, to: Self.fitted(to, toSizeOf: from), p: p, ox: x, oy: y, target: target,
                                    clip: box)
        switch transition {
        case .crossFade: return  // drawn above
        case .slide(.moveIn, let edge): frame.moveIn(edge)
        case .slide(.push, let edge): frame.push(edge)
        case .slide(.reveal, let edge): frame.reveal(edge)
        case .cube(let edge): frame.cube(edge)
        case .flip(let edge): frame.flip(edge)
        case .pageCurl(let edge): frame.pageCurl(page: from, under: to, progress: p, edge)
        case .pageUnCurl(let edge): frame.pageCurl(page: to, under: from, progress: 1 - p, edge)
        case .ripple: frame.ripple()
        case .suck: frame.suck()
        case .iris(let opening): frame.iris(opening: opening)
        }
    }

    /// The kernels read both images at the same pixel positions: `image` as it is when it
    /// has `reference`'s size, else a copy of that size (top-left aligned, cropped or padded
    /// clear).
    static func fitted(_ image: Bitmap, toSizeOf reference: Bitmap) -> Bitmap {
        guard image.width != reference.width || image.height != reference.height else { return image }
        let out = Bitmap(width: reference.width, height: reference.height)
        out.blit(image, x: 0, y: 0)
        return out
    }

    /// The writable device box of a transition: the target's bounds intersected with the
    /// clip's bounding box (a rounded clip counts as its rectangle).
    var transitionClipBox: PixelBox {
        var box = PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height)
        switch clip {
        case .rect(let r)?, .roundedRect(let r, _)?:
            guard !r.isNull else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
            box = box.intersect(PixelBox(x0: Int(saturating: r.minX.rounded()), y0: Int(saturating: r.minY.rounded()),
                                         x1: Int(saturating: r.maxX.rounded()), y1: Int(saturating: r.maxY.rounded())))
        case nil: break
        }
        return box
    }
}

/// A device pixel rectangle as integer bounds [x0, x1) × [y0, y1).
@usableFromInline struct PixelBox {
    @usableFromInline var x0: Int, y0: Int, x1: Int, y1: Int
    @usableFromInline init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @usableFromInline var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @usableFromInline func intersect(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// One transition frame's inputs, shared by the effect kernels (the other files of Effects/).
struct TransitionFrame {
    let from: Bitmap, to: Bitmap
    /// Progress strictly inside (0, 1).
    let p: Double
    /// Device position of the images' top left.
    let ox: Int, oy: Int
    let target: Bitmap
    let clip: PixelBox
    var width: Int { from.width }
    var height: Int { from.height }
    /// The images' rectangle in device pixels, within the clip.
    var box: PixelBox { clip.intersect(PixelBox(x0: ox, y0: oy, x1: ox + width, y1: oy + height)) }

    /// `image` source-over into `target` with its top left at the integer device position
    /// (dx, dy), limited to `box`. Exact for opaque pixels.
    static func composite(_ image: Bitmap, dx: Int, dy: Int, into target: Bitmap, box: PixelBox) {
        let b = box.intersect(PixelBox(x0: dx, y0: dy, x1: dx + image.width, y1: dy + image.height))
        guard !b.isEmpty else { return }
        let tw = target.width, iw = image.width
        for y in b.y0..<b.y1 {
            let d = target.pixels + y * tw
            let s = image.pixels + (y - dy) * iw - dx
            for x in b.x0..<b.x1 { d[x] = lkSourceOver(s[x], d[x]) }
        }
    }
}
