// Large frames drawn on several threads: the rows to draw are split into horizontal bands, and
// each band draws the whole display list into its own rows through its own canvas (its own
// rasterizer scratch and surface pool) with an integer clip of those rows. An integer clip
// cuts spans without changing the coverage of the pixels it keeps, so the pixels are the same
// as one thread's, byte for byte; no two bands touch the same pixel, so no lock is taken per
// span or per item.
//
// Groups, masks and mattes go with the bands: a band draws a group into a bitmap of its own,
// of which only the band's rows of the group's box are cleared, drawn, masked and composited
// — the rule by which one thread draws a group partly outside its clip, pixel for pixel the
// group's whole bitmap there (DisplayListRasterizer+GroupRegion.swift). A group it cannot box
// that way (one holding a rectangular clip) is drawn whole in every band and composited
// through the band's rows, which is exact too, only repeated.
//
// A list is drawn on one thread when an item reads or rewrites pixels beyond the band or
// shared between bands: a layer shadow's or a filter's blur, a backdrop, a transition (whose
// snapshots are drawn once, on first use), sprites, a projected plane, a rounded clip (which a
// band's rectangle would cut only approximately: ClipShape+Intersection.swift), and a mask,
// tint or blend outside every group (it would rewrite the shared target as a whole).
//
// When bands pay (`FrameThreads.automatic`, what play, render and export draw with): starting
// the band threads and flattening every path once per band cost a frame some tens of
// microseconds whatever its size, and only the raster itself is split, so only a frame that
// draws many pixels gains. Measured on 2 cores (docs/benchmarks.md, "Lottie at 4K"), a frame
// is split in two from `bandedPixelsThatPay` pixels to draw (its clip's box, or the damage
// redrawn); below, one thread, and no thread is started.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// How a frame's raster is split over threads.
public enum FrameThreads: Hashable, Sendable {
    /// Two bands (at most the cores) for a frame that draws at least
    /// `DisplayListRasterizer.bandedPixelsThatPay` pixels, else one thread.
    case automatic
    /// Up to this many bands whatever the frame's size (1: one thread), at most the cores.
    case fixed(Int)

    /// `auto`, or a count within 1…256: what the command line's `--threads` takes.
    public init?(argument: String) {
        if argument == "auto" { self = .automatic; return }
        guard let n = Int(argument), n >= 1, n <= 256 else { return nil }
        self = .fixed(n)
    }
}

/// The canvases of the bands, one per band, each used by its band's thread alone while the
/// bands draw (they share only the target bitmap, of which each writes its own rows).
final class BandCanvases: @unchecked Sendable {
    let target: Bitmap
    let canvases: [Canvas]
    init(target: Bitmap, count: Int) {
        self.target = target
        canvases = (0..<count).map { _ in Canvas(target) }
    }
}

/// What every band reads and none writes while the bands draw: the rasterizer (whose
/// `drawItems` keeps its state in locals) and the list.
private struct BandWork: @unchecked Sendable {
    let rasterizer: DisplayListRasterizer
    let list: DisplayList
    let within: Rect?
}

extension DisplayListRasterizer {
    /// The cores online: the most threads a frame is ever split over.
    public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The fewest rows a band gets: below that, starting a thread costs more than it saves.
    static let minimumBandRows = 32

    /// The fewest pixels to draw from which `FrameThreads.automatic` splits a frame in two
    /// bands (see the file's header): 2560 × 1440.
    public static let bandedPixelsThatPay = 2560 * 1440

    /// How frames are split: `threads` and `minimumBandedPixels` together.
    public var frameThreads: FrameThreads {
        get { minimumBandedPixels > 0 ? .automatic : .fixed(threads) }
        set {
            switch newValue {
            case .automatic: threads = 2; minimumBandedPixels = Self.bandedPixelsThatPay
            case .fixed(let n): threads = max(1, n); minimumBandedPixels = 0
            }
        }
    }

    /// Draws `list` into `canvas` in up to `threads` bands (never more than the cores) when the
    /// list and the clip allow it (see the file's header), only the drawing items whose bounds
    /// meet `within` (as `draw(_:into:within:)`). Returns false, having drawn nothing, when
    /// they do not.
    func drawInBands(_ list: DisplayList, into canvas: Canvas, threads: Int, within: Rect? = nil) -> Bool {
        let target = canvas.target
        var x0 = 0, y0 = 0, x1 = target.width, y1 = target.height
        if let clip = canvas.clip {
            guard case .rect(let r) = clip, !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
                  r.minX == r.minX.rounded(), r.minY == r.minY.rounded(),
                  r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded() else { return false }
            x0 = max(x0, Int(max(-1e9, r.minX))); y0 = max(y0, Int(max(-1e9, r.minY)))
            x1 = min(x1, Int(min(1e9, r.maxX))); y1 = min(y1, Int(min(1e9, r.maxY)))
        }
        let bands = min(threads, Self.coreCount, (y1 - y0) / Self.minimumBandRows)
        guard bands > 1, x1 > x0 else { return false }
        if minimumBandedPixels > 0 {
            // The pixels to draw: the clip's box, or the part of it `within` names.
            var drawn = Double(x1 - x0) * Double(y1 - y0)
            if let w = within {
                let r = w.intersection(Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)))
                drawn = r.isNull ? 0 : r.width * r.height
            }
            guard drawn >= Double(minimumBandedPixels) else { return false }
        }
        guard Self.drawsInBands(list) else { return false }
        if bandCanvases == nil || bandCanvases!.target !== target || bandCanvases!.canvases.count < bands {
            bandCanvases = BandCanvases(target: target, count: bands)
        }
        let canvases = bandCanvases!
        let tolerance = canvas.tolerance, kernels = canvas.kernels
        let left = x0, top0 = y0, columns = x1 - x0, rows = y1 - y0
        let work = BandWork(rasterizer: self, list: list, within: within)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let top = top0 + rows * band / bands, bottom = top0 + rows * (band + 1) / bands
            let c = canvases.canvases[band]
            c.tolerance = tolerance
            c.kernels = kernels
            c.clip = .rect(Rect(Double(left), Double(top), Double(columns), Double(bottom - top)))
            work.rasterizer.drawItems(work.list, into: c, within: work.within)
        }
        return true
    }

    /// Whether every item of `list` can be drawn band by band (see the file's header).
    static func drawsInBands(_ list: DisplayList) -> Bool {
        var depth = 0
        for item in list.items {
            switch item.operation {
            case .fill, .stroke, .image, .filteredImage, .gradient, .invalidate, .endClip:
                break
            case .beginClip(let shape):
                guard case .rect = shape else { return false }
            case .beginGroup:
                depth += 1
            case .endGroup:
                depth -= 1
            case .beginMask, .endMask, .maskGroup, .tintGroup, .blendGroup:
                guard depth > 0 else { return false }
            case .beginShadowedGroup, .shadow, .beginPlane, .endPlane, .transition, .sprites, .filterGroup, .backdrop:
                return false
            }
        }
        return true
    }
}
