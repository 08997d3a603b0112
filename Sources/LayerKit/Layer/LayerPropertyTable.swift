// The properties of one layer class, its superclasses' first, in declaration order, with
// the operations derived from them: copying a layer's values, reading and writing by key
// path (a property's key, then optionally a sub key path of its value: `position.x`,
// `bounds.size.width`, `transform.rotation.z`), and the lists `inspect` and a renderer use.

/// The property declarations of a layer class and of its superclasses.
public final class LayerPropertyTable: @unchecked Sendable {
    /// The class these are the properties of.
    public let layerClass: CALayer.Type
    /// The superclass's table (nil for CALayer).
    public let superclassTable: LayerPropertyTable?
    /// The properties this class declares itself, in declaration order.
    public let declared: [AnyLayerProperty]
    /// Every property of the class: the superclasses' first, then its own.
    public let all: [AnyLayerProperty]
    /// The animatable ones, in the same order (what `inspect` prints).
    public let animatable: [AnyLayerProperty]
    let byKey: [String: AnyLayerProperty]
    let byDocumentName: [String: AnyLayerProperty]
    /// Whether a layer is an instance of `layerClass` (or a subclass).
    let includes: (CALayer) -> Bool

    /// The table of `Root`: `superclassTable`'s properties followed by `declared`.
    public init<Root: CALayer>(_ root: Root.Type, superclass superclassTable: LayerPropertyTable?,
                               declared: [AnyLayerProperty]) {
        layerClass = root
        self.superclassTable = superclassTable
        self.declared = declared
        all = (superclassTable?.all ?? []) + declared
        animatable = all.filter(\.isAnimatable)
        var byKey: [String: AnyLayerProperty] = [:], byDocumentName: [String: AnyLayerProperty] = [:]
        for p in all {
            // (Not inside the precondition: -Ounchecked builds do not evaluate its condition.)
            let earlier = byKey.updateValue(p, forKey: p.key)
            precondition(earlier == nil, "property key \(p.key) declared twice")
            if let d = p.documentName { byDocumentName[d] = p }
        }
        self.byKey = byKey
        self.byDocumentName = byDocumentName
        includes = { $0 is Root }
    }

    /// The property with key `key`.
    public func property(forKey key: String) -> AnyLayerProperty? { byKey[key] }
    /// The property a document's layer object names `name`.
    public func property(forDocumentName name: String) -> AnyLayerProperty? { byDocumentName[name] }

    /// The animatable property `keyPath` starts with and the sub key path after it (nil
    /// when `keyPath` is the key itself).
    @inline(__always)
    func resolve(_ keyPath: String) -> (property: AnyLayerProperty, sub: Substring?)? {
        let (head, rest) = splitKeyPath(keyPath[...])
        guard let p = rest == nil ? byKey[keyPath] : byKey[String(head)], p.isAnimatable else { return nil }
        return (p, rest)
    }

    /// Whether `keyPath` names an animatable property (or a part of one) of this class.
    public func isAnimatableKeyPath(_ keyPath: String) -> Bool {
        guard let (p, sub) = resolve(keyPath) else { return false }
        return sub.map(p.defaultHasComponent) ?? true
    }

    /// `layer`'s value at `keyPath`; nil when the key path is unknown or not animatable.
    func value(of layer: CALayer, forKeyPath keyPath: String) -> AnimatableValue? {
        guard let (p, sub) = resolve(keyPath) else { return nil }
        return sub.map { p.component(layer, $0) } ?? p.get(layer)
    }

    /// Writes `value` at `keyPath` of `layer`; false when unknown or of the wrong kind.
    func setValue(_ value: AnimatableValue, of layer: CALayer, forKeyPath keyPath: String) -> Bool {
        guard let (p, sub) = resolve(keyPath) else { return false }
        return sub.map { p.setComponent(layer, $0, value) } ?? p.set(layer, value)
    }

    /// Copies every property both layers have from `source` into `target` (an instance of
    /// this table's class): the levels of the class chain `source` belongs to.
    func copy(from source: CALayer, to target: CALayer) {
        // The presentation copy's case: `source` has every level (it is of this table's class,
        // usually exactly): one flat pass over `all`, no class test per level.
        if type(of: source) == layerClass || includes(source) {
            all.copyValues(from: source, to: target)
            return
        }
        if let s = superclassTable { s.copy(from: source, to: target) }
        guard includes(source) else { return }
        declared.copyValues(from: source, to: target)
    }

    /// The properties whose values differ between `a` and `b` (two layers of this class).
    public func changedProperties(from a: CALayer, to b: CALayer) -> [AnyLayerProperty] {
        all.filter { !$0.hasSameValue(a, b) }
    }
}

extension Array where Element == AnyLayerProperty {
    /// Copies each listed property's value from `source` into `target` (layers of the
    /// declaring classes). The declarations are read from the array's storage unretained: a
    /// `for p in self` loop retains and releases each declaration and its copy closure's
    /// context, two pairs a property (about 3 K instructions of a 7 K layer copy), while the
    /// array, alive for the whole call, holds them anyway.
    @inline(__always) func copyValues(from source: CALayer, to target: CALayer) {
        withUnsafeBufferPointer { properties in
            for i in properties.indices {
                Unmanaged.passUnretained(properties[i])._withUnsafeGuaranteedRef { $0.copy(target, source) }
            }
        }
    }
}
