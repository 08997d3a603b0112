// Tests of keyTimes read as Apple's CAKeyframeAnimation documentation has them, per
// calculation mode, in the Swift API and in documents.

import Testing
@testable import LayerKit
import TestSupport

/// keyTimes read as Apple's CAKeyframeAnimation documentation has them, per calculation mode,
/// in the Swift API and in documents.
@Suite(.freshAnimationContext) struct KeyframeKeyTimesTests {
    static func keyframe(_ vals: [Double], _ times: [Double]?, _ mode: CAAnimationCalculationMode) -> CAKeyframeAnimation {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = vals.map { .number($0) }; k.keyTimes = times; k.calculationMode = mode; k.duration = 1
        return k
    }
    static func at(_ k: CAKeyframeAnimation, _ f: Double) -> Double {
        k.value(at: f, values: k.values!).kpNumber ?? .nan
    }

    // "Keyframe animations based on discrete calculation interpolation require one less
    // element in the values array than the keyTimes array. Each value / keyTime pair
    // represents the value from the specified time until the next keyframe."
    // (kCAAnimationDiscrete)
    @Test func discreteTakesOneMoreKeyTimeThanValues() {
        let k = Self.keyframe([10, 20, 30, 40], [0, 0.1, 0.5, 0.9, 1], .discrete)
        #expect(k.keyTimeReading(valueCount: 4) == CAKeyframeTimeReading(keyTimes: [0, 0.1, 0.5, 0.9, 1], reading: "given"))
        #expect(Self.at(k, 0) == 10 && Self.at(k, 0.099) == 10)
        #expect(Self.at(k, 0.1) == 20 && Self.at(k, 0.499) == 20)
        #expect(Self.at(k, 0.5) == 30 && Self.at(k, 0.899) == 30)
        // The penultimate key time's value holds until the animation completes.
        #expect(Self.at(k, 0.9) == 40 && Self.at(k, 1) == 40)
    }

    @Test func discreteWithOneKeyTimePerValueHoldsTheLastToTheEnd() {
        let k = Self.keyframe([10, 20], [0, 0.3], .discrete)
        #expect(Self.at(k, 0.29) == 10 && Self.at(k, 0.3) == 20 && Self.at(k, 1) == 20)
    }

    // "the first value in the array must be 0.0 and the last value must be 1.0"
    // (CAKeyframeAnimation.keyTimes, linear and cubic). Key times that start later or end
    // earlier are read naturally: the first value holds before, the last after.
    @Test func linearAndCubicTakeOneKeyTimePerValueFromZeroToOne() {
        let k = Self.keyframe([0, 10, 30], [0, 0.25, 1], .linear)
        #expect(abs(Self.at(k, 0.125) - 5) < 1e-12 && abs(Self.at(k, 0.625) - 20) < 1e-12)
        let late = Self.keyframe([0, 10], [0.4, 0.6], .linear)
        #expect(Self.at(late, 0.2) == 0 && abs(Self.at(late, 0.5) - 5) < 1e-12 && Self.at(late, 0.8) == 10)
        let c = Self.keyframe([0, 10, 0, 10], [0, 0.5, 0.75, 1], .cubic)
        #expect(abs(Self.at(c, 0.5) - 10) < 1e-12 && abs(Self.at(c, 0.75)) < 1e-12)
    }

