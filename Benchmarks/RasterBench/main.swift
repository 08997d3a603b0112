// Timing harness of the rasterizer on static scene documents (release builds only):
//   swift build -c release --product raster-bench
//   .build/release/raster-bench ../shared/scenes/*.json --frames 200 [--out DIR] [--refs DIR]
//   .build/release/raster-bench --blur 10 --size 800x600   (one filter blur: BlurBench.swift)
// Each frame is clear + draw of every shape layer through Canvas (paths parsed once), two
// warm-up frames first; prints one JSON line per scene with median/p10/p90 in µs, and the
// same for the pixel half alone ("fill_median_us": the pre-stroked device polygons filled).
// --refs DIR compares each render with DIR/<scene>.cairo.png (scripts/bench/peers.py --refs).
// --cpu-time reads the process's CPU clock instead of the monotonic one (scripts/bench/compare.py).
// --pathops N times the boolean operations on paths on two rings of N segments (PathOpsBench.swift).
// --alloc-frames N only draws N frames (for counting allocations with valgrind: run it with
// two values of N; the difference of "total heap usage" allocs / ΔN is allocs per frame).
// The tiny scene reader below covers the static subset of docs/document-format.md; it is not the
// production loader (that is the layers' document loader behind `layerplay bench`).
import Foundation
import Raster
import Media

struct ShapeItem {
    var path: Path
    var fill: Color?
    var rule: FillRule
    var stroke: Color?
    var style: StrokeStyle
    var strokeStart: Double, strokeEnd: Double
    var opacity: Double
}

struct Scene {
    var width: Int, height: Int
    var background: Color
    var items: [ShapeItem]
}

func fail(_ msg: String) -> Never {
    FileHandle.standardError.write((msg + "\n").data(using: .utf8)!)
    exit(1)
}

func color(_ v: Any?, _ place: String) -> Color? {
    if v == nil || v is NSNull { return nil }
    if let s = v as? String { if let c = Color(hex: s) { return c }; fail("\(place): bad colour \(s)") }
    if let a = v as? [Double], a.count == 4 { return Color(a[0], a[1], a[2], a[3]) }
    fail("\(place): bad colour")
}

func loadScene(_ file: String) -> Scene {
    guard let data = FileManager.default.contents(atPath: file),
          let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { fail("\(file): not a JSON object") }
    guard let w = doc["width"] as? Double, let h = doc["height"] as? Double else { fail("\(file): width/height required") }
    var items: [ShapeItem] = []
    for (i, l) in ((doc["layers"] as? [[String: Any]]) ?? []).enumerated() where (l["type"] as? String) == "shape" {
        let place = "\(file): layers[\(i)]"
        let path: Path
        do { path = try Path(svg: l["path"] as? String ?? "") } catch { fail("\(place).path: \(error)") }
        let fill = l.keys.contains("fillColor") ? color(l["fillColor"], place + ".fillColor") : .black
        var style = StrokeStyle()
        style.lineWidth = l["lineWidth"] as? Double ?? 1
        style.lineCap = LineCap(rawValue: l["lineCap"] as? String ?? "butt") ?? .butt
        style.lineJoin = LineJoin(rawValue: l["lineJoin"] as? String ?? "miter") ?? .miter
        style.miterLimit = l["miterLimit"] as? Double ?? 10
        style.dashPattern = l["lineDashPattern"] as? [Double] ?? []
        style.dashPhase = l["lineDashPhase"] as? Double ?? 0
        items.append(ShapeItem(path: path, fill: fill,
                               rule: FillRule(rawValue: l["fillRule"] as? String ?? "nonZero") ?? .nonZero,
                               stroke: color(l["strokeColor"], place + ".strokeColor"), style: style,
                               strokeStart: l["strokeStart"] as? Double ?? 0, strokeEnd: l["strokeEnd"] as? Double ?? 1,
                               opacity: l["opacity"] as? Double ?? 1))
    }
    return Scene(width: Int(w), height: Int(h), background: color(doc["background"], file) ?? .clear, items: items)
}

/// CAShapeLayer order: fill, then stroke.
func draw(_ s: Scene, on c: Canvas) {
    c.clear(s.background)
    for it in s.items {
        if let f = it.fill { c.fill(it.path, color: f, rule: it.rule, opacity: it.opacity) }
        if let k = it.stroke {
            c.stroke(it.path, style: it.style, color: k, strokeStart: it.strokeStart, strokeEnd: it.strokeEnd, opacity: it.opacity)
        }
    }
}

