// A frame as the encoders take it: straight (not premultiplied) RGBA, 8 bits a channel, rows
// packed, converted once from Raster's premultiplied ARGB bitmaps (c = c·255 / a, rounded).
import Raster

/// Straight RGBA8 pixels, `width * 4` bytes a row, owned.
public final class RGBAImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// R, G, B, A of the top-left pixel first.
    public let bytes: UnsafeMutablePointer<UInt8>

    /// A transparent black image.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        bytes = .allocate(capacity: self.width * self.height * 4)
        bytes.initialize(repeating: 0, count: self.width * self.height * 4)
    }

    deinit { bytes.deallocate() }

    /// `bitmap`'s pixels un-premultiplied.
    public convenience init(_ bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)
        let n = bitmap.width * bitmap.height
        let src = bitmap.pixels, dst = bytes
        for i in 0..<n {
            let p = src[i]
            let a = p >> 24
            var r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
            if a != 255 && a != 0 {
                r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
            }
            dst[i &* 4] = UInt8(truncatingIfNeeded: r)
            dst[i &* 4 &+ 1] = UInt8(truncatingIfNeeded: g)
            dst[i &* 4 &+ 2] = UInt8(truncatingIfNeeded: b)
            dst[i &* 4 &+ 3] = UInt8(truncatingIfNeeded: a)
        }
    }

    /// Whether every pixel has alpha 255.
    public var isOpaque: Bool {
        let n = width * height
        for i in 0..<n where bytes[i &* 4 &+ 3] != 255 { return false }
        return true
    }

    /// The smallest rectangle holding every pixel that differs from `previous` by more than
    /// `tolerance` in a channel (nil when none does; images of another size differ everywhere).
    public func changedRect(from previous: RGBAImage, tolerance: Int = 0) -> PixelRect? {
        guard previous.width == width, previous.height == height else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        let a = bytes, b = previous.bytes
        for y in 0..<height {
            let row = y &* width &* 4
            var first = -1, last = -1
            for x in 0..<width {
                let o = row &+ x &* 4
                if Self.differs(a + o, b + o, tolerance) {
                    if first < 0 { first = x }
                    last = x
                }
            }
            if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y }
        }
        guard x1 >= 0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    @inline(__always) static func differs(_ p: UnsafeMutablePointer<UInt8>, _ q: UnsafeMutablePointer<UInt8>, _ tolerance: Int) -> Bool {
        if tolerance == 0 { return UnsafeRawPointer(p).loadUnaligned(as: UInt32.self) != UnsafeRawPointer(q).loadUnaligned(as: UInt32.self) }
        return abs(Int(p[0]) - Int(q[0])) > tolerance || abs(Int(p[1]) - Int(q[1])) > tolerance
            || abs(Int(p[2]) - Int(q[2])) > tolerance || abs(Int(p[3]) - Int(q[3])) > tolerance
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}
