// A property animation's key path read once for the class of layer it animates, instead of
// once per frame: the property of the class's table the key path starts with and the part
// of the value after it, a `transform.*` component parsed to its `TransformComponent`.
// Reading and writing through it give what `value(forKeyPath:)` and `setValue(_:forKeyPath:)`
// give (the same table lookups, done ahead): for LayerKit's own layer classes, whose
// key-value methods are CALayer's; a class that may override them (CAEmitterLayer, any
// subclass made outside) is read and written through its methods, as before.
//
// A transform component keeps the last matrix it decomposed with its components: an animated
// copy gets the model's transform back every frame before its animations write (the render
// tree), so the same matrix is decomposed frame after frame. The matrices are compared bit
// for bit, so a kept decomposition is the one the matrix would give again.

/// `keyPath` read against one layer class (see the file header).
final class ResolvedKeyPath {
    /// The class it was read for.
    let layerClass: ObjectIdentifier
    /// What reads and writes go through.
    private let target: Target
    /// The last matrix a transform component decomposed, and its components (nil: singular).
    private var lastMatrix = CATransform3D()
    private var lastComponents: DecomposedTransform?
    private var hasLast = false

    private enum Target {
        /// The layer's own key-value methods, with the key path.
        case layerMethods(String)
        /// No animatable property: reads give nil, writes fail.
        case nothing
        /// The whole value of a property.
        case whole(AnyLayerProperty)
        /// A part of a property's value (`position.x`, `bounds.size`).
        case component(AnyLayerProperty, Substring)
        /// A component of a transform-valued property (`transform.rotation.z`).
        case transform(AnyLayerProperty, TransformComponent)
        /// A component of CALayer's `transform` or `sublayerTransform` (`sublayer` true), read
        /// and written as the stored matrix, where its declaration's accessors would box and
        /// unbox it.
        case layerTransform(TransformComponent, sublayer: Bool)
    }

    /// `keyPath` read for `layer`'s class.
    init(_ keyPath: String, for layer: CALayer) {
        let cls = type(of: layer)
        layerClass = ObjectIdentifier(cls)
        guard Self.usesCALayerKeyValueMethods(cls) else { target = .layerMethods(keyPath); return }
        // As `LayerPropertyTable.resolve`: the key, or the head before the first dot.
        guard let (p, sub) = cls.properties.resolve(keyPath) else { target = .nothing; return }
        if let sub {
            if p.valueType == CATransform3D.self, let c = TransformComponent(name: sub) {
                target = p === CALayer.transform.erased ? .layerTransform(c, sublayer: false)
                    : p === CALayer.sublayerTransform.erased ? .layerTransform(c, sublayer: true) : .transform(p, c)
            } else {
                target = .component(p, sub)
            }
        } else {
            target = .whole(p)
        }
    }

    /// The value at the key path on `layer` (of the class it was read for), as
    /// `value(forKeyPath:)` gives it.
    func value(of layer: CALayer) -> AnimatableValue? {
        switch target {
        case .layerMethods(let keyPath): return layer.value(forKeyPath: keyPath)
        case .nothing: return nil
        case .whole(let p): return p.get(layer)
        case .component(let p, let sub): return p.component(layer, sub)
        case .transform(let p, let c):
            guard case .transform(let m)? = p.get(layer) else { return nil }
            return c.value(in: components(of: m) ?? TransformComponent.singularComponents)
        case .layerTransform(let c, let sublayer):
            return c.value(in: components(of: sublayer ? layer.sublayerTransform : layer.transform)
                           ?? TransformComponent.singularComponents)
        }
    }

    /// Writes `value` at the key path of `layer`: what `setValue(value.boxed, of:)` writes,
    /// straight into the stored property when the key path is one whole property of the
    /// value's type (`AnyLayerProperty.plainWrite`).
    @inline(__always)
    func setPlainValue(_ value: KeyframePlainValue, of layer: CALayer) {
        if case .whole(let p) = target, let w = p.plainWrite {
            switch (w, value) {
            case (.number(let write), .number(let x)): write(layer, x); return
            case (.point(let write), .point(let q)): write(layer, q); return
            case (.color(let write), .color(let c)): write(layer, c); return
            default: break
            }
        }
        setValue(value.boxed, of: layer)
    }

    /// Writes `value` at the key path of `layer` (of the class it was read for), as
    /// `setValue(_:forKeyPath:)` does; false when it cannot.
    @discardableResult
    func setValue(_ value: AnimatableValue, of layer: CALayer) -> Bool {
        switch target {
        case .layerMethods(let keyPath): return layer.setValue(value, forKeyPath: keyPath)
        case .nothing: return false
        case .whole(let p): return p.set(layer, value)
        case .component(let p, let sub): return p.setComponent(layer, sub, value)
        case .transform(let p, let c):
            // "A singular `t` starts from the identity's components" (settingTransformComponent).
            guard case .transform(let m)? = p.get(layer),
                  let t = c.setting(value, in: components(of: m) ?? DecomposedTransform()) else { return false }
            return p.set(layer, .transform(t))
        case .layerTransform(let c, let sublayer):
            guard let t = c.setting(value, in: components(of: sublayer ? layer.sublayerTransform : layer.transform)
                                    ?? DecomposedTransform()) else { return false }
            if sublayer { layer.sublayerTransform = t } else { layer.transform = t }
            return true
        }
    }

    /// `m.decomposed`, kept for the last matrix.
    private func components(of m: CATransform3D) -> DecomposedTransform? {
        if hasLast && m.hasSameBits(as: lastMatrix) { return lastComponents }
        let d = m.decomposed
        lastMatrix = m; lastComponents = d; hasLast = true
        return d
    }

    /// Whether `cls` reads and writes key paths with CALayer's methods: LayerKit's layer
    /// classes other than CAEmitterLayer (whose methods add its cells' key paths).
    private static func usesCALayerKeyValueMethods(_ cls: CALayer.Type) -> Bool {
        cls == CALayer.self || cls == CAShapeLayer.self || cls == CAGradientLayer.self || cls == CATextLayer.self
            || cls == CAReplicatorLayer.self || cls == CATransformLayer.self
    }
}

extension CATransform3D {
    /// Whether every entry has the same bits as `o`'s (unlike `==`, tells 0 from −0 and
    /// takes a NaN for itself).
    @inline(__always)
    fileprivate func hasSameBits(as o: CATransform3D) -> Bool {
        m11.bitPattern == o.m11.bitPattern && m12.bitPattern == o.m12.bitPattern
            && m13.bitPattern == o.m13.bitPattern && m14.bitPattern == o.m14.bitPattern
            && m21.bitPattern == o.m21.bitPattern && m22.bitPattern == o.m22.bitPattern
            && m23.bitPattern == o.m23.bitPattern && m24.bitPattern == o.m24.bitPattern
            && m31.bitPattern == o.m31.bitPattern && m32.bitPattern == o.m32.bitPattern
            && m33.bitPattern == o.m33.bitPattern && m34.bitPattern == o.m34.bitPattern
            && m41.bitPattern == o.m41.bitPattern && m42.bitPattern == o.m42.bitPattern
            && m43.bitPattern == o.m43.bitPattern && m44.bitPattern == o.m44.bitPattern
    }
}
