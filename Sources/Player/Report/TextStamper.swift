// Labels for the timings plot through SDL_ttf. Media (raster-pix) owns text for scenes; the
// report only needs a few plain labels, so it stamps them itself.
import CSDL2
import Raster

/// Draws short labels with DejaVu Sans; does nothing when the font or SDL_ttf is missing
/// (the plot is still complete without labels).
final class TextStamper {
    private var font: OpaquePointer?
    static let fontPaths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                            "/usr/share/fonts/dejavu/DejaVuSans.ttf"]

    init(pointSize: Int32) {
        guard TTF_WasInit() != 0 || TTF_Init() == 0 else { return }
        for path in Self.fontPaths {
            if let f = TTF_OpenFont(path, pointSize) { font = f; break }
        }
    }
    deinit { if let font { TTF_CloseFont(font) } }

    /// Blends `text` with its top left at (x, y).
    func draw(_ text: String, into bmp: Bitmap, x: Int, y: Int, color: Color) {
        guard let font, !text.isEmpty else { return }
        let c = SDL_Color(r: UInt8(color.r * 255), g: UInt8(color.g * 255), b: UInt8(color.b * 255), a: 255)
        guard let rendered = TTF_RenderUTF8_Blended(font, text, c) else { return }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return }
        defer { SDL_FreeSurface(surface) }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch) / 4
        let src = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for row in 0..<h {
            let yy = y + row
            guard yy >= 0, yy < bmp.height else { continue }
            for col in 0..<w {
                let xx = x + col
                guard xx >= 0, xx < bmp.width else { continue }
                let p = src[row * pitch + col]
                let a = p >> 24
                if a == 0 { continue }
                let d = bmp.pixels[yy * bmp.width + xx]
                var out: UInt32 = 0xFF00_0000
                for shift: UInt32 in [0, 8, 16] {
                    let s = (p >> shift) & 0xff, dc = (d >> shift) & 0xff
                    out |= ((s * a + dc * (255 - a) + 127) / 255) << shift
                }
                bmp.pixels[yy * bmp.width + xx] = out
            }
        }
    }
}
