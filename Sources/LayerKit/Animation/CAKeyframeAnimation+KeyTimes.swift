/// How a keyframe animation reads its `keyTimes` for a number of values, by calculation mode,
/// following Apple's CAKeyframeAnimation documentation:
///
/// - discrete: "Keyframe animations based on discrete calculation interpolation require one
///   less element in the values array than the keyTimes array. Each value / keyTime pair
///   represents the value from the specified time until the next keyframe."
///   (kCAAnimationDiscrete). n + 1 key times for n values are used as given; n key times are
///   read the same way, the last value holding from its key time to the end.
/// - linear and cubic: one key time per value, "the first value in the array must be 0.0 and
///   the last value must be 1.0" (CAKeyframeAnimation.keyTimes); before the first key time the
///   first value holds, after the last the last value holds.
/// - paced and cubicPaced: "keyTimes and timingFunction are ignored and keyframe times are
///   automatically generated to give the animation a constant velocity" (kCAAnimationPaced).
///
/// Counts that do not fit are what Apple calls undefined timing: "Usually, the number of
/// elements in the array should match the number of elements in the values property … If
/// they do not, the timing of your animation might not be what you expect."
/// (CAKeyframeAnimation.keyTimes). They are accepted, never refused: surplus key times are
/// dropped from the end; too few, or key times that fall, give evenly spaced key times.
public struct CAKeyframeTimeReading: Equatable, Sendable {
    /// The key times the animation uses (for paced modes: empty, the times come from the
    /// distances between values).
    public var keyTimes: [Double]
    /// How they were read: "given", "given, surplus dropped", "even spacing (…)" or
    /// "ignored (paced)".
    public var reading: String
}

extension CAKeyframeAnimation {
    /// The key times used for `count` values (or path vertices) in this calculation mode.
    public func keyTimeReading(valueCount count: Int) -> CAKeyframeTimeReading {
        switch calculationMode {
        case .paced, .cubicPaced:
            return CAKeyframeTimeReading(keyTimes: [], reading: "ignored (paced)")
        case .discrete:
            // One more key time than values; n key times also read as the start of each value.
            return Self.read(keyTimes, wanted: count + 1, alsoAccepted: count, evenCount: count + 1)
        case .linear, .cubic:
            return Self.read(keyTimes, wanted: count, alsoAccepted: nil, evenCount: count)
        }
    }

    static func read(_ given: [Double]?, wanted: Int, alsoAccepted: Int?, evenCount: Int) -> CAKeyframeTimeReading {
        func even(_ why: String) -> CAKeyframeTimeReading {
            let n = max(evenCount, 1)
            return CAKeyframeTimeReading(keyTimes: (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 },
                                         reading: "even spacing (\(why))")
        }
        guard let k = given, !k.isEmpty else { return even("no keyTimes") }
        guard k.allSatisfy(\.isFinite), zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            return even("keyTimes do not rise")
        }
        if k.count == wanted || k.count == alsoAccepted { return CAKeyframeTimeReading(keyTimes: k, reading: "given") }
        if k.count > wanted {
            return CAKeyframeTimeReading(keyTimes: Array(k.prefix(wanted)), reading: "given, surplus dropped")
        }
        return even("\(k.count) keyTimes for \(wanted) wanted")
    }
}
