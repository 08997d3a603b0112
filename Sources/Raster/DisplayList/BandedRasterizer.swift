// Large frames drawn on several threads: the rows to draw are split into horizontal bands, and
// each band draws the whole display list into its own rows through its own canvas (its own
// rasterizer scratch) with an integer clip of those rows. An integer clip cuts spans without
// changing the coverage of the pixels it keeps, so the pixels are the same as one thread's,
// byte for byte; no two bands touch the same pixel, so no lock is taken per span or per item.
//
// It applies to lists whose every item paints each pixel from the item and that pixel alone
// (fills, strokes, gradient fills, images) over a target clipped by nothing or by an integer
// rectangle. Groups, masks, clips inside the list, shadows, sprites and transitions read or
// rewrite pixels beyond the band (a blur's reach, a group's bitmap, a rounded clip cut by a
// band edge), so such a list is drawn on one thread.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// One display item a band can draw alone (its pixels depend on nothing outside them).
enum BandOperation: Sendable {
    case fill(Path, AffineTransform, Color, FillRule, Double, EdgeAliasing?)
    case stroke(Path, StrokeStyle, AffineTransform, Color, start: Double, end: Double, opacity: Double)
    case image(Bitmap, AffineTransform, Double, EdgeAliasing?)
    case filteredImage(Bitmap, AffineTransform, Double, EdgeAliasing?, ImageFiltering)
    case gradient(Path, AffineTransform, Gradient, FillRule, Double, EdgeAliasing?)

    /// The operation of `item` (its edges aliased as `aliasing` says), or nil when the item
    /// cannot be drawn band by band.
    init?(_ operation: DisplayOperation, aliasing: EdgeAliasing? = nil) {
        switch operation {
        case let .fill(p, t, c, r, o): self = .fill(p, t, c, r, o, aliasing)
        case let .stroke(p, s, t, c, a, b, o): self = .stroke(p, s, t, c, start: a, end: b, opacity: o)
        case let .image(b, t, o): self = .image(b, t, o, aliasing)
        case let .filteredImage(b, t, o, f): self = .filteredImage(b, t, o, aliasing, f)
        case let .gradient(p, t, g, r, o): self = .gradient(p, t, g, r, o, aliasing)
        default: return nil
        }
    }

    func draw(on canvas: Canvas) {
        switch self {
        case let .fill(p, t, c, r, o, e): canvas.fill(p, transform: t, color: c, rule: r, opacity: o, aliasing: e)
        case let .stroke(p, s, t, c, a, b, o):
            canvas.stroke(p, style: s, transform: t, color: c, strokeStart: a, strokeEnd: b, opacity: o)
        case let .image(b, t, o, e): canvas.draw(b, transform: t, opacity: o, aliasing: e)
        case let .filteredImage(b, t, o, e, f): canvas.draw(b, transform: t, opacity: o, aliasing: e, filtering: f)
        case let .gradient(p, t, g, r, o, e): canvas.fill(p, transform: t, gradient: g, rule: r, opacity: o, aliasing: e)
        }
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

extension DisplayListRasterizer {
    /// The cores online: the most threads a frame is ever split over.
    public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The fewest rows a band gets: below that, starting a thread costs more than it saves.
    static let minimumBandRows = 32

    /// Draws `list` into `canvas` in up to `threads` bands (never more than the cores) when the
    /// list and the clip allow it (see the file's header). Returns false, having drawn
    /// nothing, when they do not.
    func drawInBands(_ list: DisplayList, into canvas: Canvas, threads: Int) -> Bool {
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
        var operations: [BandOperation] = []
        operations.reserveCapacity(list.items.count)
        for item in list.items {
            if case .invalidate = item.operation { continue }
            guard let op = BandOperation(item.operation, aliasing: item.aliasing) else { return false }
            operations.append(op)
        }
        if bandCanvases == nil || bandCanvases!.target !== target || bandCanvases!.canvases.count < bands {
            bandCanvases = BandCanvases(target: target, count: bands)
        }
        let canvases = bandCanvases!
        let tolerance = canvas.tolerance, kernels = canvas.kernels
        let left = x0, top0 = y0, columns = x1 - x0, rows = y1 - y0, ops = operations
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let top = top0 + rows * band / bands, bottom = top0 + rows * (band + 1) / bands
            let c = canvases.canvases[band]
            c.tolerance = tolerance
            c.kernels = kernels
            c.clip = .rect(Rect(Double(left), Double(top), Double(columns), Double(bottom - top)))
            for op in ops { op.draw(on: c) }
        }
        return true
    }
}
