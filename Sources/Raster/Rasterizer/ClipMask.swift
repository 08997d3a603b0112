// The canvas clip (a rectangle or rounded rectangle in device pixels) as per-pixel coverage.
// Whole pixels inside it are painted directly; only the anti-aliased rim (fractional edges
// and rounded corners) goes through the per-pixel multiply.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Integer bounds to draw in, and the clip's anti-aliased rim when it has one.
@usableFromInline struct ClipMask {
    /// Pixel rectangle that can be touched at all: columns left..<right, rows top..<bottom.
    @usableFromInline var left = 0, top = 0, right = 0, bottom = 0
    /// False when every pixel inside the integer bounds is fully inside the clip.
    @usableFromInline var active = false
    @usableFromInline var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0, radius = 0.0

    /// The mask for `clip` on a `width × height` target; nil when nothing can be drawn.
    @usableFromInline init?(_ clip: ClipShape?, width: Int, height: Int) {
        right = width; bottom = height
        guard let clip else { if width <= 0 || height <= 0 { return nil }; return }
        let r: Rect, rad: Double
        switch clip {
        case .rect(let rr): r = rr; rad = 0
        case .roundedRect(let rr, let cr): r = rr; rad = cr.isFinite ? max(0, min(cr, rr.width / 2, rr.height / 2)) : 0
        }
        guard !r.isNull, !r.minX.isNaN, !r.minY.isNaN, !r.maxX.isNaN, !r.maxY.isNaN, !rad.isNaN else { return nil }
        // The clip's own edges (corner arcs are placed from these, even off-canvas) …
        x0 = r.minX; y0 = r.minY; x1 = r.maxX; y1 = r.maxY
        radius = rad
        // … and the pixels that can be touched: the clip ∩ the target, whole pixels.
        let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(Double(width), x1), cy1 = min(Double(height), y1)
        guard cx1 > cx0, cy1 > cy0 else { return nil }
        left = Int(cx0.rounded(.down)); top = Int(cy0.rounded(.down))
        right = Int(cx1.rounded(.up)); bottom = Int(cy1.rounded(.up))
        active = rad > 0 || cx0 != Double(left) || cy0 != Double(top) || cx1 != Double(right) || cy1 != Double(bottom)
    }

    /// An integer column from a coordinate of any size, clamped to the drawn columns.
    @inline(__always) func column(_ v: Double) -> Int {
        v <= Double(left) ? left : (v >= Double(right) ? right : Int(v))
    }

    /// Columns of row `y` whose pixels lie entirely inside the clip (possibly empty).
    @inline(__always) @usableFromInline func interior(row y: Int) -> (Int, Int) {
        let fy0 = Double(y), fy1 = fy0 + 1
        guard fy0 >= y0, fy1 <= y1 else { return (0, 0) }
        if radius > 0 && (fy0 < y0 + radius || fy1 > y1 - radius) {
            return (column((x0 + radius).rounded(.up)), column((x1 - radius).rounded(.down)))
        }
        return (column(x0.rounded(.up)), column(x1.rounded(.down)))
    }

    /// Coverage 0…255 of pixel (x, y) by the clip: the box overlap, and in a rounded corner
    /// the distance from the pixel centre to the arc (a one-pixel ramp).
    @usableFromInline func coverage(x: Int, y: Int) -> UInt32 {
        let fx = Double(x), fy = Double(y)
        let cx = max(0, min(fx + 1, x1) - max(fx, x0))
        let cy = max(0, min(fy + 1, y1) - max(fy, y0))
        var c = cx * cy
        if radius > 0 {
            let px = fx + 0.5, py = fy + 0.5
            let ccx = px < x0 + radius ? x0 + radius : (px > x1 - radius ? x1 - radius : px)
            let ccy = py < y0 + radius ? y0 + radius : (py > y1 - radius ? y1 - radius : py)
            if ccx != px && ccy != py {
                let dx = px - ccx, dy = py - ccy
                let a = max(0, min(1, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
                c = min(c, a)
            }
        }
        return UInt32(c * 255 + 0.5)
    }
}
