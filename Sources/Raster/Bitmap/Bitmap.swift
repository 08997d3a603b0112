// Bitmap: a premultiplied ARGB8888 pixel buffer in SDL's byte order, owned memory with
// direct pixel access for hot loops.

import CRasterSIMD

/// A premultiplied ARGB8888 pixel buffer (SDL_PIXELFORMAT_ARGB8888 byte order: each pixel a
/// native-endian UInt32 0xAARRGGBB). Rows are `width` pixels apart; memory is owned and
/// freed with the bitmap. Hot loops take `pixels` directly: no bounds checks, no ARC per pixel.
public final class Bitmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// First pixel of the top row; row y starts at `pixels + y * width`.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// The longest side, in pixels, of a bitmap that input may make us allocate (a document's
    /// canvas × scale, an image, a layer's backing store): what callers check sizes from
    /// outside against before allocating.
    public static let maximumSide = 16_384
    /// The most pixels of such a bitmap: 64 M (256 MiB at 4 bytes a pixel, so that a canvas
    /// and the offscreen passes drawn beside it stay well under 1 GiB).
    public static let maximumPixels = 64 * 1024 * 1024

    /// A bitmap of `width × height` pixels, all transparent black. Sizes are clamped at 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = max(1, self.width * self.height)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
        Bitmap.liveBitmaps.created(bytes: count &* 4)
    }
    /// A bitmap of `width × height` pixels of which only those inside `box` are set
    /// (transparent black); the others hold whatever the memory held, for a surface that
    /// writes and reads no pixel outside the box. Sizes are clamped at 0.
    init(width: Int, height: Int, clearing box: PixelBox) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = max(1, self.width * self.height)
        pixels = .allocate(capacity: count)
        let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: self.width, y1: self.height))
        if !b.isEmpty {
            for row in b.y0..<b.y1 { (pixels + row * self.width + b.x0).initialize(repeating: 0, count: b.x1 - b.x0) }
        }
        Bitmap.liveBitmaps.created(bytes: count &* 4)
    }
    /// An offscreen surface whose pixel memory comes from `pool` and goes back to it with the
    /// bitmap (SurfacePool.swift): the pixels inside `box` are transparent black (all of them
    /// when nil), the others hold whatever the memory held.
    init(width: Int, height: Int, clearing box: PixelBox?, pool: SurfacePool) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = max(1, self.width * self.height)
        let block = pool.take(count: count)
        pixels = block.pixels
        self.pool = pool
        poolCapacity = block.capacity
        if let box {
            let b = box.intersect(PixelBox(x0: 0, y0: 0, x1: self.width, y1: self.height))
            if !b.isEmpty {
                for row in b.y0..<b.y1 { (pixels + row * self.width + b.x0).initialize(repeating: 0, count: b.x1 - b.x0) }
            }
        } else {
            pixels.initialize(repeating: 0, count: count)
        }
        Bitmap.liveBitmaps.created(bytes: count &* 4)
    }
    /// Rows `top ..< top + count` of `whole` (within it, count ≥ 1), as a bitmap of their own:
    /// the same memory, kept alive by the view and never freed by it, for drawing into part of
    /// a bitmap in that part's own pixels (DisplayListRasterizer+FlatGroup.swift).
    init(rowsOf whole: Bitmap, top: Int, count: Int) {
        precondition(top >= 0 && count >= 1 && top + count <= whole.height, "Bitmap rows outside the bitmap")
        width = whole.width
        height = count
        pixels = whole.pixels + top * whole.width
        viewed = whole
    }
    /// The pool the pixel memory goes back to, and the size of its block (nil, 0: owned).
    private var pool: SurfacePool? = nil
    private var poolCapacity = 0
    /// The bitmap whose rows this one is (nil: the memory is this bitmap's).
    private var viewed: Bitmap? = nil
    deinit {
        if viewed != nil { return }
        if let pool { pool.give(pixels, capacity: poolCapacity) } else { pixels.deallocate() }
        Bitmap.liveBitmaps.destroyed(bytes: max(1, width &* height) &* 4)
    }

    /// The bitmap this one is a revision of, with only the pixels in `revisedRect` changed
    /// (see `revision(changing:)`): damage tracking then damages only those pixels.
    public internal(set) weak var revisionOf: Bitmap?
    public internal(set) var revisedRect = Rect.null

    /// The bitmaps alive in the process and the pixel bytes they hold.
    public static let liveBitmaps = LiveObjectCounter()

    @inlinable public var pixelCount: Int { width * height }
    @inlinable public var bounds: Rect { Rect(0, 0, Double(width), Double(height)) }

    /// The pixel at (x, y), premultiplied ARGB; 0 outside the bitmap.
    @inlinable public subscript(x: Int, y: Int) -> UInt32 {
        get { (x >= 0 && y >= 0 && x < width && y < height) ? pixels[y * width + x] : 0 }
        set { if x >= 0 && y >= 0 && x < width && y < height { pixels[y * width + x] = newValue } }
    }

    /// Fills every pixel with `color` (premultiplied); `.clear` gives transparent black.
    public func clear(_ color: Color = .clear) {
        lk_clear_pixels(pixels, pixelCount, color.premultipliedARGB)
    }

    /// A new bitmap holding a copy of the given pixel rectangle, clipped to this bitmap.
    public func copy(x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil) -> Bitmap {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + (w ?? width)), y1 = min(height, y + (h ?? height))
        let out = Bitmap(width: max(0, x1 - x0), height: max(0, y1 - y0))
        for row in 0..<out.height {
            (out.pixels + row * out.width).update(from: pixels + (y0 + row) * width + x0, count: out.width)
        }
        return out
    }

    /// Copies `source` into this bitmap with its top left at (x, y) (no blending), clipped.
    public func blit(_ source: Bitmap, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            (pixels + row * width + x0).update(from: source.pixels + (row - y) * source.width + (x0 - x), count: x1 - x0)
        }
    }
}

/// How two bitmaps differ, for tests and fidelity checks.
public struct BitmapDifference: Sendable, CustomStringConvertible {
    /// Mean absolute difference per channel (A, R, G, B averaged), in 0…255 units.
    public var meanAbsolute: Double
    /// Largest absolute difference of any channel, 0…255.
    public var maxAbsolute: Int
    /// Share (0…1) of pixels whose largest channel difference exceeds the threshold.
    public var shareOverThreshold: Double
    public var description: String {
        "mean \(meanAbsolute)/255, max \(maxAbsolute), over-threshold \(shareOverThreshold * 100)%"
    }
}

extension Bitmap {
    /// Compares two equally sized bitmaps channel by channel (on premultiplied values).
    /// Returns nil when the sizes differ.
    public func difference(from other: Bitmap, threshold: Int = 16) -> BitmapDifference? {
        guard width == other.width, height == other.height else { return nil }
        let n = pixelCount
        if n == 0 { return BitmapDifference(meanAbsolute: 0, maxAbsolute: 0, shareOverThreshold: 0) }
        var total = 0, maxD = 0, over = 0
        for i in 0..<n {
            let p = pixels[i], q = other.pixels[i]
            var worst = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff))
                total += d
                worst = max(worst, d)
            }
            maxD = max(maxD, worst)
            if worst > threshold { over += 1 }
        }
        return BitmapDifference(meanAbsolute: Double(total) / Double(n * 4), maxAbsolute: maxD,
                                shareOverThreshold: Double(over) / Double(n))
    }
}
