// PNG through SDL2_image's IMG_SavePNG. Media (raster-pix) will own PNG I/O; this stays the
// player's small writer for screenshots and plots until then.
import CSDL2
import Raster

/// Writes bitmaps as PNG files.
public enum PNGWriter {
    /// Saves `bitmap` (premultiplied ARGB8888) as a straight-alpha RGBA PNG at `path`.
    public static func write(_ bitmap: Bitmap, to path: String) throws(PlayerError) {
        guard bitmap.width > 0, bitmap.height > 0 else { throw PlayerError("\(path): cannot write an empty image") }
        // PNG wants straight alpha: un-premultiply into a copy.
        let straight = bitmap.copy()
        for i in 0..<straight.pixelCount {
            let p = straight.pixels[i]
            let a = p >> 24
            if a != 0 && a != 255 {
                func ch(_ shift: UInt32) -> UInt32 { min(255, (((p >> shift) & 0xff) * 255 + a / 2) / a) << shift }
                straight.pixels[i] = (a << 24) | ch(16) | ch(8) | ch(0)
            }
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
            straight.pixels, Int32(straight.width), Int32(straight.height), 32, Int32(straight.width * 4),
            SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw PlayerError("\(path): cannot make an SDL surface: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        if IMG_SavePNG(surface, path) != 0 {
            throw PlayerError("\(path): cannot write PNG: \(String(cString: LK_IMG_GetError()))")
        }
    }
}
