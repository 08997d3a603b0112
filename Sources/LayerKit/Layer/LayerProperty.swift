// The declaration of one layer property: its key, the Swift property that stores it, its
// default, whether it animates, what a change alters on screen, and how a document spells
// it. Copying (`init(layer:)`), key-value access with sub key paths, implicit actions,
// document loading and `inspect` are all derived from these declarations, so a new
// property is one declaration next to its stored property (plus its drawing code).
//
// Values stay in ordinary stored properties (the renderer reads them directly); a
// declaration reaches its property through a typed getter and setter, `{ $0.cornerRadius }`,
// only when a property is addressed by name, copied or loaded. (Not through a Swift key
// path: applying a stored `ReferenceWritableKeyPath` goes through the runtime's generic
// projection, a few thousand instructions per access, and a presentation copy of every
// layer every frame does it for every property.)

/// What a change of a layer property alters on screen.
public enum LayerPropertyEffect: Sendable, Hashable {
    /// Where the layer, what it draws, or its sublayers land: placement, size, clip, drawing
    /// order, or the outline of what is drawn (a path, a stroke's width, a string).
    case geometry
    /// Only the colours inside an unchanged footprint (colours, opacity, trimming of a stroke).
    case pixels
    /// The layer's local time (CAMediaTiming), and through it every animation in its subtree.
    case timing
}

/// One property of a layer class, declared once (lottie-ios calls the same idea a
/// `LayerProperty`): `CALayer.cornerRadius` declares `layer.cornerRadius`.
public struct LayerProperty<Root: CALayer, Value: Equatable>: @unchecked Sendable {
    /// The key-value coding key (`"cornerRadius"`); also the key of its implicit animation.
    public let key: String
    /// Reads the stored property.
    public let get: (Root) -> Value
    /// Writes the stored property (through its observers: implicit actions).
    public let set: (Root, Value) -> Void
    /// The value a new layer starts with.
    public let defaultValue: Value
    /// What a change alters on screen.
    public let affects: LayerPropertyEffect
    /// Boxing for key-value access and animation; nil for a property that does not animate.
    let boxing: Boxing?
    /// How a document reads the value; nil when documents cannot set it.
    let document: DocumentField<Value>?
    /// The declaration without its types, for tables (made once, with the declaration).
    public let erased: AnyLayerProperty

    /// Whether the property animates (has key paths, implicit animations, shows in `inspect`).
    public var isAnimatable: Bool { boxing != nil }
    /// The member name a document's layer object uses for the property.
    public var documentName: String? { document.map { $0.name ?? key } }

    /// The conversions of an animatable property's value to and from `AnimatableValue`,
    /// with its sub key paths.
    struct Boxing {
        let box: (Value) -> AnimatableValue
        let unbox: (AnimatableValue) -> Value?
        let component: (Substring, Value) -> AnimatableValue?
        let setting: (Substring, Value, AnimatableValue) -> Value?
    }

    /// A property whose value type can animate; `animatable: false` for one Core Animation
    /// does not animate all the same (the timing properties).
    public init(_ key: String, get: @escaping (Root) -> Value, set: @escaping (Root, Value) -> Void,
                default defaultValue: Value,
                animatable: Bool, affects: LayerPropertyEffect, document: DocumentField<Value>?)
    where Value: AnimatableValueConvertible {
        self.init(key, get: get, set: set, default: defaultValue, affects: affects, document: document,
                  boxing: animatable ? Boxing(box: { $0.animatableValue }, unbox: Value.init(animatableValue:),
                                              component: Value.component, setting: Value.setting) : nil)
    }

    /// A property whose value type cannot animate (enumerations, strings, lists):
    /// `animatable` must be false.
    @_disfavoredOverload
    public init(_ key: String, get: @escaping (Root) -> Value, set: @escaping (Root, Value) -> Void,
                default defaultValue: Value,
                animatable: Bool, affects: LayerPropertyEffect, document: DocumentField<Value>?) {
        precondition(!animatable, "\(key): a \(Value.self) value cannot animate (not AnimatableValueConvertible)")
        self.init(key, get: get, set: set, default: defaultValue, affects: affects, document: document, boxing: nil)
    }

    /// An animatable property whose value type boxes through the given conversions rather
    /// than a conformance (a list type that already conforms for another element: `[CIFilter]?`).
    init(_ key: String, get: @escaping (Root) -> Value, set: @escaping (Root, Value) -> Void,
         default defaultValue: Value, affects: LayerPropertyEffect, document: DocumentField<Value>?,
         box: @escaping (Value) -> AnimatableValue, unbox: @escaping (AnimatableValue) -> Value?,
         component: @escaping (Substring, Value) -> AnimatableValue?,
         setting: @escaping (Substring, Value, AnimatableValue) -> Value?) {
        self.init(key, get: get, set: set, default: defaultValue, affects: affects, document: document,
                  boxing: Boxing(box: box, unbox: unbox, component: component, setting: setting))
    }

    private init(_ key: String, get: @escaping (Root) -> Value, set: @escaping (Root, Value) -> Void,
                 default defaultValue: Value, affects: LayerPropertyEffect, document: DocumentField<Value>?,
                 boxing: Boxing?) {
        self.get = get
        self.set = set
        self.key = key
        self.defaultValue = defaultValue
        self.affects = affects
        self.document = document
        self.boxing = boxing
        erased = AnyLayerProperty(get: get, set: set, key: key, default: defaultValue, affects: affects,
                                  boxing: boxing, document: document)
    }
}

