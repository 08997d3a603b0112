// The declaration of one layer property: its key, the Swift property that stores it, its
// default, whether it animates, what a change alters on screen, and how a document spells
// it. Copying (`init(layer:)`), key-value access with sub key paths, implicit actions,
// document loading and `inspect` are all derived from these declarations, so a new
// property is one declaration next to its stored property (plus its drawing code).
//
// Values stay in ordinary stored properties (the renderer reads them directly); a
// declaration names its property by a Swift key path and reaches it only when a property
// is addressed by name, copied or loaded.

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
    /// The stored property.
    public let keyPath: ReferenceWritableKeyPath<Root, Value>
    /// The value a new layer starts with.
    public let defaultValue: Value
    /// What a change alters on screen.
    public let affects: LayerPropertyEffect
    /// Boxing for key-value access and animation; nil for a property that does not animate.
    let boxing: Boxing?
    /// How a document reads the value; nil when documents cannot set it.
    let document: DocumentField<Value>?

    /// Whether the property animates (has a key path, implicit animations, shows in `inspect`).
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
    public init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, key: String, default defaultValue: Value,
                animatable: Bool, affects: LayerPropertyEffect, document: DocumentField<Value>?)
    where Value: AnimatableValueConvertible {
        self.keyPath = keyPath
        self.key = key
        self.defaultValue = defaultValue
        self.affects = affects
        self.document = document
        boxing = animatable ? Boxing(box: { $0.animatableValue }, unbox: Value.init(animatableValue:),
                                     component: Value.component, setting: Value.setting) : nil
    }

    /// A property whose value type cannot animate (enumerations, strings, lists):
    /// `animatable` must be false.
    @_disfavoredOverload
    public init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, key: String, default defaultValue: Value,
                animatable: Bool, affects: LayerPropertyEffect, document: DocumentField<Value>?) {
        precondition(!animatable, "\(key): a \(Value.self) value cannot animate (not AnimatableValueConvertible)")
        self.keyPath = keyPath
        self.key = key
        self.defaultValue = defaultValue
        self.affects = affects
        self.document = document
        boxing = nil
    }

    /// The declaration without its types, for tables.
    public var erased: AnyLayerProperty { AnyLayerProperty(self) }
}

/// A layer property declaration with its value type erased: what tables hold and what
/// key-value access, copying and documents work through. Every operation takes a layer of
/// the declaring class (the tables guarantee it).
public struct AnyLayerProperty: @unchecked Sendable {
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
    /// The stored property (a `ReferenceWritableKeyPath<Root, Value>`).
    public let keyPath: AnyKeyPath

    let copy: (_ to: CALayer, _ from: CALayer) -> Void
    let equal: (CALayer, CALayer) -> Bool
    let get: (CALayer) -> AnimatableValue?
    let set: (CALayer, AnimatableValue) -> Bool
    let component: (CALayer, Substring) -> AnimatableValue?
    let setComponent: (CALayer, Substring, AnimatableValue) -> Bool
    let defaultHasComponent: (Substring) -> Bool
    /// Reads the property's document value into a layer; nil when documents cannot set it.
    let read: ((inout DocumentBuilder, CALayer, JSONValue, String) throws(DocumentError) -> Void)?

    init<Root, Value>(_ p: LayerProperty<Root, Value>) {
        key = p.key
        isAnimatable = p.isAnimatable
        affects = p.affects
        documentName = p.documentName
        valueType = Value.self
        defaultValue = p.defaultValue
        keyPath = p.keyPath
        let kp = p.keyPath
        copy = { to, from in unsafeDowncast(to, to: Root.self)[keyPath: kp] = unsafeDowncast(from, to: Root.self)[keyPath: kp] }
        equal = { a, b in unsafeDowncast(a, to: Root.self)[keyPath: kp] == unsafeDowncast(b, to: Root.self)[keyPath: kp] }
        if let b = p.boxing {
            get = { l in b.box(unsafeDowncast(l, to: Root.self)[keyPath: kp]) }
            set = { l, v in
                guard let x = b.unbox(v) else { return false }
                unsafeDowncast(l, to: Root.self)[keyPath: kp] = x
                return true
            }
            component = { l, sub in b.component(sub, unsafeDowncast(l, to: Root.self)[keyPath: kp]) }
            setComponent = { l, sub, v in
                let r = unsafeDowncast(l, to: Root.self)
                guard let x = b.setting(sub, r[keyPath: kp], v) else { return false }
                r[keyPath: kp] = x
                return true
            }
            let d = p.defaultValue
            defaultHasComponent = { sub in b.component(sub, d) != nil }
        } else {
            get = { _ in nil }
            set = { _, _ in false }
            component = { _, _ in nil }
            setComponent = { _, _, _ in false }
            defaultHasComponent = { _ in false }
        }
        if let field = p.document {
            read = { builder, l, json, path throws(DocumentError) in
                unsafeDowncast(l, to: Root.self)[keyPath: kp] = try field.read(&builder, json, path)
            }
        } else {
            read = nil
        }
    }

    /// The property's value on `layer`, boxed; nil when the property does not animate.
    public func value(of layer: CALayer) -> AnimatableValue? { get(layer) }
    /// Whether `a` and `b` hold the same value (both layers of the declaring class).
    public func hasSameValue(_ a: CALayer, _ b: CALayer) -> Bool { equal(a, b) }
}

extension CALayer {
    /// Tells the animation engine that the model value of `property` changed from `old`
    /// (implicit animations start here). Presentation copies and layers being filled by
    /// `init(layer:)` stay silent.
    @inline(__always) final func changed<Root, Value>(_ property: LayerProperty<Root, Value>, _ old: Value) {
        if modelLayer == nil && !isCopyingProperties, let b = property.boxing {
            propertyDidChange(property.key, from: b.box(old))
        }
    }
}
