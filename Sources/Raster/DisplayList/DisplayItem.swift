// The display list's vocabulary: one drawing operation (fill, stroke, image, a transition
// effect) or one bracket (a clip, an offscreen group, a projective plane), in the order the
// rasterizer performs them. Every item also says which object produced it and which device
// pixels it can change, so two frames' lists can be compared item by item.

/// Identifies an item across frames: the object that produced it and the slot the item fills
/// for that object (the producer numbers its slots; one item per slot and source).
public struct DisplayItemKey: Hashable, Sendable {
    public var source: ObjectIdentifier
    public var slot: Int
    public init(source: ObjectIdentifier, slot: Int) { self.source = source; self.slot = slot }
}

/// One entry of a `DisplayList`.
public struct DisplayItem {
    public var key: DisplayItemKey
    public var operation: DisplayOperation
    /// The device pixels the item can change, already cut by the clips around it; for both
    /// items of a bracket, everything inside it.
    public var bounds: Rect
    /// The sides of the shape drawn aliased, for a fill, image, gradient or group mask
    /// (AliasedFill.swift), or for a plane the sides of its layer's bounds in the plane's
    /// pixels (ProjectiveAliasedEdges.swift); nil draws every edge anti-aliased.
    public var aliasing: EdgeAliasing?

    public init(key: DisplayItemKey, operation: DisplayOperation, bounds: Rect, aliasing: EdgeAliasing? = nil) {
        self.key = key; self.operation = operation; self.bounds = bounds; self.aliasing = aliasing
    }
}

/// What an item does to the pixels. Coordinates are those of the surface the item lands on:
/// the device target, or the bitmap of the innermost open group or plane.
public enum DisplayOperation {
    /// Fills `path` mapped by `transform` with `color` × `opacity`.
    case fill(Path, transform: AffineTransform, color: Color, rule: FillRule, opacity: Double)
    /// Strokes `path`, trimmed to [`start`, `end`] of its length, then dashed and outlined.
    case stroke(Path, style: StrokeStyle, transform: AffineTransform, color: Color,
                start: Double, end: Double, opacity: Double)
    /// Draws an image (contents, rendered text) mapped by `transform`.
    case image(Bitmap, transform: AffineTransform, opacity: Double)
    /// Draws an image as `image` does, sampled through `filtering` (contents whose
    /// magnificationFilter or minificationFilter is not linear: ImageFiltering.swift).
    case filteredImage(Bitmap, transform: AffineTransform, opacity: Double, filtering: ImageFiltering)
    /// Intersects the current clip with a shape until the matching `endClip`.
    case beginClip(ClipShape)
    case endClip
    /// Draws what follows, up to the matching `endGroup`, into a cleared bitmap of its own over
    /// the surface's pixels (x, y, width, height), then composites it once with `opacity`.
    case beginGroup(x: Int, y: Int, width: Int, height: Int, opacity: Double)
    /// Multiplies the open group's pixels by the coverage of `path` (a mask).
    case maskGroup(Path, transform: AffineTransform)
    case endGroup
    /// Draws what follows, up to the matching `endPlane`, flat into a cleared width × height
    /// bitmap, then composites it through `transform` (a projective map) with `opacity`.
    case beginPlane(width: Int, height: Int, transform: ProjectiveTransform, opacity: Double)
    case endPlane
    /// A transition effect between two snapshots at a progress.
    case transition(DisplayTransition)
    /// Draws nothing; its bounds change every frame in ways no item shows (an animation that
    /// is not a property animation).
    case invalidate
    /// Multiplies the open group's pixels by a colour, channel by channel (a tint).
    case tintGroup(Color)
    /// Draws a batch of tinted sprites (a particle system).
    case sprites(SpriteBatch)
    /// Fills `path` mapped by `transform` with `gradient` (in the path's plane) × `opacity`.
    case gradient(Path, transform: AffineTransform, gradient: Gradient, rule: FillRule, opacity: Double)
    /// The shadow of `path` mapped by `transform` (a layer's shadowPath), filled non-zero.
    case shadow(Path, transform: AffineTransform, shadow: DisplayShadow)
    /// A group (as `beginGroup`, closed by `endGroup`) that casts `shadow`: at its end the
    /// blurred, tinted alpha of its pixels is composited first, then the pixels themselves.
    case beginShadowedGroup(x: Int, y: Int, width: Int, height: Int, opacity: Double, shadow: DisplayShadow)
    /// Draws what follows, up to the matching `endMask`, into a cleared bitmap the size of
    /// the open group, then multiplies the group's pixels by its alpha (a mask layer).
    case beginMask
    case endMask
    /// The open group composites onto what lies behind it in `BlendMode` instead of
    /// source-over (a layer's compositing filter); placed just before the group's `endGroup`.
    case blendGroup(BlendMode)
    /// Filters the open group's pixels through a chain (a layer's `filters`), in place: the
    /// group is drawn whole and a blur reads transparent beyond its bitmap (FilterChain.swift).
    case filterGroup([PixelFilter])
    /// Filters what lies behind a shape (a layer's `backgroundFilters`): DisplayBackdrop.swift.
    case backdrop(DisplayBackdrop)
}