/// A layer property declaration with its value type erased: what tables hold and what
/// key-value access, copying and documents work through. Every operation takes a layer of
/// the declaring class (the tables guarantee it). A class, so that walking a table costs no
/// reference counting per closure.
public final class AnyLayerProperty: @unchecked Sendable {
    /// The key-value coding key.
    public let key: String
    /// Whether the property animates.
    public let isAnimatable: Bool
    /// What a change alters on screen.
    public let affects: LayerPropertyEffect
    /// The member name in a document's layer object; nil when documents cannot set it.
    public let documentName: String?
    /// The Swift type of the value.
    public let valueType: Any.Type
    /// The value a new layer starts with (of `valueType`).
    public let defaultValue: Any

    let copy: (_ to: CALayer, _ from: CALayer) -> Void
    let equal: (CALayer, CALayer) -> Bool
    let get: (CALayer) -> AnimatableValue?
    let set: (CALayer, AnimatableValue) -> Bool
    let component: (CALayer, Substring) -> AnimatableValue?
    let setComponent: (CALayer, Substring, AnimatableValue) -> Bool
    let defaultHasComponent: (Substring) -> Bool
    /// For an animatable property of a plain type (`Double`, `Point`, `Color?`): writes a value
    /// of that type straight into the stored property, as `set` writes it boxed (its boxing
    /// unboxes `.number(x)`, `.point(p)`, `.color(c)` to `x`, `p`, `c`), without the box and
    /// the two closures between (a keyframe animation of such values writes one every frame:
    /// `CAKeyframeAnimation.apply`). nil for properties of other types.
    let plainWrite: PlainWrite?

    enum PlainWrite {
        case number((CALayer, Double) -> Void)
        case point((CALayer, Point) -> Void)
        case color((CALayer, Color) -> Void)
    }
    /// Reads the property's document value into a layer; nil when documents cannot set it.
    let readDocument: ((inout DocumentBuilder, CALayer, JSONValue, String) throws(DocumentError) -> Void)?

    init<Root, Value>(get read: @escaping (Root) -> Value, set write: @escaping (Root, Value) -> Void,
                      key: String, default defaultValue: Value,
                      affects: LayerPropertyEffect, boxing: LayerProperty<Root, Value>.Boxing?,
                      document: DocumentField<Value>?) {
        self.key = key
        isAnimatable = boxing != nil
        self.affects = affects
        documentName = document.map { $0.name ?? key }
        valueType = Value.self
        self.defaultValue = defaultValue
        // The tables hand every closure layers of the declaring class: no checked casts.
        copy = { to, from in write(unsafeDowncast(to, to: Root.self), read(unsafeDowncast(from, to: Root.self))) }
        equal = { a, b in read(unsafeDowncast(a, to: Root.self)) == read(unsafeDowncast(b, to: Root.self)) }
        if let b = boxing {
            get = { l in b.box(read(unsafeDowncast(l, to: Root.self))) }
            set = { l, v in
                guard let x = b.unbox(v) else { return false }
                write(unsafeDowncast(l, to: Root.self), x)
                return true
            }
            component = { l, sub in b.component(sub, read(unsafeDowncast(l, to: Root.self))) }
            setComponent = { l, sub, v in
                let r = unsafeDowncast(l, to: Root.self)
                guard let x = b.setting(sub, read(r), v) else { return false }
                write(r, x)
                return true
            }
            defaultHasComponent = { sub in b.component(sub, defaultValue) != nil }
            if Value.self == Double.self {
                plainWrite = .number { l, x in write(unsafeDowncast(l, to: Root.self), unsafeBitCast(x, to: Value.self)) }
            } else if Value.self == Point.self {
                plainWrite = .point { l, p in write(unsafeDowncast(l, to: Root.self), unsafeBitCast(p, to: Value.self)) }
            } else if Value.self == Color?.self {
                plainWrite = .color { l, c in write(unsafeDowncast(l, to: Root.self), unsafeBitCast(Color?.some(c), to: Value.self)) }
            } else {
                plainWrite = nil
            }
        } else {
            get = { _ in nil }
            set = { _, _ in false }
            component = { _, _ in nil }
            setComponent = { _, _, _ in false }
            defaultHasComponent = { _ in false }
            plainWrite = nil
        }
        if let field = document {
            readDocument = { builder, l, json, path throws(DocumentError) in
                write(unsafeDowncast(l, to: Root.self), try field.read(&builder, json, path))
            }
        } else {
            readDocument = nil
        }
    }

    /// The property's value on `layer`, boxed; nil when the property does not animate.
    public func value(of layer: CALayer) -> AnimatableValue? { get(layer) }
    /// Whether `a` and `b` hold the same value (both layers of the declaring class).
    public func hasSameValue(_ a: CALayer, _ b: CALayer) -> Bool { equal(a, b) }
}

extension CALayer {
    /// Tells the animation engine that the model value of `property` changed from `old`
    /// (implicit animations start here), and counts the change in `modelRevision`.
    /// Presentation copies and layers being filled by `init(layer:)` start no animation.
    @inline(__always) final func changed<Root, Value>(_ property: LayerProperty<Root, Value>, _ old: Value) {
        modelDidChange()
        // (The flag first: it is what a copy being filled answers, without loading `modelLayer`.)
        if !isCopyingProperties && modelLayer == nil, let b = property.boxing {
            propertyDidChange(property.key, from: b.box(old))
        }
    }
}
