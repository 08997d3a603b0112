/// A value a key path reads or writes, and that animations interpolate: Core Animation's
/// boxed `id` values (NSNumber, NSValue of CGPoint/CGSize/CGRect/CATransform3D, CGColor, CGPath).
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// nil is "no colour" (a nil CGColor).
    case color(Color?)
    case transform(CATransform3D)
    /// nil is "no path".
    case path(Path?)
    case bool(Bool)
    /// Layer contents (an image); opaque to interpolation (switches discretely).
    case image(ImageRef?)
    /// An array of values (NSArray): a gradient's `colors` or `locations`. Lists of the same
    /// length and element kinds interpolate element by element; others switch.
    case list([AnimatableValue])
    /// A list of numbers (an NSArray of NSNumber): the three inputs of the `scale` and
    /// `translate` value functions, a CIVector input of a filter (4 numbers).
    case numbers([Double])
    /// A layer's `filters` or `backgroundFilters` (CIFilter.swift). Lists of the same filters
    /// (types and names) mix input by input; others switch.
    case filters([CIFilter])
}

/// A reference to a bitmap used as layer contents; compared by identity.
public struct ImageRef: Hashable, @unchecked Sendable {
    public let bitmap: Bitmap
    public init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    public static func == (a: ImageRef, b: ImageRef) -> Bool { a.bitmap === b.bitmap }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(bitmap)) }
}

