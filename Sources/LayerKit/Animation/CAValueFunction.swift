// Value functions (CAValueFunction): an animation of `transform` whose values are not
// matrices but the inputs of one elementary transform — an angle, scale factors or a
// translation. The inputs are interpolated as numbers (so a rotation from 0 to 4π turns
// twice, which no interpolation of matrices can show) and each frame's input becomes the
// matrix through the function.

/// The names of the value functions (CAValueFunctionName).
public enum CAValueFunctionName: String, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// How many numbers the function takes: three for `scale` and `translate`, one otherwise.
    /// "Animations using this value transform function must provide animation values in an
    /// NSArray of three NSNumber instances that specify the (x, y, z) scale values."
    /// (kCAValueFunctionScale; the same for kCAValueFunctionTranslate) — every other function
    /// "expects a single input value".
    public var inputCount: Int { self == .scale || self == .translate ? 3 : 1 }
}

/// A function from input numbers to a transform matrix (CAValueFunction), set as a
/// property animation's `valueFunction`.
public final class CAValueFunction: @unchecked Sendable {
    /// The function's name (CAValueFunction.name).
    public let name: CAValueFunctionName
    /// `CAValueFunction(name:)`.
    public init(name: CAValueFunctionName) { self.name = name }

    /// The input that gives the identity matrix (angle 0, scale 1, translation 0): what an
    /// animation with a value function starts from when it has no fromValue.
    public var identityInput: AnimatableValue {
        switch name {
        case .scale: return .numbers([1, 1, 1])
        case .translate: return .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: return .number(1)
        default: return .number(0)
        }
    }

    /// The matrix for `input`: a number for the one-input functions, three numbers for
    /// `scale` and `translate`. nil when the input is not of that shape.
    public func transform(for input: AnimatableValue) -> CATransform3D? {
        let v: [Double]
        switch input {
        case .number(let x): v = [x]
        case .numbers(let xs): v = xs
        default: return nil
        }
        guard v.count == name.inputCount else { return nil }
        switch name {
        // "A value function that rotates by the input value, in radians, around the x-axis."
        case .rotateX: return .rotation(v[0], 1, 0, 0)
        case .rotateY: return .rotation(v[0], 0, 1, 0)
        case .rotateZ: return .rotation(v[0], 0, 0, 1)
        case .scale: return .scale(v[0], v[1], v[2])
        case .scaleX: return .scale(v[0], 1, 1)
        case .scaleY: return .scale(1, v[0], 1)
        case .scaleZ: return .scale(1, 1, v[0])
        case .translate: return .translation(v[0], v[1], v[2])
        case .translateX: return .translation(v[0], 0, 0)
        case .translateY: return .translation(0, v[0], 0)
        case .translateZ: return .translation(0, 0, v[0])
        }
    }
}
