// The transition renderer, independent of layers: given a snapshot of the old state and one
// of the new state, draw the effect at a progress into a canvas. CATransition and the
// view-style transitions drive it; the image browser and the gallery use it through them.

/// The kinds of transition (CATransitionType's strings, the private types the seed article
/// lists, and UIKit's view-transition options under their UIViewAnimationOptions names).
public enum TransitionType: String, Sendable, CaseIterable {
    // Public Core Animation types.
    case fade, moveIn, push, reveal
    // Private Core Animation types (strings accepted by CATransition.type on Apple's platforms).
    case cube, oglFlip, pageCurl, pageUnCurl, rippleEffect, suckEffect
    case cameraIrisHollowOpen, cameraIrisHollowClose
    // UIKit's view transitions (UIView.transition options).
    case flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, curlUp, curlDown, crossDissolve
}

/// The direction a transition comes from (CATransitionSubtype).
public enum TransitionSubtype: String, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom

    /// The unit direction the content moves in: from the right means moving left.
    var motion: (x: Int, y: Int) {
        switch self {
        case .fromRight: (-1, 0)
        case .fromLeft: (1, 0)
        case .fromTop: (0, 1)
        case .fromBottom: (0, -1)
        }
    }
    var isHorizontal: Bool { self == .fromLeft || self == .fromRight }
}

/// One transition's look: a type, a direction, and the renderer that composites the old and
/// the new state at a progress.
public struct TransitionEffect: Sendable, Hashable {
    public var type: TransitionType
    /// nil: the type's default (fromLeft, as Core Animation; the view flips carry their own).
    public var subtype: TransitionSubtype?

    public init(type: TransitionType, subtype: TransitionSubtype? = nil) {
        self.type = type; self.subtype = subtype
    }

    /// The subtype in effect once the view-style types are resolved.
    var resolved: (type: TransitionType, subtype: TransitionSubtype) {
        switch type {
        case .flipFromLeft: (.oglFlip, .fromLeft)
        case .flipFromRight: (.oglFlip, .fromRight)
        case .flipFromTop: (.oglFlip, .fromTop)
        case .flipFromBottom: (.oglFlip, .fromBottom)
        case .curlUp: (.pageCurl, .fromBottom)
        case .curlDown: (.pageUnCurl, .fromBottom)
        case .crossDissolve: (.fade, .fromLeft)
        case .pageCurl, .pageUnCurl: (type, subtype ?? .fromRight)
        default: (type, subtype ?? .fromLeft)
        }
    }

    /// Composites `from` (the old state) and `to` (the new state) at `progress` (0…1, clamped)
    /// source-over into `canvas`, the snapshots' top left at `rect.origin` (rounded to device
    /// pixels). Both snapshots are device-resolution images of the same rectangle; `rect`'s
    /// size is theirs. At progress 0 the result is exactly `from` drawn there, at 1 exactly
    /// `to`. The 3D types may reach outside `rect` (a cube's near edge); everything honours the
    /// canvas's rectangular clip.
    public func render(from: Bitmap, to: Bitmap, progress: Double, into canvas: Canvas, rect: Rect) {
        let ox = Int(rect.origin.x.rounded()), oy = Int(rect.origin.y.rounded())
        let clip = canvas.transitionClipBox
        let target = canvas.target
        let p = progress.isFinite ? min(1, max(0, progress)) : 0
        if p <= 0 { TransitionRaster.composite(from, dx: ox, dy: oy, into: target, box: clip); return }
        if p >= 1 { TransitionRaster.composite(to, dx: ox, dy: oy, into: target, box: clip); return }
        // The renderers read both snapshots at the same pixel positions: bring a differently
        // sized new snapshot to the old one's size (top-left aligned, cropped or padded clear).
        var to = to
        if to.width != from.width || to.height != from.height {
            let fitted = Bitmap(width: from.width, height: from.height)
            fitted.blit(to, x: 0, y: 0)
            to = fitted
        }
        let frame = TransitionFrame(from: from, to: to, p: p, ox: ox, oy: oy, target: target, clip: clip)
        let (type, sub) = resolved
        switch type {
        case .fade: frame.fade()
        case .moveIn: frame.moveIn(sub)
        case .push: frame.push(sub)
        case .reveal: frame.reveal(sub)
        case .cube: frame.cube(sub)
        case .oglFlip: frame.flip(sub)
        case .pageCurl: frame.pageCurl(page: from, under: to, progress: p, sub)
        case .pageUnCurl: frame.pageCurl(page: to, under: from, progress: 1 - p, sub)
        case .rippleEffect: frame.ripple()
        case .suckEffect: frame.suck()
        case .cameraIrisHollowOpen: frame.iris(opening: true)
        case .cameraIrisHollowClose: frame.iris(opening: false)
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom, .curlUp, .curlDown, .crossDissolve:
            frame.fade() // unreachable: resolved above
        }
    }
}

/// One frame's inputs, shared by the per-type renderers (TransitionEffect+*.swift).
struct TransitionFrame {
    let from: Bitmap, to: Bitmap
    /// Progress strictly inside (0, 1).
    let p: Double
    /// Device position of the snapshots' top left.
    let ox: Int, oy: Int
    let target: Bitmap
    let clip: PixelBox
    var width: Int { from.width }
    var height: Int { from.height }
    /// The snapshot rectangle in device pixels, within the clip.
    var box: PixelBox { clip.intersect(PixelBox(x0: ox, y0: oy, x1: ox + width, y1: oy + height)) }

    /// Rounds a progress fraction to the 0…256 weights of the pixel kernels.
    /// Clamp, then add a half and truncate: the same as rounding to nearest here, without the
    /// libm `round` call (this runs per pixel in pageCurl).
    @inline(__always)
    static func weight(_ t: Double) -> UInt32 { UInt32(min(256, max(0, t * 256 + 0.5))) }

    // MARK: fade, moveIn, push, reveal

    func fade() {
        TransitionRaster.crossFade(from, to, t: Self.weight(p), dx: ox, dy: oy, into: target, box: box)
    }

    /// The integer offset of a full slide by `fraction` of the size in the subtype's motion.
    func slide(_ sub: TransitionSubtype, _ fraction: Double) -> (Int, Int) {
        let m = sub.motion
        return (Int((Double(m.x * width) * fraction).rounded()), Int((Double(m.y * height) * fraction).rounded()))
    }

    /// The new content slides in over the old.
    func moveIn(_ sub: TransitionSubtype) {
        let b = box
        TransitionRaster.composite(from, dx: ox, dy: oy, into: target, box: b)
        let (dx, dy) = slide(sub, p - 1)
        TransitionRaster.composite(to, dx: ox + dx, dy: oy + dy, into: target, box: b)
    }

    /// The new content pushes the old out.
    func push(_ sub: TransitionSubtype) {
        let b = box
        let (ax, ay) = slide(sub, p)
        let (bx, by) = slide(sub, p - 1)
        TransitionRaster.composite(from, dx: ox + ax, dy: oy + ay, into: target, box: b)
        TransitionRaster.composite(to, dx: ox + bx, dy: oy + by, into: target, box: b)
    }

    /// The old content slides away uncovering the new.
    func reveal(_ sub: TransitionSubtype) {
        let b = box
        TransitionRaster.composite(to, dx: ox, dy: oy, into: target, box: b)
        let (dx, dy) = slide(sub, p)
        TransitionRaster.composite(from, dx: ox + dx, dy: oy + dy, into: target, box: b)
    }
}