    // "keyTimes and timingFunction are ignored and keyframe times are automatically generated
    // to give the animation a constant velocity." (kCAAnimationPaced, kCAAnimationCubicPaced)
    @Test func pacedModesIgnoreKeyTimesAndTimingFunctions() {
        for mode in [CAAnimationCalculationMode.paced, .cubicPaced] {
            let k = Self.keyframe([0, 10, 30], [0, 0.9, 1], mode)
            k.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
            let plain = Self.keyframe([0, 10, 30], nil, mode)
            #expect(k.keyTimeReading(valueCount: 3).reading == "ignored (paced)")
            for f in stride(from: 0.0, through: 1, by: 0.05) { #expect(Self.at(k, f) == Self.at(plain, f)) }
        }
        #expect(abs(Self.at(Self.keyframe([0, 10, 30], [0, 0.9, 1], .paced), 0.5) - 15) < 1e-12)
    }

    // "Usually, the number of elements in the array should match the number of elements in
    // the values property … If they do not, the timing of your animation might not be what
    // you expect." (CAKeyframeAnimation.keyTimes) — accepted with the natural reading.
    @Test func undefinedKeyTimeCountsAreReadNaturally() {
        let surplus = Self.keyframe([0, 10], [0, 0.5, 1], .linear)
        #expect(surplus.keyTimeReading(valueCount: 2) == CAKeyframeTimeReading(keyTimes: [0, 0.5], reading: "given, surplus dropped"))
        #expect(abs(Self.at(surplus, 0.25) - 5) < 1e-12 && Self.at(surplus, 0.75) == 10)
        let short = Self.keyframe([0, 10, 20], [0], .linear)
        #expect(short.keyTimeReading(valueCount: 3).keyTimes == [0, 0.5, 1])
        #expect(abs(Self.at(short, 0.25) - 5) < 1e-12)
        let falling = Self.keyframe([0, 10], [0, 0.6, 0.3], .discrete)
        #expect(falling.keyTimeReading(valueCount: 2).keyTimes == [0, 0.5, 1])
        #expect(Self.at(falling, 0.49) == 0 && Self.at(falling, 0.5) == 10)
        let long = Self.keyframe([1, 2], [0, 0.2, 0.4, 1], .discrete)
        #expect(long.keyTimeReading(valueCount: 2).keyTimes == [0, 0.2, 0.4])
        #expect(Self.at(long, 0.1) == 1 && Self.at(long, 0.3) == 2)
    }

    @Test func documentsAcceptDiscreteKeyframesWithOneMoreKeyTimeThanValues() throws {
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"name": "a", "animations": [
          {"type": "keyframe", "keyPath": "opacity", "calculationMode": "discrete", "duration": 1,
           "values": [0.1, 0.2, 0.3, 0.4], "keyTimes": [0, 0.1, 0.5, 0.9, 1]},
          {"type": "keyframe", "keyPath": "position.x", "duration": 1, "values": [0, 10], "keyTimes": [0]}]}]}
        """)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        DocumentPlayback.prepare(doc)
        func value(_ key: String, at t: Double) -> Double {
            DocumentPlayback.setDocumentTime(t)
            return doc.root.presentation()!.sublayers![0].value(forKeyPath: key)?.kpNumber ?? .nan
        }
        #expect(value("opacity", at: 0.05) == 0.1)
        #expect(value("opacity", at: 0.3) == 0.2)
        #expect(value("opacity", at: 0.7) == 0.3)
        #expect(value("opacity", at: 0.95) == 0.4)
        #expect(abs(value("position.x", at: 0.5) - 5) < 1e-9)   // one key time for two values: even spacing
    }

    // Key times as `effectiveKeyTimes` reads them (finite, never falling) are searched by
    // bisection (`segment(_:_:rising:)`): the same segment and local fraction, bit for bit, as
    // the scan from the first key time, for key times with repeats (zero-length segments), at
    // the key times themselves, between them, outside 0…1, at ±∞ and NaN.
    @Test func risingKeyTimesBisectToTheScannedSegment() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {  // SplitMix64, a fixed sequence
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var checked = 0
        for n in [2, 3, 4, 5, 8, 17, 64, 301] {
            for _ in 0..<20 {
                // Rising times from 0 to 1, about a third of the steps repeating the time before.
                var times = [0.0]
                for _ in 1..<(n - 1) { times.append(next() < 0.3 ? times.last! : times.last! + next()) }
                if n > 1 { times.append(times.last! + next()) }
                let top = times.last! > 0 ? times.last! : 1
                times = times.map { $0 / top }
                var fs = times + [-1, -0.0, 0.5, 1, 2, .infinity, -.infinity, .nan]
                for _ in 0..<50 { fs.append(next() * 1.2 - 0.1) }
                for k in 0..<(times.count - 1) { fs.append((times[k] + times[k + 1]) / 2); fs.append(times[k].nextUp) }
                for f in fs {
                    let scanned = CAKeyframeAnimation.segment(f, times)
                    let bisected = CAKeyframeAnimation.segment(f, times, rising: true)
                    #expect(scanned.0 == bisected.0 && scanned.1.bitPattern == bisected.1.bitPattern,
                            "n = \(n), f = \(f): \(scanned) against \(bisected)")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }
}