/// A Swift type a layer property holds that boxes into an `AnimatableValue` for key-value
/// access and animation, and (for structured values) names its parts by sub key path
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`).
///
/// Unboxing accepts what Core Animation's key-value coding accepts for the type: a number
/// property takes a boolean (as 0 or 1), a boolean property a number (true when non-zero),
/// a point a size and a size a point.
public protocol AnimatableValueConvertible: Equatable {
    /// The boxed value.
    var animatableValue: AnimatableValue { get }
    /// The value inside `boxed`, or nil when `boxed` holds another kind.
    init?(animatableValue boxed: AnimatableValue)
    /// The part of `value` that `subKeyPath` names (the key path after the property's own
    /// key and a dot); nil for a name the type does not have.
    static func component(_ subKeyPath: Substring, of value: Self) -> AnimatableValue?
    /// `value` with the part `subKeyPath` names replaced by `part`; nil for a name the type
    /// does not have or a part of the wrong kind.
    static func setting(_ subKeyPath: Substring, of value: Self, to part: AnimatableValue) -> Self?
}

extension AnimatableValueConvertible {
    public static func component(_ subKeyPath: Substring, of value: Self) -> AnimatableValue? { nil }
    public static func setting(_ subKeyPath: Substring, of value: Self, to part: AnimatableValue) -> Self? { nil }
}

extension Double: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .number(self) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let n = boxed.kpNumber else { return nil }
        self = n
    }
}

extension Bool: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .bool(self) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let b = boxed.kpBool else { return nil }
        self = b
    }
}

extension Point: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .point(self) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let p = boxed.kpPoint else { return nil }
        self = p
    }
    /// `x` and `y`.
    public static func component(_ subKeyPath: Substring, of value: Point) -> AnimatableValue? {
        switch subKeyPath {
        case "x": return .number(value.x)
        case "y": return .number(value.y)
        default: return nil
        }
    }
    public static func setting(_ subKeyPath: Substring, of value: Point, to part: AnimatableValue) -> Point? {
        guard let n = part.kpNumber else { return nil }
        var p = value
        switch subKeyPath {
        case "x": p.x = n
        case "y": p.y = n
        default: return nil
        }
        return p
    }
}

extension Size: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .size(self) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let s = boxed.kpSize else { return nil }
        self = s
    }
    /// `width` and `height`.
    public static func component(_ subKeyPath: Substring, of value: Size) -> AnimatableValue? {
        switch subKeyPath {
        case "width": return .number(value.width)
        case "height": return .number(value.height)
        default: return nil
        }
    }
    public static func setting(_ subKeyPath: Substring, of value: Size, to part: AnimatableValue) -> Size? {
        guard let n = part.kpNumber else { return nil }
        var s = value
        switch subKeyPath {
        case "width": s.width = n
        case "height": s.height = n
        default: return nil
        }
        return s
    }
}

extension Rect: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .rect(self) }
    /// Only a rect (no coercion, as in Core Animation).
    public init?(animatableValue boxed: AnimatableValue) {
        guard case .rect(let r) = boxed else { return nil }
        self = r
    }
    /// `origin` (a point, with `origin.x`, `origin.y`) and `size` (a size, with
    /// `size.width`, `size.height`).
    public static func component(_ subKeyPath: Substring, of value: Rect) -> AnimatableValue? {
        let (head, rest) = splitKeyPath(subKeyPath)
        switch head {
        case "origin": return rest.map { Point.component($0, of: value.origin) } ?? .point(value.origin)
        case "size": return rest.map { Size.component($0, of: value.size) } ?? .size(value.size)
        default: return nil
        }
    }
    public static func setting(_ subKeyPath: Substring, of value: Rect, to part: AnimatableValue) -> Rect? {
        let (head, rest) = splitKeyPath(subKeyPath)
        var r = value
        switch head {
        case "origin":
            guard let o = rest.map({ Point.setting($0, of: value.origin, to: part) }) ?? Point(animatableValue: part)
            else { return nil }
            r.origin = o
        case "size":
            guard let s = rest.map({ Size.setting($0, of: value.size, to: part) }) ?? Size(animatableValue: part)
            else { return nil }
            r.size = s
        default: return nil
        }
        return r
    }
}

extension CATransform3D: AnimatableValueConvertible {
    public var animatableValue: AnimatableValue { .transform(self) }
    /// Only a transform (no coercion).
    public init?(animatableValue boxed: AnimatableValue) {
        guard case .transform(let t) = boxed else { return nil }
        self = t
    }
    /// The decomposed components (`scale`, `rotation.z`, `translation.x`, …):
    /// `CALayer.transformComponent`.
    public static func component(_ subKeyPath: Substring, of value: CATransform3D) -> AnimatableValue? {
        guard let c = TransformComponent(name: subKeyPath) else { return nil }
        return c.value(in: TransformComponent.readableComponents(of: value))
    }
    public static func setting(_ subKeyPath: Substring, of value: CATransform3D, to part: AnimatableValue) -> CATransform3D? {
        guard let c = TransformComponent(name: subKeyPath) else { return nil }
        return c.setting(part, in: value.decomposed ?? DecomposedTransform())
    }
}

/// A reference-like value whose absence (nil) is a value of its own: "no colour", "no path",
/// "no contents". An optional of such a type is animatable.
public protocol AnimatableOptionalWrapped: Equatable {
    /// `value` boxed (nil included).
    static func box(_ value: Self?) -> AnimatableValue
    /// The optional inside `boxed` (`.some(nil)` for a boxed nil); nil for another kind.
    static func unbox(_ boxed: AnimatableValue) -> Self??
}

extension Optional: AnimatableValueConvertible where Wrapped: AnimatableOptionalWrapped {
    public var animatableValue: AnimatableValue { Wrapped.box(self) }
    public init?(animatableValue boxed: AnimatableValue) {
        guard let v = Wrapped.unbox(boxed) else { return nil }
        self = v
    }
}

extension Color: AnimatableOptionalWrapped {
    public static func box(_ value: Color?) -> AnimatableValue { .color(value) }
    public static func unbox(_ boxed: AnimatableValue) -> Color?? {
        guard case .color(let c) = boxed else { return nil }
        return .some(c)
    }
}

/// An optional point (CAGradientLayer's `focalPoint`): a point boxes as itself, nil as the
/// empty list, so two points mix and a point and nil switch at the midpoint; a list of two
/// numbers (a document's value where the property was nil) reads as a point.
extension Point: AnimatableOptionalWrapped {
    public static func box(_ value: Point?) -> AnimatableValue { value.map { .point($0) } ?? .list([]) }
    public static func unbox(_ boxed: AnimatableValue) -> Point?? {
        switch boxed {
        case .point(let p): return .some(p)
        case .list(let xs) where xs.isEmpty: return .some(nil)
        case .list(let xs) where xs.count == 2:
            guard let x = xs[0].kpNumber, let y = xs[1].kpNumber else { return nil }
            return .some(Point(x, y))
        default: return nil
        }
    }
}

extension Path: AnimatableOptionalWrapped {
    public static func box(_ value: Path?) -> AnimatableValue { .path(value) }
    public static func unbox(_ boxed: AnimatableValue) -> Path?? {
        guard case .path(let p) = boxed else { return nil }
        return .some(p)
    }
}

extension ImageRef: AnimatableOptionalWrapped {
    public static func box(_ value: ImageRef?) -> AnimatableValue { .image(value) }
    public static func unbox(_ boxed: AnimatableValue) -> ImageRef?? {
        guard case .image(let i) = boxed else { return nil }
        return .some(i)
    }
}

extension AnimatableValue {
    /// The number, or nil for other kinds (a bool reads as 0/1).
    public var kpNumber: Double? {
        switch self { case .number(let n): return n; case .bool(let b): return b ? 1 : 0; default: return nil }
    }
    /// The bool, or nil; a number is true when non-zero.
    public var kpBool: Bool? {
        switch self { case .bool(let b): return b; case .number(let n): return n != 0; default: return nil }
    }
    /// A point (a size reads as its width/height).
    public var kpPoint: Point? {
        switch self { case .point(let p): return p; case .size(let s): return Point(s.width, s.height); default: return nil }
    }
    /// A size (a point reads as its x/y).
    public var kpSize: Size? {
        switch self { case .size(let s): return s; case .point(let p): return Size(p.x, p.y); default: return nil }
    }
}

/// A key path split at its first dot: `"origin.x"` → (`"origin"`, `"x"`); no dot → (all, nil).
@inline(__always)
func splitKeyPath(_ keyPath: Substring) -> (head: Substring, rest: Substring?) {
    // Through the UTF-8 view: a byte search, where stepping Characters costs a grapheme
    // break test per step (key paths are read for every animation of every frame).
    guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (keyPath, nil) }
    return (keyPath[..<dot], keyPath[keyPath.utf8.index(after: dot)...])
}
