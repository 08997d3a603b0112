// Every integer made from an input-driven Double goes through `init(saturating:)`
// (Raster/Geometry/SaturatingConversion.swift): the conversion itself, and the timing case the
// document fuzzer found, `repeatDuration: 1e308` (Fuzz/document/repeatDuration-1e308.json).
// Core Animation: "repeatDuration: Determines how many seconds the animation will repeat
// for." (CAMediaTiming.h) — any finite count of seconds, so the iteration it is on can be
// beyond every integer; it is reported as the largest one instead of trapping.
import Testing
@testable import LayerKit

@Suite struct SaturatingConversionTests {
    @Test func saturatesOutsideTheRangeAndGivesZeroForNaN() {
        #expect(Int(saturating: 1e308) == Int.max)
        #expect(Int(saturating: -1e308) == Int.min)
        #expect(Int(saturating: .infinity) == Int.max)
        #expect(Int(saturating: -.infinity) == Int.min)
        #expect(Int(saturating: .nan) == 0)
        // 2^63 is one past Int.max; the largest Double below it converts exactly.
        #expect(Int(saturating: 9_223_372_036_854_775_808.0) == Int.max)
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int32(saturating: 3e9) == Int32.max)
        #expect(UInt32(saturating: -5) == 0)
        #expect(UInt8(saturating: 255.9) == 255)
        // Inside the range: truncation toward zero, as Int(_:).
        #expect(Int(saturating: -2.7) == -2)
        #expect(Int(saturating: 2.7) == 2)
    }

    @Test func repeatDurationOf1e308DoesNotTrap() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 1
        a.repeatDuration = 1e308
        let late = a.progress(atParentTime: 1e307)
        #expect(late?.iteration == Int.max)
        let early = a.progress(atParentTime: 2.5)
        #expect(early?.iteration == 2)
        #expect(abs((early?.time ?? -1) - 0.5) < 1e-9)
    }

    @Test func repeatCountOf1e308WithATinyDurationDoesNotTrap() {
        let p = CAMediaTimingMath.progress(parentTime: 1, beginTime: 0, speed: 1, timeOffset: 0, duration: 1e-300,
                                           repeatCount: 1e308, repeatDuration: 0, autoreverses: true,
                                           fillMode: .removed, timingFunction: nil)
        #expect(p != nil)
        #expect(p?.iteration == Int.max)
    }

    @Test func aCumulativeTransformAtAHugeIterationIsRepeatedSquaring() {
        // "cumulative: When true the value of the animation is the value at the end of the
        // previous repeat cycle, plus the value of the current repeat cycle." (CAAnimation.h)
        // — at iteration Int.max too, without Int.max products.
        let step = CATransform3D.translation(1, 0).concatenating(.rotation(0.25))
        var five = CATransform3D.identity
        for _ in 0..<5 { five = five.concatenating(step) }
        guard case .transform(let got) = Interpolation.scale(.transform(step), 5) else { Issue.record("not a transform"); return }
        for (a, b) in zip(got.values, five.values) { #expect(abs(a - b) < 1e-9) }
        guard case .transform = Interpolation.scale(.transform(CATransform3D.rotation(0.1)), Int.max) else {
            Issue.record("not a transform"); return
        }
        guard case .transform = Interpolation.scale(.transform(CATransform3D.rotation(0.1)), Int.min) else {
            Issue.record("not a transform"); return
        }
    }

    @Test func fullwidthHexDigitsAreRefusedNotForceUnwrapped() {
        // Character.isHexDigit accepts "０"–"９" and "Ａ"–"Ｆ"; UInt8(_:radix:) does not.
        #expect(Color(hex: "#\u{FF11}\u{FF12}\u{FF13}") == nil)
        #expect(Color(hex: "#ff00\u{FF21}\u{FF21}") == nil)
        #expect(Color(hex: "#f00") != nil)
    }
}
