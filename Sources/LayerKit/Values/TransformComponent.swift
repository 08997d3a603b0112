// One component of a CATransform3D that a `transform.*` key path names (`scale.x`,
// `rotation.z`, `translation`, …), read once from its name: reading it decomposes the matrix
// (DecomposedTransform) and picks the component; writing it replaces the component and
// rebuilds the matrix. The names are those of the Core Animation Programming Guide's
// "Key-Value Coding Extensions" table for CATransform3D.

/// A component of a transform named by a sub key path of `transform` or `sublayerTransform`.
public enum TransformComponent: Sendable, CaseIterable {
    /// `scale`: "Set to an NSNumber object whose value is the average of all three scale
    /// factors." (Core Animation Programming Guide, Key-Value Coding Extensions); writing it
    /// sets all three.
    case scale
    case scaleX, scaleY, scaleZ
    /// `rotation` and `rotation.z`.
    case rotationZ
    case rotationX, rotationY
    /// `translation`: a size (x, y); writing takes a size or a point.
    case translation
    case translationX, translationY, translationZ

    /// The component named `name` (the key path after `transform.`); nil for another name.
    public init?(name: Substring) {
        switch name {
        case "scale": self = .scale
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "rotation", "rotation.z": self = .rotationZ
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "translation": self = .translation
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// The components of `t`, as the key paths read them: a singular matrix reads as zeros
    /// (`singularComponents`), as Core Animation's decomposition gives.
    public static func readableComponents(of t: CATransform3D) -> DecomposedTransform {
        t.decomposed ?? singularComponents
    }
    /// What the key paths read of a singular matrix: every component zero, scales included.
    public static let singularComponents: DecomposedTransform = {
        var z = DecomposedTransform(); z.sx = 0; z.sy = 0; z.sz = 0; return z
    }()

    /// This component's value in `d` (the components of a transform, `readableComponents`).
    public func value(in d: DecomposedTransform) -> AnimatableValue {
        switch self {
        case .scale: return .number((d.sx + d.sy + d.sz) / 3)
        case .scaleX: return .number(d.sx)
        case .scaleY: return .number(d.sy)
        case .scaleZ: return .number(d.sz)
        case .rotationZ: return .number(d.rz)
        case .rotationX: return .number(d.rx)
        case .rotationY: return .number(d.ry)
        case .translation: return .size(Size(d.tx, d.ty))
        case .translationX: return .number(d.tx)
        case .translationY: return .number(d.ty)
        case .translationZ: return .number(d.tz)
        }
    }

    /// The matrix of `d` (the components of a transform, a singular one starting from the
    /// identity's) with this component set to `v`; nil for a value of the wrong type.
    public func setting(_ v: AnimatableValue, in d: DecomposedTransform) -> CATransform3D? {
        var d = d
        if self == .translation {
            switch v {
            case .size(let s): d.tx = s.width; d.ty = s.height
            case .point(let p): d.tx = p.x; d.ty = p.y
            default: return nil
            }
            return d.matrix
        }
        guard let n = v.kpNumber else { return nil }
        switch self {
        case .scale: d.sx = n; d.sy = n; d.sz = n
        case .scaleX: d.sx = n
        case .scaleY: d.sy = n
        case .scaleZ: d.sz = n
        case .rotationZ: d.rz = n
        case .rotationX: d.rx = n
        case .rotationY: d.ry = n
        case .translationX: d.tx = n
        case .translationY: d.ty = n
        case .translationZ: d.tz = n
        case .translation: return nil
        }
        return d.matrix
    }
}
