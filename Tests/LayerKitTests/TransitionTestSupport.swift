// Test images drawn with code and PNG in/out (SDL2_image) for the transition goldens.
import CSDL2
import Foundation
@testable import LayerKit

/// Helpers shared by the transition tests.
enum TransitionTestSupport {
    /// Goldens live next to the sources so LAYERKIT_UPDATE_GOLDENS=1 rewrites them in place.
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/Transitions")
    static var updating: Bool { ProcessInfo.processInfo.environment["LAYERKIT_UPDATE_GOLDENS"] == "1" }

    /// The "old" test image: warm horizontal stripes, a dark diagonal from top-left to
    /// bottom-right, and a white marker square in the top-left corner (shows orientation).
    static func oldImage(width w: Int = 96, height h: Int = 64) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        let stripes: [Color] = [Color(0.9, 0.2, 0.2), Color(1, 0.6, 0.1), Color(1, 0.9, 0.2), Color(0.8, 0.3, 0.5)]
        for y in 0..<h {
            for x in 0..<w {
                var c = stripes[(y / max(1, h / 8)) % stripes.count]
                let diag = abs(Double(x) / Double(w) - Double(y) / Double(h)) * Double(min(w, h))
                if diag < 2.5 { c = Color(0.15, 0.1, 0.1) }
                if x >= 4 && x < 4 + w / 8 && y >= 4 && y < 4 + w / 8 { c = .white }
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }

    /// The "new" test image: cool vertical stripes, the other diagonal, a black marker square
    /// in the top-left corner.
    static func newImage(width w: Int = 96, height h: Int = 64) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        let stripes: [Color] = [Color(0.1, 0.3, 0.9), Color(0.1, 0.7, 0.6), Color(0.3, 0.8, 0.3), Color(0.2, 0.5, 1)]
        for y in 0..<h {
            for x in 0..<w {
                var c = stripes[(x / max(1, w / 8)) % stripes.count]
                let diag = abs(Double(w - 1 - x) / Double(w) - Double(y) / Double(h)) * Double(min(w, h))
                if diag < 2.5 { c = Color(0.95, 0.95, 1) }
                if x >= 4 && x < 4 + w / 8 && y >= 4 && y < 4 + w / 8 { c = .black }
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }

    /// Writes an opaque-or-not premultiplied bitmap as PNG (straight alpha on disk).
    static func savePNG(_ bitmap: Bitmap, to url: URL) throws {
        let copy = Bitmap(width: bitmap.width, height: bitmap.height)
        for i in 0..<bitmap.pixelCount { copy.pixels[i] = unpremultiply(bitmap.pixels[i]) }
        guard let s = SDL_CreateRGBSurfaceWithFormatFrom(copy.pixels, Int32(copy.width), Int32(copy.height), 32,
                                                         Int32(copy.width * 4), UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue))
        else { throw PNGError.failed("create surface") }
        defer { SDL_FreeSurface(s) }
        guard IMG_SavePNG(s, url.path) == 0 else { throw PNGError.failed(String(cString: LK_IMG_GetError())) }
    }

    /// Reads a PNG into a premultiplied bitmap; nil when missing or unreadable.
    static func loadPNG(_ url: URL) -> Bitmap? {
        guard let raw = IMG_Load(url.path) else { return nil }
        defer { SDL_FreeSurface(raw) }
        guard let s = SDL_ConvertSurfaceFormat(raw, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0) else { return nil }
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        let b = Bitmap(width: w, height: h)
        let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = row[x], a = p >> 24
                b[x, y] = Color(Double((p >> 16) & 0xff) / 255, Double((p >> 8) & 0xff) / 255,
                                Double(p & 0xff) / 255, Double(a) / 255).premultipliedARGB
            }
        }
        return b
    }

    static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 || a == 0 { return a == 0 ? 0 : p }
        func ch(_ s: UInt32) -> UInt32 { min(255, (((p >> s) & 0xff) * 255 + a / 2) / a) << s }
        return (a << 24) | ch(16) | ch(8) | ch(0)
    }

    enum PNGError: Error { case failed(String) }

    /// Frames of `effect` at `progresses`, side by side on an opaque light-grey background
    /// (so transparent regions and the 3D types' surroundings are visible).
    static func contactSheet(_ effect: TransitionEffect, progresses: [Double], from: Bitmap, to: Bitmap) -> Bitmap {
        let w = from.width, h = from.height
        let sheet = Bitmap(width: w * progresses.count, height: h)
        sheet.clear(Color(0.78, 0.78, 0.78))
        let canvas = Canvas(sheet)
        for (i, p) in progresses.enumerated() {
            canvas.clip = .rect(Rect(Double(i * w), 0, Double(w), Double(h)))
            effect.render(from: from, to: to, progress: p, into: canvas, rect: Rect(Double(i * w), 0, Double(w), Double(h)))
        }
        return sheet
    }
}
