// `raster-bench --blur SIGMA --size WxH [--frames N]`: the cost of one Gaussian blur of σ
// SIGMA pixels (FilterChain, a layer's `CIGaussianBlur` with inputRadius SIGMA) over a W×H
// bitmap holding a filled disc on a transparent ground; prints one JSON line: median/p10/p90
// of the wall-clock µs and the median CPU µs of the thread (CLOCK_THREAD_CPUTIME_ID), which a
// loaded machine's other work does not inflate. The disc's draw is timed apart and subtracted.
import Raster
#if canImport(Glibc)
import Glibc
#endif

func threadCPUNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The median of `n` runs of `body` in thread CPU µs.
func medianCPU(_ n: Int, _ body: () -> Void) -> Double {
    body()
    var out: [UInt64] = []
    for _ in 0..<n { let t0 = threadCPUNs(); body(); out.append(threadCPUNs() - t0) }
    return Double(out.sorted()[out.count / 2]) / 1000
}

func runBlurBench(sigma: Double, width: Int, height: Int, frames: Int) {
    let bitmap = Bitmap(width: width, height: height)
    let canvas = Canvas(bitmap)
    func redraw() {
        canvas.clear(.clear)
        let r = Double(min(width, height)) / 3
        canvas.fill(Path.ellipse(in: Rect(Double(width) / 2 - r, Double(height) / 2 - r, 2 * r, 2 * r)),
                    color: Color(0.2, 0.5, 0.9, 1), rule: .nonZero, opacity: 1)
    }
    redraw()
    let chain: [PixelFilter] = [.gaussianBlur(sigma: sigma)]
    // The draw is timed apart and subtracted: only the filter counts.
    let (drawMed, _, _) = stats(timeFrames(frames) { redraw() })
    let (med, p10, p90) = stats(timeFrames(frames) { redraw(); FilterChain.apply(chain, to: bitmap, edge: .transparent) })
    let cpu = medianCPU(frames) { redraw(); FilterChain.apply(chain, to: bitmap, edge: .transparent) } - medianCPU(frames) { redraw() }
    print("{\"blur_sigma\": \(sigma), \"width\": \(width), \"height\": \(height), \"frames\": \(frames), \"median_us\": \(med - drawMed), \"p10_us\": \(p10 - drawMed), \"p90_us\": \(p90 - drawMed), \"cpu_median_us\": \(cpu)}")
}
