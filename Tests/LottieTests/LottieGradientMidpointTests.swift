// After Effects' gradient midpoints (`LottieGradientMidpoints`): the exporter writes each
// midpoint as a stop holding its neighbours' mean, and After Effects ramps from stop to stop
// on a power curve through it, where players draw straight lines. In After Effects' reading a
// midpoint off the middle bends the ramp; halfway midpoints, plain stops and `--ios` stay as
// they were. Small files of our own (`LottieFeatureFile`).
import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import Raster
import TestSupport

@Suite(.freshAnimationContext) struct LottieGradientMidpointTests {
    typealias F = LottieFeatureFile
    typealias R = LottieAfterEffectsReadingTests

    /// Red at 0, blue at 1, the midpoint stop (their mean) at `m`.
    static func redToBlue(midpoint m: Double) -> [Double] { [0, 1, 0, 0, m, 0.5, 0, 0.5, 1, 0, 0, 1] }

    /// A 100 × 100 square filled with `stops` (3 colour stops) from x = 0 to x = 100.
    static func square(_ stops: [Double]) -> String {
        let g = stops.map { String($0) }.joined(separator: ", ")
        return F.shapeLayer([F.rect(50, 50, 100, 100),
                             #"{"ty": "gf", "o": {"k": 100}, "r": 1, "t": 1, "s": {"k": [0, 50]}, "e": {"k": [100, 50]}, "g": {"p": 3, "k": {"k": [\#(g)]}}}"#])
    }

    /// The red channel (0…1) of an opaque pixel.
    static func red(_ b: Bitmap, _ x: Int, _ y: Int) -> Double { Double((b[x, y] >> 16) & 0xFF) / 255 }

    @Test func theCurvePassesHalfwayAtTheMidpointAndIsStraightAtTheMiddle() {
        for m in [0.1, 0.2, 0.35, 0.6, 0.8, 0.95] {
            #expect(abs(LottieGradientMidpoints.mix(m, midpoint: m) - 0.5) < 1e-12, "m = \(m)")
            #expect(LottieGradientMidpoints.mix(0, midpoint: m) == 0 && LottieGradientMidpoints.mix(1, midpoint: m) == 1)
            // Rising throughout.
            let v = (0...20).map { LottieGradientMidpoints.mix(Double($0) / 20, midpoint: m) }
            #expect(zip(v, v.dropFirst()).allSatisfy { $0 < $1 })
        }
        #expect(LottieGradientMidpoints.mix(0.3, midpoint: 0.5) == 0.3)
        // A midpoint near the start rises steeply there: 1 − (1 − u)^(ln ½ / ln 0.8).
        #expect(abs(LottieGradientMidpoints.mix(0.5, midpoint: 0.2) - (1 - pow(0.5, log(0.5) / log(0.8)))) < 1e-12)
        // Near the end, slowly: u^(ln ½ / ln 0.8).
        #expect(abs(LottieGradientMidpoints.mix(0.5, midpoint: 0.8) - pow(0.5, log(0.5) / log(0.8))) < 1e-12)
    }

    @Test func midpointStopsAreRecognisedByTheirMeanValue() {
        let stops = { (v: [Double]) in stride(from: 0, to: v.count, by: 4).map { (x: v[$0], v: Array(v[($0 + 1)...($0 + 3)])) } }
        #expect(LottieGradientMidpoints.bends(stops(Self.redToBlue(midpoint: 0.2))))
        // Halfway: a midpoint, but a straight ramp.
        #expect(LottieGradientMidpoints.holdsMidpoints(stops(Self.redToBlue(midpoint: 0.5))))
        #expect(!LottieGradientMidpoints.bends(stops(Self.redToBlue(midpoint: 0.5))))
        // A middle stop of its own colour (green) is a stop, not a midpoint.
        #expect(!LottieGradientMidpoints.holdsMidpoints(stops([0, 1, 0, 0, 0.2, 0, 1, 0, 1, 0, 0, 1])))
        // Two stops, or four: no midpoints.
        #expect(!LottieGradientMidpoints.holdsMidpoints(stops([0, 1, 0, 0, 1, 0, 0, 1])))
        #expect(!LottieGradientMidpoints.holdsMidpoints(stops([0, 1, 0, 0, 0.2, 0.5, 0, 0.5, 0.6, 0, 0, 1, 1, 0, 0, 1])))
        // Beyond `maxStops`, drawn as they are: grey ramps of 129 real stops, midpoints near each start.
        let long = { (n: Int) -> [(x: Double, v: [Double])] in
            (0..<(2 * n - 1)).map { i in
                let k = Double(i / 2), step = 1 / Double(n - 1)
                let x = i % 2 == 0 ? k * step : (k + 0.2) * step, v = i % 2 == 0 ? Double(i / 2 % 2) : 0.5
                return (x: x, v: [v, v, v])
            }
        }
        #expect(LottieGradientMidpoints.bends(long(LottieGradientMidpoints.maxStops / 2 + 1)))
        #expect(!LottieGradientMidpoints.holdsMidpoints(long(LottieGradientMidpoints.maxStops / 2 + 2)))
        #expect(LottieGradientMidpoints.resampled(long(LottieGradientMidpoints.maxStops / 2 + 2)).count == LottieGradientMidpoints.maxStops + 2)
    }

    @Test func aMidpointNearTheStartBendsTheRampInAfterEffectsReading() throws {
        let layer = Self.square(Self.redToBlue(midpoint: 0.2))
        // x = 50.5: u = 0.505. After Effects: red 1 − mix = (1 − u)^3.106 ≈ 0.12; the straight
        // lines through the midpoint stop: 0.5 − 0.5 · (0.505 − 0.2) / 0.8 ≈ 0.31.
        let curved = R.render(try F.scene([layer]), frame: 0)
        let expected = pow(1 - 0.505, log(0.5) / log(0.8))
        #expect(abs(Self.red(curved, 50, 50) - expected) < 0.02, "\(Self.red(curved, 50, 50))")
        // At the midpoint itself both agree: half red.
        #expect(abs(Self.red(curved, 20, 50) - 0.5) < 0.03)
        // lottie-ios's engine draws the stops as they are.
        let straight = R.render(try F.scene([layer], reading: .iOS), frame: 0)
        #expect(abs(Self.red(straight, 50, 50) - (0.5 - 0.5 * 0.305 / 0.8)) < 0.02, "\(Self.red(straight, 50, 50))")
    }

    @Test func aHalfwayMidpointKeepsTheStopsAsTheyAre() throws {
        let s = try F.scene([Self.square(Self.redToBlue(midpoint: 0.5))])
        let g = try #require(R.all(s.root).compactMap { $0 as? CAGradientLayer }.first)
        #expect(g.locations == [0, 0.5, 1])
        let b = R.render(s, frame: 0)
        #expect(abs(Self.red(b, 25, 50) - 0.745) < 0.02)
    }

    @Test func keyframedStopsKeepOneStopCount() throws {
        // The midpoint moves from 0.2 to 0.5: both keyframes drawn on the curve, at one count.
        let k0 = Self.redToBlue(midpoint: 0.2).map { String($0) }.joined(separator: ", ")
        let k1 = Self.redToBlue(midpoint: 0.5).map { String($0) }.joined(separator: ", ")
        let gf = #"{"ty": "gf", "o": {"k": 100}, "r": 1, "t": 1, "s": {"k": [0, 50]}, "e": {"k": [100, 50]}, "g": {"p": 3, "k": {"a": 1, "k": [{"t": 0, "s": [\#(k0)], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}}, {"t": 30, "s": [\#(k1)]}]}}}"#
        let s = try F.scene([F.shapeLayer([F.rect(50, 50, 100, 100), gf])])
        let curved = LottieGradientLayers.stops(Self.redToBlue(midpoint: 0.2), count: 3, midpoints: true)
        let even = LottieGradientLayers.stops(Self.redToBlue(midpoint: 0.5), count: 3, midpoints: true)
        #expect(curved.locations.count == LottieGradientMidpoints.samples + 1)
        #expect(curved.locations.count == even.locations.count)
        // The halfway keyframe resampled is still the straight ramp.
        #expect(even.colors.enumerated().allSatisfy { abs($0.element.r - (1 - even.locations[$0.offset])) < 1e-9 })
        let at30 = R.render(s, frame: 30)
        #expect(abs(Self.red(at30, 25, 50) - 0.745) < 0.02)
    }
}
