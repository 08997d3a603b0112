// The animations of a layer document: each animation object checked and parsed for its key
// path (AnimationSpec), then made into the CAAnimation it describes.

/// One animation object of a document, checked and with its values parsed for its key path
/// (what `layer.add(_:forKey:)` gets once turned into a CAAnimation).
public struct AnimationSpec {
    /// The document's animation types: `basic`, `keyframe`, `group`, `spring`, `transition`.
    public enum Kind: String, Sendable, CaseIterable { case basic, keyframe, group, spring, transition }
    /// A timing function: a named one or four control-point numbers.
    public enum TimingFunctionSpec: Equatable, Sendable {
        case named(String)
        case controlPoints(Double, Double, Double, Double)
    }
    public var kind: Kind
    public var key: String?
    public var keyPath: String?
    // CAMediaTiming
    public var beginTime = 0.0, duration = 0.0, speed = 1.0, timeOffset = 0.0
    public var repeatCount = 0.0, repeatDuration = 0.0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed
    public var removedOnCompletion = true
    public var timingFunction: TimingFunctionSpec?
    // basic / spring
    public var fromValue: AnimatableValue?, toValue: AnimatableValue?, byValue: AnimatableValue?
    public var additive = false, cumulative = false
    /// basic, keyframe, spring: the value function of a transform animation (its values are
    /// then the function's inputs).
    public var valueFunction: CAValueFunctionName?
    // spring
    public var mass = 1.0, stiffness = 100.0, damping = 10.0, initialVelocity = 0.0
    public var allowsOverdamping = false
    // keyframe
    public var values: [AnimatableValue]?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunctionSpec]?
    public var calculationMode: String?
    public var tensionValues: [Double]?, continuityValues: [Double]?, biasValues: [Double]?
    public var path: Path?
    public var rotationMode: String?
    // group
    public var animations: [AnimationSpec] = []
    // transition
    public var transitionType: String?
    public var subtype: String?
    public var startProgress = 0.0, endProgress = 1.0
    /// Property values the layer takes when the transition starts, by key path.
    public var to: [(String, AnimatableValue)] = []

    public init(kind: Kind) { self.kind = kind }
}

extension DocumentBuilder {
    static let timingKeys: Set<String> = [
        "type", "key", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
    ]
    static let animationKeys: [AnimationSpec.Kind: Set<String>] = [
        .basic: timingKeys.union(["keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative",
                                  "valueFunction"]),
        .spring: timingKeys.union(["keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative", "valueFunction",
                                   "mass", "stiffness", "damping", "initialVelocity",
                                   "allowsOverdamping", "perceptualDuration", "bounce"]),
        .keyframe: timingKeys.union(["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode",
                                     "tensionValues", "continuityValues", "biasValues", "path", "rotationMode",
                                     "additive", "cumulative", "valueFunction"]),
        .group: timingKeys.union(["animations"]),
        .transition: timingKeys.union(["transitionType", "subtype", "startProgress", "endProgress", "to"]),
    ]
    static let namedTimingFunctions: Set<String> = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
    static let calculationModes: Set<String> = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
    /// The format's twelve Core Animation types, plus (an addition) UIKit's view-transition
    /// names: flipFromLeft/Right/Top/Bottom, curlUp, curlDown, crossDissolve.
    static let transitionTypes: Set<String> = Set(TransitionType.allCases.map(\.rawValue))
    static let transitionSubtypes: Set<String> = ["fromLeft", "fromRight", "fromTop", "fromBottom"]

    mutating func validateAnimation(_ json: JSONValue, for layer: CALayer, _ p: String) throws(DocumentError) {
        specs.append((layer, try animationSpec(json, for: layer, p), p))
    }

