// PNG in and out through SDL2_image: the project's only PNG reader and writer (the player's
// screenshots and plots, the gallery's assets, the tests' goldens all come here).
// Bitmaps are premultiplied ARGB8888; PNG files hold straight alpha, so reading premultiplies
// and writing unpremultiplies, both exactly rounded. No SDL subsystem needs initialising for
// surfaces and IMG_*.
import CSDL2
import LayerKit
import Raster

extension Bitmap {
    /// Reads a PNG (or any format SDL_image reads) into a premultiplied bitmap. The file is
    /// read whole (at most `DocumentLimits.maximumImageFileBytes`); a PNG's size is read from
    /// its header and refused above `DocumentLimits`, and its chunk layout checked
    /// (`PNGChunkLayout`), before anything is decoded; what libpng prints while decoding is
    /// captured and joins the error's reason.
    public static func readPNG(_ path: String) throws -> Bitmap {
        let bytes: [UInt8]
        do { bytes = try BoundedFileReader.contents(atPath: path, limit: DocumentLimits.maximumImageFileBytes) } catch {
            throw MediaError(path: path, message: error.reason)
        }
        guard !bytes.isEmpty else { throw MediaError(path: path, message: "the file is empty") }
        if bytes.starts(with: PNGHeader.signature) {
            if let (w, h) = PNGHeader.size(ofHeader: Array(bytes.prefix(24))) {
                guard w <= DocumentLimits.maximumSide, h <= DocumentLimits.maximumSide, w * h <= DocumentLimits.maximumPixels else {
                    throw MediaError(path: path, message: "the PNG header's size \(w) × \(h) exceeds the limit \(DocumentLimits.maximumSide) pixels a side and \(DocumentLimits.maximumPixels) pixels")
                }
            }
            if let problem = bytes.withUnsafeBytes(PNGChunkLayout.problem(in:)) {
                throw MediaError(path: path, message: problem)
            }
        }
        // The file's extension is SDL_image's hint for formats without a signature (TGA), as
        // IMG_Load(path) gives it.
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "") : ""
        let (image, libraryOutput) = StandardErrorCapture.run {
            bytes.withUnsafeBytes { raw in
                IMG_LoadTyped_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1, ext)
            }
        }
        guard let loaded = image else {
            let said = libraryOutput.split(whereSeparator: \.isNewline).joined(separator: "; ")
            throw MediaError(path: path, message: imageError() + (said.isEmpty ? "" : " (\(said))"))
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw MediaError(path: path, message: "cannot convert to ARGB8888: \(imageError())")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let bitmap = Bitmap(width: w, height: h)
        if LK_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_LockSurface(surface) }
        defer { if LK_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_UnlockSurface(surface) } }
        guard let base = surface.pointee.pixels else { return bitmap }
        for y in 0..<h {
            let src = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            let dst = bitmap.pixels + y * w
            for x in 0..<w { dst[x] = premultiply(src[x]) }
        }
        return bitmap
    }

    /// Writes the bitmap as a PNG with straight alpha; an empty bitmap is an error (a PNG has
    /// at least one pixel).
    public func writePNG(_ path: String) throws {
        guard width > 0, height > 0 else { throw MediaError(path: path, message: "cannot write an empty image") }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                          SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw MediaError(path: path, message: "cannot create surface: \(imageError())")
        }
        defer { SDL_FreeSurface(surface) }
        if LK_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_LockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        if let base = surface.pointee.pixels {
            for y in 0..<height {
                let dst = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
                let src = pixels + y * width
                for x in 0..<width { dst[x] = unpremultiply(src[x]) }
            }
        }
        if LK_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_UnlockSurface(surface) }
        if IMG_SavePNG(surface, path) != 0 { throw MediaError(path: path, message: "cannot write PNG: \(imageError())") }
    }
}

/// Straight ARGB → premultiplied, each channel exactly rounded.
@inline(__always) func premultiply(_ p: UInt32) -> UInt32 {
    let a = p >> 24
    if a == 255 { return p }
    if a == 0 { return 0 }
    func m(_ c: UInt32) -> UInt32 { let t = c * a + 128; return (t + (t >> 8)) >> 8 }
    return (a << 24) | (m((p >> 16) & 0xff) << 16) | (m((p >> 8) & 0xff) << 8) | m(p & 0xff)
}

/// Premultiplied ARGB → straight, rounded (channels clamp to 255).
@inline(__always) func unpremultiply(_ p: UInt32) -> UInt32 {
    let a = p >> 24
    if a == 255 { return p }
    if a == 0 { return 0 }
    func d(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
    return (a << 24) | (d((p >> 16) & 0xff) << 16) | (d((p >> 8) & 0xff) << 8) | d(p & 0xff)
}
