// How a property's frames relate to the animation's time. Core Animation time in the
// generated tree is seconds since the root composition's in point: t = (rootFrame − ip) / fr.
// A layer's own properties run in its composition's frames in both readings (the start time
// `st` and stretch `sr` act on a precomposition's content only, as in lottie-web, ThorVG,
// rlottie and lottie-ios's Core Animation engine); a precomposition's layers run in (parent frame − st) / sr, or, with time
// remapping, in the remapped seconds (read at the parent frame) × fr. Without remapping that chain is affine (frame = a · root + b) and
// every keyframe lands on an exact Core Animation time; with it the importer samples, within
// one budget of sampled values for the whole file (`LottieSampleBudget`).
// The timeline also carries the reading (`LottieReading`) its properties are read in, so that
// every animation built on it follows the same player.

import LayerKit

/// Root frame → property frame.
struct LottieTimeline: Sendable {
    /// The root composition's in point, out point and frame rate.
    let rootIn: Double, rootOut: Double, frameRate: Double
    /// Property frame = scale · root frame + offset, when there is no remapping.
    let scale: Double, offset: Double
    /// The non-affine map (root frame → property frame), when time remapping is involved.
    let remap: (@Sendable (Double) -> Double)?
    /// Whose reading of the file the properties follow.
    let reading: LottieReading
    /// The file's budget of sampled values, shared by every timeline derived from this one.
    let samples: LottieSampleBudget

    init(rootIn: Double, rootOut: Double, frameRate: Double, reading: LottieReading = .afterEffects) {
        self.rootIn = rootIn; self.rootOut = rootOut; self.frameRate = frameRate
        scale = 1; offset = 0; remap = nil; self.reading = reading
        samples = LottieSampleBudget()
    }
    init(rootIn: Double, rootOut: Double, frameRate: Double, scale: Double, offset: Double, remap: (@Sendable (Double) -> Double)?,
         reading: LottieReading, samples: LottieSampleBudget) {
        self.rootIn = rootIn; self.rootOut = rootOut; self.frameRate = frameRate
        self.scale = scale; self.offset = offset; self.remap = remap; self.reading = reading
        self.samples = samples
    }

    /// The property frame at root frame `r`.
    func frame(atRoot r: Double) -> Double { remap.map { $0(r) } ?? scale * r + offset }

    /// The root frame of property frame `f` (affine timelines only).
    func rootFrame(of f: Double) -> Double { (f - offset) / scale }

    /// Core Animation seconds of root frame `r`.
    func seconds(ofRoot r: Double) -> Double { (r - rootIn) / frameRate }

    /// The timeline inside a precomposition whose layer runs on `self`: shifted by `st` and
    /// stretched by `sr`, or remapped by `timeRemap` (seconds, read on `self`) × the frame rate.
    func precomposition(startTime: Double, stretch: Double, timeRemap: LottieProperty<[Double]>?) -> LottieTimeline {
        if let timeRemap {
            let outer = self, fr = frameRate, reading = reading
            return LottieTimeline(rootIn: rootIn, rootOut: rootOut, frameRate: frameRate, scale: 1, offset: 0,
                                  remap: { (timeRemap.value(at: outer.frame(atRoot: $0)).first ?? 0) * fr },
                                  reading: reading, samples: samples)
        }
        if let remap { return LottieTimeline(rootIn: rootIn, rootOut: rootOut, frameRate: frameRate, scale: 1, offset: 0,
                                             remap: { (remap($0) - startTime) / stretch }, reading: reading, samples: samples) }
        return LottieTimeline(rootIn: rootIn, rootOut: rootOut, frameRate: frameRate,
                              scale: scale / stretch, offset: (offset - startTime) / stretch, remap: nil, reading: reading, samples: samples)
    }

    /// The root frames a sampled animation is evaluated at: every frame from the in point to
    /// one past the out point (lottie-ios shows frame op), thinned to `LottieLimits.maximumSamples`.
    var sampleFrames: [Double] {
        let span = rootOut + 1 - rootIn
        let step = max(1, (span / Double(LottieLimits.maximumSamples)).rounded(.up))
        return Array(stride(from: rootIn, through: rootOut + 1, by: step))
    }
}

/// What all the sampled animations of one file may hold together
/// (`LottieLimits.maximumSampledValues`, a sampled path counted as its number of elements).
/// A sampled animation asks before its values are computed; once the budget is spent no more
/// are made, and the importer refuses the file naming the limit.
final class LottieSampleBudget: @unchecked Sendable {
    private(set) var spent = 0
    private(set) var exceeded = false

    /// Whether `n` more values fit; spends them when they do.
    func spend(_ n: Int) -> Bool {
        guard !exceeded, n <= LottieLimits.maximumSampledValues - spent else { exceeded = true; return false }
        spent += n
        return true
    }

    /// The refusal once the budget has been exceeded.
    var refusal: DocumentError {
        DocumentError("", "the animation's sampled animations (time remapping, shapes with several animated inputs) need more than \(LottieLimits.maximumSampledValues) values in all (the limit maximumSampledValues)")
    }
}