    /// Parses and checks one animation object against its layer.
    mutating func animationSpec(_ json: JSONValue, for layer: CALayer, _ p: String) throws(DocumentError) -> AnimationSpec {
        let members = try object(json, p)
        guard let tj = json["type"] else { throw DocumentError(p + ".type", "missing (basic, keyframe, group, spring, transition)") }
        let ts = try string(tj, p + ".type")
        guard let kind = AnimationSpec.Kind(rawValue: ts) else {
            throw DocumentError(p + ".type", "unknown animation type \"\(ts)\" (basic, keyframe, group, spring, transition)")
        }
        try checkKeys(members, Self.animationKeys[kind]!, p)
        var a = AnimationSpec(kind: kind)
        // The kind of value the key path holds decides how values are read.
        var like: AnimatableValue? = nil
        if kind == .basic || kind == .spring || kind == .keyframe {
            guard let kj = json["keyPath"] else {
                if kind == .keyframe, json["path"] != nil { a.keyPath = "position"; like = .point(.zero) }
                else { throw DocumentError(p + ".keyPath", "missing") }
                return try fill(&a, members, layer, like, p)
            }
            let kp = try string(kj, p + ".keyPath")
            guard let v = layer.value(forKeyPath: kp) else { throw DocumentError(p + ".keyPath", "unknown key path \"\(kp)\"") }
            a.keyPath = kp
            like = v
            if let fj = json["valueFunction"] {
                // The values are the function's inputs: one number, or three for scale and
                // translate ("an NSArray of three NSNumber instances", kCAValueFunctionScale).
                let q = p + ".valueFunction"
                let name = try string(fj, q)
                guard let f = CAValueFunctionName(rawValue: name) else {
                    throw DocumentError(q, "unknown value function \"\(name)\" ("
                        + CAValueFunctionName.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                guard case .transform = v else {
                    throw DocumentError(q, "a value function animates a transform, not \"\(kp)\"")
                }
                a.valueFunction = f
                like = f.inputCount == 1 ? .number(0) : .numbers(Array(repeating: 0, count: f.inputCount))
            }
        }
        return try fill(&a, members, layer, like, p)
    }

    private mutating func fill(_ a: inout AnimationSpec, _ members: [(String, JSONValue)], _ layer: CALayer,
                               _ like: AnimatableValue?, _ p: String) throws(DocumentError) -> AnimationSpec {
        var perceptual: (duration: Double?, bounce: Double?) = (nil, nil)
        for (k, v) in members {
            let q = p + "." + k
            switch k {
            case "type", "keyPath": continue
            case "valueFunction":
                // Read with the key path (it decides how values are read); without one there
                // is no transform for it to animate.
                guard a.valueFunction != nil else { throw DocumentError(q, "a value function animates a transform; give keyPath") }
            case "key": a.key = try string(v, q)
            case "beginTime": a.beginTime = try number(v, q)
            case "duration": a.duration = try nonNegativeTime(v, q)
            case "speed": a.speed = try number(v, q)
            case "timeOffset": a.timeOffset = try number(v, q)
            case "repeatCount": a.repeatCount = try nonNegativeTime(v, q)
            case "repeatDuration": a.repeatDuration = try nonNegativeTime(v, q)
            case "autoreverses": a.autoreverses = try bool(v, q)
            case "fillMode": a.fillMode = try enumValue(v, q, CAMediaTimingFillMode.self)
            case "removedOnCompletion": a.removedOnCompletion = try bool(v, q)
            case "timingFunction": a.timingFunction = try timingFunction(v, q)
            case "fromValue": a.fromValue = try animValue(v, like!, layer, q)
            case "toValue": a.toValue = try animValue(v, like!, layer, q)
            case "byValue": a.byValue = try animValue(v, like!, layer, q)
            case "additive": a.additive = try bool(v, q)
            case "cumulative": a.cumulative = try bool(v, q)
            case "mass": a.mass = try positive(v, q)
            case "stiffness": a.stiffness = try positive(v, q)
            case "damping": a.damping = try nonNegative(v, q)
            case "initialVelocity": a.initialVelocity = try number(v, q)
            case "allowsOverdamping": a.allowsOverdamping = try bool(v, q)
            case "perceptualDuration": perceptual.duration = try positive(v, q)
            case "bounce":
                let b = try number(v, q)
                guard b > -1, b <= 1 else { throw DocumentError(q, "must be above -1 and at most 1 (got \(b))") }
                perceptual.bounce = b
            case "values":
                var out: [AnimatableValue] = []
                for (i, x) in try array(v, q).enumerated() { out.append(try animValue(x, like!, layer, "\(q)[\(i)]")) }
                a.values = out
            case "keyTimes":
                let kt = try numberList(v, q)
                for (i, t) in kt.enumerated() where t < 0 || t > 1 || (i > 0 && t < kt[i - 1]) {
                    throw DocumentError("\(q)[\(i)]", "key times must rise from 0 to 1 (got \(t))")
                }
                a.keyTimes = kt
            case "timingFunctions":
                var out: [AnimationSpec.TimingFunctionSpec] = []
                for (i, x) in try array(v, q).enumerated() { out.append(try timingFunction(x, "\(q)[\(i)]")) }
                a.timingFunctions = out
            case "calculationMode":
                a.calculationMode = try oneOf(v, q, in: Self.calculationModes, unknown: "calculation mode",
                                             listed: "linear, discrete, paced, cubic, cubicPaced")
            case "tensionValues": a.tensionValues = try numberList(v, q)
            case "continuityValues": a.continuityValues = try numberList(v, q)
            case "biasValues": a.biasValues = try numberList(v, q)
            case "path":
                guard a.keyPath == "position" || a.keyPath == nil else {
                    throw DocumentError(q, "a keyframe path animates \"position\", not \"\(a.keyPath!)\"")
                }
                a.path = try pathValue(v, q)
            case "rotationMode":
                a.rotationMode = try oneOf(v, q, in: ["auto", "autoReverse"], unknown: "rotation mode", listed: "auto, autoReverse")
            case "animations":
                for (i, x) in try array(v, q).enumerated() {
                    let child = try animationSpec(x, for: layer, "\(q)[\(i)]")
                    a.animations.append(child)
                }
            case "transitionType":
                a.transitionType = try oneOf(v, q, in: Self.transitionTypes, unknown: "transition type")
            case "subtype":
                a.subtype = try oneOf(v, q, in: Self.transitionSubtypes, unknown: "transition subtype",
                                     listed: "fromLeft, fromRight, fromTop, fromBottom")
            case "startProgress": a.startProgress = try unit(v, q)
            case "endProgress": a.endProgress = try unit(v, q)
            case "to":
                for (kp, x) in try object(v, q) {
                    guard let l = layer.value(forKeyPath: kp) else { throw DocumentError(q + "." + kp, "unknown key path \"\(kp)\"") }
                    a.to.append((kp, try animValue(x, l, layer, q + "." + kp)))
                }
            default: throw DocumentError(q, "unknown key \"\(k)\"")
            }
        }
        if a.kind == .keyframe, a.values == nil, a.path == nil {
            throw DocumentError(p + ".values", "missing (a keyframe animation needs values or a path)")
        }
        // keyTimes of any count are accepted: discrete wants one more than values, linear and
        // cubic one per value, paced modes ignore them, and counts that do not fit are read as
        // CAKeyframeAnimation.keyTimeReading(valueCount:) describes ("If they do not, the
        // timing of your animation might not be what you expect." — CAKeyframeAnimation.keyTimes).
        if perceptual.duration != nil || perceptual.bounce != nil {
            // CASpringAnimation(perceptualDuration:bounce:), with SwiftUI's defaults for the one
            // left out: init(duration: TimeInterval = 0.5, bounce: Double = 0.0).
            for k in ["mass", "stiffness", "damping"] where members.contains(where: { $0.0 == k }) {
                throw DocumentError(p + "." + k, "not allowed with perceptualDuration or bounce (they set mass, stiffness and damping)")
            }
            let bounce = perceptual.bounce ?? 0
            let sp = CASpringAnimation.parameters(perceptualDuration: perceptual.duration ?? 0.5, bounce: bounce)
            a.mass = sp.mass; a.stiffness = sp.stiffness; a.damping = sp.damping
            if bounce < 0 && !members.contains(where: { $0.0 == "allowsOverdamping" }) { a.allowsOverdamping = true }
        }
        if a.kind == .transition, a.transitionType == nil { a.transitionType = "fade" }
        return a
    }

    func nonNegativeTime(_ v: JSONValue, _ p: String) throws(DocumentError) -> Double {
        let n = try number(v, p, allowInfinity: true)
        guard n >= 0 else { throw DocumentError(p, "must not be negative (got \(n))") }
        return n
    }
    func positive(_ v: JSONValue, _ p: String) throws(DocumentError) -> Double {
        let n = try number(v, p)
        guard n > 0 else { throw DocumentError(p, "must be positive (got \(n))") }
        return n
    }
    func unit(_ v: JSONValue, _ p: String) throws(DocumentError) -> Double {
        let n = try number(v, p)
        guard n >= 0, n <= 1 else { throw DocumentError(p, "must be within 0…1 (got \(n))") }
        return n
    }
    func numberList(_ v: JSONValue, _ p: String) throws(DocumentError) -> [Double] {
        var out: [Double] = []
        for (i, x) in try array(v, p).enumerated() { out.append(try number(x, "\(p)[\(i)]")) }
        return out
    }

    func timingFunction(_ v: JSONValue, _ p: String) throws(DocumentError) -> AnimationSpec.TimingFunctionSpec {
        if case .string(let s) = v {
            guard Self.namedTimingFunctions.contains(s) else {
                throw DocumentError(p, "unknown timing function \"\(s)\" (linear, easeIn, easeOut, easeInEaseOut, default, or 4 numbers)")
            }
            return .named(s)
        }
        guard case .array = v else { throw DocumentError(p, "expected a timing function name or 4 numbers, got \(v.kindName)") }
        let n = try numbers(v, p, count: 4, what: "4 control-point numbers")
        guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
            throw DocumentError(p, "control point x values must be within 0…1")
        }
        return .controlPoints(n[0], n[1], n[2], n[3])
    }

    /// A value for a key path of the kind `like` holds (null only where "none" exists).
    mutating func animValue(_ v: JSONValue, _ like: AnimatableValue, _ layer: CALayer, _ p: String) throws(DocumentError) -> AnimatableValue {
        switch like {
        case .number: return .number(try number(v, p))
        case .bool:
            if case .number(let n) = v { return .bool(n != 0) }
            return .bool(try bool(v, p))
        case .point: return .point(try point(v, p))
        case .size: return .size(try size(v, p))
        case .rect: return .rect(try rect(v, p))
        case .color: return .color(try color(v, p))
        case .transform:
            if case .array(let a) = v, a.count == 16, a.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                throw DocumentError(p, "a transform is a list of operations; write 16 numbers as {\"matrix\": [...]}")
            }
            return .transform(try transform(v, p))
        case .path: return .path(try pathValue(v, p))
        case .image: return .image(try image(v, p))
        case .list: return try listValue(v, p)
        case .numbers(let template):
            return .numbers(try numbers(v, p, count: template.count, what: "a list of \(template.count) numbers"))
        case .filters:
            return .filters(try filterList(v, p))
        }
    }
}
