// The choice of a transition's look: Core Animation's transition types and subtypes (and
// UIKit's view transitions) mapped onto Raster's two-image effects (ImageTransition), which
// draw the old and the new state's snapshots at a progress. CATransition and the view-style
// transitions drive it; the image browser and the gallery use it through them.

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

    /// The image edge this subtype names.
    var edge: ImageTransition.Edge {
        switch self {
        case .fromLeft: .left
        case .fromRight: .right
        case .fromTop: .top
        case .fromBottom: .bottom
        }
    }
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

    /// The pixel effect that draws this transition.
    public var imageTransition: ImageTransition {
        let (type, sub) = resolved
        switch type {
        case .fade, .crossDissolve: return .crossFade
        case .moveIn: return .slide(.moveIn, from: sub.edge)
        case .push: return .slide(.push, from: sub.edge)
        case .reveal: return .slide(.reveal, from: sub.edge)
        case .cube: return .cube(from: sub.edge)
        case .oglFlip, .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom: return .flip(from: sub.edge)
        case .pageCurl, .curlUp: return .pageCurl(from: sub.edge)
        case .pageUnCurl, .curlDown: return .pageUnCurl(from: sub.edge)
        case .rippleEffect: return .ripple
        case .suckEffect: return .suck
        case .cameraIrisHollowOpen: return .iris(opening: true)
        case .cameraIrisHollowClose: return .iris(opening: false)
        }
    }

    /// Composites `from` (the old state) and `to` (the new state) at `progress` (0…1, clamped)
    /// source-over into `canvas`, the snapshots' top left at `rect.origin` (rounded to device
    /// pixels). Both snapshots are device-resolution images of the same rectangle; `rect`'s
    /// size is theirs. At progress 0 the result is exactly `from` drawn there, at 1 exactly
    /// `to`. The 3D types may reach outside `rect` (a cube's near edge); everything honours the
    /// canvas's rectangular clip.
    public func render(from: Bitmap, to: Bitmap, progress: Double, into canvas: Canvas, rect: Rect) {
        canvas.draw(imageTransition, from: from, to: to, progress: progress,
                    x: Int(saturating: rect.origin.x.rounded()), y: Int(saturating: rect.origin.y.rounded()))
    }
}
