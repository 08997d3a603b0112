// A keyframe animation along a `path` cuts the path into segments once (`PathSampler`, kept
// by the animation) and measures their arc lengths only for the paced modes, the only ones
// that move by distance ("kCAAnimationPaced … keyframe times are automatically generated to
// give the animation a constant velocity", CAAnimationCalculationMode): these tests check that
// a linear or cubic path animation never measures (a Lottie motion path in After Effects'
// reading has a segment a frame, and measuring them was most of a layer's first frame), that
// turning the same animation paced measures the kept sampler, and that positions are the
// same as a sampler measured from the start.
import Testing
@testable import LayerKit
import Raster

@Suite(.freshAnimationContext) struct KeyframePathSamplerTests {
    /// A motion path of `n` cubic segments winding right and up and down.
    func motionPath(segments n: Int) -> Path {
        var p = Path()
        p.move(to: Point(0, 0))
        for i in 0..<n {
            let x = Double(i) * 10
            p.addCurve(to: Point(x + 10, Double(i % 3) * 7), control1: Point(x + 3, 12), control2: Point(x + 7, -9))
        }
        return p
    }

    @Test(arguments: [CAAnimationCalculationMode.linear, .cubic, .discrete])
    func aPathAnimationPlacedByKeyTimesIsNeverMeasured(_ mode: CAAnimationCalculationMode) throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = motionPath(segments: 120)
        a.calculationMode = mode
        let sampler = try #require(a.pathSampler(a.path!))
        #expect(sampler.segments.count == 120)
        #expect(!sampler.isMeasured)
        #expect(sampler.lengths.isEmpty)
        // Placed by key times: at the k-th of 120 even key times, the k-th segment's start.
        for k in stride(from: 0, to: 120, by: 7) {
            let (p, _) = a.samplePath(sampler, Double(k) / 120)
            let start = sampler.segments[k].p0
            #expect(abs(p.x - start.x) < 1e-9 && abs(p.y - start.y) < 1e-9)
        }
        // Asked again, the kept sampler comes back, still unmeasured.
        #expect(a.pathSampler(a.path!)?.isMeasured == false)
    }

    @Test(arguments: [CAAnimationCalculationMode.paced, .cubicPaced])
    func aPacedPathAnimationIsMeasuredEvenWhenItsSamplerWasMadeBefore(_ mode: CAAnimationCalculationMode) throws {
        let path = motionPath(segments: 40)
        var reference = try #require(PathSampler(path))
        reference.measure()
        #expect(reference.isMeasured && reference.lengths.count == 40)
        #expect(reference.totalLength == reference.lengths.reduce(0, +))

        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        _ = a.pathSampler(path)                        // made while linear: unmeasured
        a.calculationMode = mode
        let sampler = try #require(a.pathSampler(path))
        #expect(sampler.isMeasured)
        #expect(sampler.lengths == reference.lengths)
        for f in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
            let (p, t) = a.samplePath(sampler, f)
            let (q, u) = reference.atLength(f * reference.totalLength)
            #expect(p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern)
            #expect(t.x.bitPattern == u.x.bitPattern && t.y.bitPattern == u.y.bitPattern)
        }
        // An unmeasured sampler handed to a paced evaluation is measured on the way.
        let bare = try #require(PathSampler(path))
        let (p, _) = a.samplePath(bare, 0.5)
        let (q, _) = reference.atLength(0.5 * reference.totalLength)
        #expect(p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern)
    }
}
