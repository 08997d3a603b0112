// `layerplay transition-bench`: the raster time of one transition frame for each transition
// type at a given size.

import ArgumentParser
import LayerKit
#if canImport(Glibc)
import Glibc
#endif

/// `layerplay transition-bench`: raster time of one transition frame per type (median of
/// repeated renders at a fixed progress) at a given size, in this build's configuration.
struct TransitionBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition-bench",
        abstract: "Time one transition frame of every type (median over --frames renders).")
    @Option(help: "Frame width in pixels.") var width = 800
    @Option(help: "Frame height in pixels.") var height = 600
    @Option(help: "Progress to render at (0…1).") var progress = 0.5
    @Option(help: "Renders per type.") var frames = 60
    @Option(help: "Only this type (default: all).") var type: String?

    func run() throws {
        guard width > 0, height > 0, width <= 8192, height <= 8192 else {
            throw ValidationError("transition-bench: --width/--height must be within 1…8192")
        }
        guard frames > 0 else { throw ValidationError("transition-bench: --frames must be positive") }
        var types = TransitionType.allCases
        if let t = type {
            guard let one = TransitionType(rawValue: t) else {
                throw ValidationError("transition-bench: unknown type \"\(t)\"")
            }
            types = [one]
        }
        let from = Self.pattern(width, height, seed: 0), to = Self.pattern(width, height, seed: 1)
        let target = Bitmap(width: width, height: height)
        let canvas = Canvas(target)
        print("(wall time includes waiting for a shared core; thread CPU time is the raster work itself)")
        print("transition frame raster time at \(width)×\(height), progress \(progress), median of \(frames):")
        for t in types {
            var times: [Double] = [], cpu: [Double] = []
            for _ in 0..<frames {
                target.clear(.black)
                let c0 = threadCPUTime()
                let t0 = MonotonicTime.seconds()
                TransitionEffect(type: t, subtype: nil).render(from: from, to: to, progress: progress,
                                                               into: canvas, rect: target.bounds)
                times.append(MonotonicTime.seconds() - t0)
                cpu.append(threadCPUTime() - c0)
            }
            times.sort(); cpu.sort()
            let median = times[times.count / 2] * 1000, cpuMedian = cpu[cpu.count / 2] * 1000
            let name = t.rawValue + String(repeating: " ", count: max(1, 23 - t.rawValue.count))
            print("  \(name)\(format3(median)) ms wall, \(format3(cpuMedian)) ms thread CPU")
        }
    }

    /// Stripes and a gradient: content with detail everywhere (no flat fast paths).
    static func pattern(_ w: Int, _ h: Int, seed: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let s = seed == 0 ? (y / 16) & 1 : (x / 16) & 1
                let r = UInt32(s == 0 ? 220 : 40), g = UInt32((x * 255) / max(1, w)), bl = UInt32((y * 255) / max(1, h))
                b.pixels[y * w + x] = 0xff000000 | (r << 16) | (g << 8) | bl
            }
        }
        return b
    }
}

/// Three decimals without Foundation.
func format3(_ v: Double) -> String {
    let m = Int((v * 1000).rounded())
    let frac = String(m % 1000)
    return "\(m / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
}

/// Seconds of CPU time used by the calling thread (CLOCK_THREAD_CPUTIME_ID): the raster work
/// without the time the thread waited for a core on a busy machine.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