extension DisplayOperation {
    /// Whether the operation draws (a fill, stroke, image, gradient, shadow, sprites or a backdrop), as
    /// opposed to opening or closing a bracket, a transition or an invalidation.
    public var isDrawing: Bool {
        switch self {
        case .fill, .stroke, .image, .filteredImage, .gradient, .shadow, .sprites, .backdrop: return true
        default: return false
        }
    }
}

extension DisplayOperation: Equatable {
    /// Whether two operations draw the same pixels: images compare by identity (a bitmap is
    /// never changed once it is in a list), everything else by value.
    public static func == (l: DisplayOperation, r: DisplayOperation) -> Bool {
        switch (l, r) {
        case let (.fill(p1, t1, c1, r1, o1), .fill(p2, t2, c2, r2, o2)):
            return t1 == t2 && c1 == c2 && r1 == r2 && o1 == o2 && p1 == p2
        case let (.stroke(p1, s1, t1, c1, a1, b1, o1), .stroke(p2, s2, t2, c2, a2, b2, o2)):
            return t1 == t2 && c1 == c2 && a1 == a2 && b1 == b2 && o1 == o2 && s1 == s2 && p1 == p2
        case let (.image(i1, t1, o1), .image(i2, t2, o2)):
            return i1 === i2 && t1 == t2 && o1 == o2
        case let (.filteredImage(i1, t1, o1, f1), .filteredImage(i2, t2, o2, f2)):
            return i1 === i2 && t1 == t2 && o1 == o2 && f1 == f2
        case let (.beginClip(c1), .beginClip(c2)):
            return c1 == c2
        case (.endClip, .endClip), (.endGroup, .endGroup), (.endPlane, .endPlane):
            return true
        case let (.beginGroup(x1, y1, w1, h1, o1), .beginGroup(x2, y2, w2, h2, o2)):
            return x1 == x2 && y1 == y2 && w1 == w2 && h1 == h2 && o1 == o2
        case let (.maskGroup(p1, t1), .maskGroup(p2, t2)):
            return t1 == t2 && p1 == p2
        case let (.beginPlane(w1, h1, t1, o1), .beginPlane(w2, h2, t2, o2)):
            return w1 == w2 && h1 == h2 && t1 == t2 && o1 == o2
        case let (.transition(a), .transition(b)):
            return a == b
        case let (.gradient(p1, t1, g1, r1, o1), .gradient(p2, t2, g2, r2, o2)):
            return t1 == t2 && g1 == g2 && r1 == r2 && o1 == o2 && p1 == p2
        case let (.shadow(p1, t1, s1), .shadow(p2, t2, s2)):
            return t1 == t2 && s1 == s2 && p1 == p2
        case let (.beginShadowedGroup(x1, y1, w1, h1, o1, s1), .beginShadowedGroup(x2, y2, w2, h2, o2, s2)):
            return x1 == x2 && y1 == y2 && w1 == w2 && h1 == h2 && o1 == o2 && s1 == s2
        case (.beginMask, .beginMask), (.endMask, .endMask):
            return true
        case (.invalidate, .invalidate):
            return false // changes every frame
        case let (.tintGroup(c1), .tintGroup(c2)):
            return c1 == c2
        case let (.blendGroup(m1), .blendGroup(m2)):
            return m1 == m2
        case let (.filterGroup(f1), .filterGroup(f2)):
            return f1 == f2
        case let (.backdrop(b1), .backdrop(b2)):
            return b1 == b2
        case let (.sprites(b1), .sprites(b2)):
            return b1 == b2
        default:
            return false
        }
    }
}
