// Key-value access to the animatable properties, with Core Animation's key paths: a
// property's key, optionally followed by a part of its value (`position.x`,
// `bounds.size.width`, `transform.rotation.z`). The keys come from the property tables;
// sub-paths of `transform` read the decomposed component (DecomposedTransform) and write by
// replacing that component and rebuilding the matrix (scale, rotate x·y·z, translate).

extension CALayer {
    /// The animatable properties of CALayer by key (what `inspect` reports).
    public static var layerPropertyKeys: [String] { CALayer.layerProperties.animatable.map(\.key) }

    /// Every animatable property key of this layer, in a stable order (subclasses' keys last).
    public var animatablePropertyKeys: [String] { type(of: self).properties.animatable.map(\.key) }

    /// Whether `keyPath` names an animatable property (or sub-property) of this layer.
    public func isAnimatableKeyPath(_ keyPath: String) -> Bool { value(forKeyPath: keyPath) != nil }

    /// The names after `transform.` that Core Animation understands.
    public static let transformSubKeys: Set<String> = [
        "scale", "scale.x", "scale.y", "scale.z", "rotation", "rotation.x", "rotation.y", "rotation.z",
        "translation", "translation.x", "translation.y", "translation.z",
    ]

    /// Reads one component of a transform (`scale.x`, `rotation`, `translation`, …).
    /// `scale` reads the mean of the x, y and z scales; `translation` reads a size (x, y).
    /// A singular matrix reads as zeros, as Core Animation's decomposition gives.
    public static func transformComponent(_ t: CATransform3D, _ sub: String) -> AnimatableValue? {
        guard transformSubKeys.contains(sub) else { return nil }
        let d = t.decomposed ?? {
            var z = DecomposedTransform(); z.sx = 0; z.sy = 0; z.sz = 0; return z
        }()
        switch sub {
        // "Set to an NSNumber object whose value is the average of all three scale factors."
        // (transform.scale, Core Animation Programming Guide, Key-Value Coding Extensions)
        case "scale": return .number((d.sx + d.sy + d.sz) / 3)
        case "scale.x": return .number(d.sx)
        case "scale.y": return .number(d.sy)
        case "scale.z": return .number(d.sz)
        case "rotation", "rotation.z": return .number(d.rz)
        case "rotation.x": return .number(d.rx)
        case "rotation.y": return .number(d.ry)
        case "translation": return .size(Size(d.tx, d.ty))
        case "translation.x": return .number(d.tx)
        case "translation.y": return .number(d.ty)
        case "translation.z": return .number(d.tz)
        default: return nil
        }
    }

    /// `t` with one component replaced (decompose, set, rebuild); nil for an unknown name or
    /// a value of the wrong type. A singular `t` starts from the identity's components.
    public static func settingTransformComponent(_ t: CATransform3D, _ sub: String, _ v: AnimatableValue) -> CATransform3D? {
        guard transformSubKeys.contains(sub) else { return nil }
        var d = t.decomposed ?? DecomposedTransform()
        if sub == "translation" {
            switch v {
            case .size(let s): d.tx = s.width; d.ty = s.height
            case .point(let p): d.tx = p.x; d.ty = p.y
            default: return nil
            }
            return d.matrix
        }
        guard let n = v.kpNumber else { return nil }
        switch sub {
        case "scale": d.sx = n; d.sy = n; d.sz = n
        case "scale.x": d.sx = n
        case "scale.y": d.sy = n
        case "scale.z": d.sz = n
        case "rotation", "rotation.z": d.rz = n
        case "rotation.x": d.rx = n
        case "rotation.y": d.ry = n
        case "translation.x": d.tx = n
        case "translation.y": d.ty = n
        case "translation.z": d.tz = n
        default: return nil
        }
        return d.matrix
    }
}
