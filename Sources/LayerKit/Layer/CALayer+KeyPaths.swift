// Key-value access to the animatable properties, with Core Animation's key paths.
// Sub-paths of `transform` read the decomposed component (DecomposedTransform) and write by
// replacing that component and rebuilding the matrix (scale, rotate x·y·z, translate).

extension CALayer {
    /// The animatable properties of CALayer by key (what `inspect` reports).
    public static let layerPropertyKeys: [String] = [
        "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
        "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
        "masksToBounds", "contents",
    ]

    /// Every animatable property key of this layer, in a stable order (subclasses' keys last).
    public var animatablePropertyKeys: [String] {
        var keys = CALayer.layerPropertyKeys
        if self is CAShapeLayer { keys += CAShapeLayer.shapePropertyKeys }
        if self is CATextLayer { keys += CATextLayer.textPropertyKeys }
        return keys
    }

    /// Whether `keyPath` names an animatable property (or sub-property) of this layer.
    public func isAnimatableKeyPath(_ keyPath: String) -> Bool { value(forKeyPath: keyPath) != nil }

    /// CALayer's own key paths (the base implementation of value(forKeyPath:)).
    final func layerValue(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "bounds": return .rect(bounds)
        case "bounds.origin": return .point(bounds.origin)
        case "bounds.origin.x": return .number(bounds.origin.x)
        case "bounds.origin.y": return .number(bounds.origin.y)
        case "bounds.size": return .size(bounds.size)
        case "bounds.size.width": return .number(bounds.size.width)
        case "bounds.size.height": return .number(bounds.size.height)
        case "position": return .point(position)
        case "position.x": return .number(position.x)
        case "position.y": return .number(position.y)
        case "anchorPoint": return .point(anchorPoint)
        case "anchorPoint.x": return .number(anchorPoint.x)
        case "anchorPoint.y": return .number(anchorPoint.y)
        case "zPosition": return .number(zPosition)
        case "transform": return .transform(transform)
        case "sublayerTransform": return .transform(sublayerTransform)
        case "opacity": return .number(opacity)
        case "hidden": return .bool(isHidden)
        case "backgroundColor": return .color(backgroundColor)
        case "cornerRadius": return .number(cornerRadius)
        case "borderWidth": return .number(borderWidth)
        case "borderColor": return .color(borderColor)
        case "masksToBounds": return .bool(masksToBounds)
        case "contents": return .image(contents)
        default:
            if keyPath.hasPrefix("transform.") {
                return CALayer.transformComponent(transform, String(keyPath.dropFirst("transform.".count)))
            }
            if keyPath.hasPrefix("sublayerTransform.") {
                return CALayer.transformComponent(sublayerTransform, String(keyPath.dropFirst("sublayerTransform.".count)))
            }
            return nil
        }
    }

    /// CALayer's own key paths (the base implementation of setValue(_:forKeyPath:)).
    final func setLayerValue(_ v: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        switch keyPath {
        case "bounds": guard case .rect(let r) = v else { return false }; bounds = r
        case "bounds.origin": guard let p = v.kpPoint else { return false }; bounds.origin = p
        case "bounds.origin.x": guard let n = v.kpNumber else { return false }; bounds.origin.x = n
        case "bounds.origin.y": guard let n = v.kpNumber else { return false }; bounds.origin.y = n
        case "bounds.size": guard let s = v.kpSize else { return false }; bounds.size = s
        case "bounds.size.width": guard let n = v.kpNumber else { return false }; bounds.size.width = n
        case "bounds.size.height": guard let n = v.kpNumber else { return false }; bounds.size.height = n
        case "position": guard let p = v.kpPoint else { return false }; position = p
        case "position.x": guard let n = v.kpNumber else { return false }; position.x = n
        case "position.y": guard let n = v.kpNumber else { return false }; position.y = n
        case "anchorPoint": guard let p = v.kpPoint else { return false }; anchorPoint = p
        case "anchorPoint.x": guard let n = v.kpNumber else { return false }; anchorPoint.x = n
        case "anchorPoint.y": guard let n = v.kpNumber else { return false }; anchorPoint.y = n
        case "zPosition": guard let n = v.kpNumber else { return false }; zPosition = n
        case "transform": guard case .transform(let t) = v else { return false }; transform = t
        case "sublayerTransform": guard case .transform(let t) = v else { return false }; sublayerTransform = t
        case "opacity": guard let n = v.kpNumber else { return false }; opacity = n
        case "hidden": guard let b = v.kpBool else { return false }; isHidden = b
        case "backgroundColor": guard case .color(let c) = v else { return false }; backgroundColor = c
        case "cornerRadius": guard let n = v.kpNumber else { return false }; cornerRadius = n
        case "borderWidth": guard let n = v.kpNumber else { return false }; borderWidth = n
        case "borderColor": guard case .color(let c) = v else { return false }; borderColor = c
        case "masksToBounds": guard let b = v.kpBool else { return false }; masksToBounds = b
        case "contents": guard case .image(let i) = v else { return false }; contents = i
        default:
            if keyPath.hasPrefix("transform.") {
                guard let t = CALayer.settingTransformComponent(transform, String(keyPath.dropFirst("transform.".count)), v)
                else { return false }
                transform = t
                return true
            }
            if keyPath.hasPrefix("sublayerTransform.") {
                guard let t = CALayer.settingTransformComponent(sublayerTransform, String(keyPath.dropFirst("sublayerTransform.".count)), v)
                else { return false }
                sublayerTransform = t
                return true
            }
            return false
        }
        return true
    }

    /// The names after `transform.` that Core Animation understands.
    public static let transformSubKeys: Set<String> = [
        "scale", "scale.x", "scale.y", "scale.z", "rotation", "rotation.x", "rotation.y", "rotation.z",
        "translation", "translation.x", "translation.y", "translation.z",
    ]

    /// Reads one component of a transform (`scale.x`, `rotation`, `translation`, …).
    /// `scale` reads the mean of the x and y scales; `translation` reads a size (x, y).
    /// A singular matrix reads as zeros, as Core Animation's decomposition gives.
    public static func transformComponent(_ t: CATransform3D, _ sub: String) -> AnimatableValue? {
        guard transformSubKeys.contains(sub) else { return nil }
        let d = t.decomposed ?? {
            var z = DecomposedTransform(); z.sx = 0; z.sy = 0; z.sz = 0; return z
        }()
        switch sub {
        case "scale": return .number((d.sx + d.sy) / 2)
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