/// Every item's fill and (untrimmed, undashed) stroke outline as device polygons.
func devicePolygons(_ scene: Scene, _ canvas: Canvas) -> [(FlatPath, Color, FillRule, Double)] {
    var polys: [(FlatPath, Color, FillRule, Double)] = []
    for it in scene.items {
        if let f = it.fill {
            var fp = FlatPath(); it.path.flatten(transform: .identity, tolerance: canvas.tolerance, into: &fp)
            polys.append((fp, f, it.rule, it.opacity))
        }
        if let k = it.stroke, it.style.lineWidth > 0 {
            var fp = FlatPath()
            Stroker.outline(it.path, style: it.style, transform: .identity, tolerance: canvas.tolerance, into: &fp)
            polys.append((fp, k, .nonZero, it.opacity))
        }
    }
    return polys
}

/// --cpu-time: frames timed by the process's CPU clock (as `layerplay bench --cpu-time`).
nonisolated(unsafe) var frameClock = CLOCK_MONOTONIC

func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(frameClock, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func stats(_ ns: [UInt64]) -> (Double, Double, Double) {
    let s = ns.sorted()
    return (Double(s[s.count / 2]) / 1000, Double(s[s.count / 10]) / 1000, Double(s[(s.count * 9) / 10]) / 1000)
}

func timeFrames(_ n: Int, _ body: () -> Void) -> [UInt64] {
    body(); body()
    var out: [UInt64] = []
    out.reserveCapacity(n)
    for _ in 0..<n { let t0 = nowNs(); body(); out.append(nowNs() - t0) }
    return out
}

var args = Array(CommandLine.arguments.dropFirst())
var frames = 100, outDir: String?, refDir: String?, allocFrames: Int?, budget = 20.0, fillOnly = false
var files: [String] = [], pathOpsSegments: Int?
var blurSigma: Double?, blurSize = (800, 600)
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--frames": frames = Int(args.removeFirst()) ?? frames
    case "--out": outDir = args.removeFirst()
    case "--refs": refDir = args.removeFirst()
    case "--alloc-frames": allocFrames = Int(args.removeFirst())
    case "--budget": budget = Double(args.removeFirst()) ?? budget
    case "--fill-only": fillOnly = true
    case "--cpu-time": frameClock = CLOCK_PROCESS_CPUTIME_ID
    case "--pathops": pathOpsSegments = Int(args.removeFirst())
    case "--blur": blurSigma = Double(args.removeFirst())
    case "--size":
        let wh = args.removeFirst().split(separator: "x").compactMap { Int($0) }
        if wh.count == 2, wh[0] > 0, wh[1] > 0, wh[0] <= 8192, wh[1] <= 8192 { blurSize = (wh[0], wh[1]) } else { fail("raster-bench: --size: expected WxH") }
    default: files.append(a)
    }
}

if let n = pathOpsSegments { runPathOpsBench(segments: n, frames: frames) }
if let blurSigma { runBlurBench(sigma: blurSigma, width: blurSize.0, height: blurSize.1, frames: frames) }

for file in files {
    let scene = loadScene(file)
    let bitmap = Bitmap(width: scene.width, height: scene.height)
    let canvas = Canvas(bitmap)
    if let n = allocFrames {
        if fillOnly {
            let polys = devicePolygons(scene, canvas)
            for _ in 0..<n {
                canvas.clear(scene.background)
                for (fp, c, r, o) in polys { canvas.fill(fp, color: c, rule: r, opacity: o) }
            }
        } else {
            for _ in 0..<n { draw(scene, on: canvas) }
        }
        print("{\"document\": \"\(file)\", \"alloc_frames\": \(n), \"fill_only\": \(fillOnly)}")
        continue
    }
    let one = nowNs(); draw(scene, on: canvas); let oneUs = Double(nowNs() - one) / 1000
    let n = max(5, min(frames, Int(budget * 1e6 / max(oneUs, 1))))
    let (med, p10, p90) = stats(timeFrames(n) { draw(scene, on: canvas) })

    // The pixel half alone: device polygons prepared once, then clear + fill per frame.
    let polys = devicePolygons(scene, canvas)
    let (fmed, _, _) = stats(timeFrames(n) {
        canvas.clear(scene.background)
        for (fp, c, r, o) in polys { canvas.fill(fp, color: c, rule: r, opacity: o) }
    })
    draw(scene, on: canvas)
    let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    var line = "{\"document\": \"\(file)\", \"frames\": \(n), \"median_us\": \(med), \"p10_us\": \(p10), \"p90_us\": \(p90), \"fill_median_us\": \(fmed), \"width\": \(scene.width), \"height\": \(scene.height)"
    if let outDir {
        try? FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        do { try bitmap.writePNG("\(outDir)/\(name).png") } catch { fail("\(error)") }
    }
    if let refDir, let ref = try? Bitmap.readPNG("\(refDir)/\(name).cairo.png"), let d = bitmap.difference(from: ref) {
        line += ", \"vs_cairo_mean\": \(d.meanAbsolute), \"vs_cairo_max\": \(d.maxAbsolute), \"vs_cairo_share_over_16\": \(d.shareOverThreshold)"
    }
    print(line + "}")
}
