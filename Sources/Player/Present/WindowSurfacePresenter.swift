// The software-renderer path: the window's own surface (`SDL_GetWindowSurface`, shared memory
// with the X server under X11) receives only the damaged rows, and
// `SDL_UpdateWindowSurfaceRects` sends only the damaged rectangles ("equivalent to the SDL
// 1.2 API SDL_UpdateRects()"). SDL's header on the surface: "This surface will be
// invalidated if the window is resized. After resizing a window this function must be called
// again to return a valid surface" — so `resize` fetches it anew — and "You may not combine
// this with 3D or the rendering API on this window": the host destroys its probe renderer
// before taking this path. Left to itself SDL may back the surface with a streaming texture
// ("SDL can try to accelerate the SDL screen surface by using streaming textures with a 3D
// rendering engine"), which under a software GL copies the whole window again on every
// update; SDL_HINT_FRAMEBUFFER_ACCELERATION "0" ("Disable 3D acceleration") keeps the
// window system's own framebuffer (X11: shared-memory images of the rectangles alone).
import CSDL2
import Raster

/// Presents by copying damaged pixels into the window surface and updating those rectangles.
final class WindowSurfacePresenter: FramePresenter {
    let window: OpaquePointer
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    /// The rectangles to send at the next present.
    private var pending: [SDL_Rect] = []
    /// Where the frame graph was drawn last frame (restored from the frame when it goes).
    private var graphRect: PixelRect?
    /// The surface stores pixels as the bitmap does (ARGB8888, or RGB888 whose unused byte
    /// is ignored): rows copy as they are.
    private var sameLayout = false
    var name: String { "window surface" }

    init(window: OpaquePointer) {
        self.window = window
        pending.reserveCapacity(DamageRegion.limit + 2)
        SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
    }

    func drawableSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(max(w, 1)), Int(max(h, 1)))
    }

    func resize(width: Int, height: Int) throws(PlayerError) {
        guard let s = SDL_GetWindowSurface(window) else {
            throw PlayerError("cannot get the window surface: \(sdlError())")
        }
        surface = s
        let format = s.pointee.format.pointee.format
        sameLayout = format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue
        graphRect = nil
    }

    func upload(_ bitmap: Bitmap, damage: Rect?, region: [Rect]) {
        if let g = graphRect, damage != nil {
            // The graph's panel goes back to the frame's pixels (redrawn over if still shown).
            copy(bitmap, g)
            graphRect = nil
        }
        if damage != nil && region.count > 1 {
            for part in region { if let r = PixelRect(part, in: bitmap) { copy(bitmap, r) } }
            return
        }
        guard let r = PixelRect(damage, in: bitmap) else { return }
        copy(bitmap, r)
    }

    /// Copies rectangle `r` of `bitmap` into the surface and queues it for the present.
    private func copy(_ bitmap: Bitmap, _ r: PixelRect) {
        guard let s = surface else { return }
        let w = min(r.width, Int(s.pointee.w) - r.x), h = min(r.height, Int(s.pointee.h) - r.y)
        guard w > 0, h > 0, let base = s.pointee.pixels else { return }
        let pitch = Int(s.pointee.pitch)
        let src = bitmap.pixels + r.y * bitmap.width + r.x
        let dst = base + r.y * pitch + r.x * 4
        if sameLayout {
            for row in 0..<h {
                (dst + row * pitch).assumingMemoryBound(to: UInt32.self)
                    .update(from: src + row * bitmap.width, count: w)
            }
        } else {
            SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_ARGB8888.rawValue, src, Int32(bitmap.width * 4),
                              s.pointee.format.pointee.format, dst, Int32(pitch))
        }
        pending.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(w), h: Int32(h)))
    }

    func drawFrameGraph(_ frames: ArraySlice<FrameTiming>, period: Double, scale: Double, bitmap: Bitmap) {
        guard let s = surface else { return }
        let g = FrameGraphLayout(scale: scale, bitmapHeight: bitmap.height)
        guard let panel = PixelRect(g.panel, in: bitmap) else { return }
        // From the frame's own pixels each time: the panel is translucent over them.
        copy(bitmap, panel)
        graphRect = panel
        darken(s, panel)
        for (i, f) in frames.enumerated() {
            let (interval, work) = g.bars(f, index: i)
            fill(s, interval, f.dropped ? 0xFFEB_5046 : 0xFF5A_96EB)
            fill(s, work, 0xFF78_E68C)
        }
        fill(s, Rect(g.panel.minX, g.periodLineY(period).rounded(.down), g.panel.width, max(1, scale)), 0xFFFF_FFFF)
    }

    /// Two thirds darker, as the texture path's black panel at alpha 170 draws it.
    private func darken(_ s: UnsafeMutablePointer<SDL_Surface>, _ r: PixelRect) {
        guard sameLayout, let base = s.pointee.pixels else { return }
        let pitch = Int(s.pointee.pitch)
        for y in r.y..<min(r.y + r.height, Int(s.pointee.h)) {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in r.x..<min(r.x + r.width, Int(s.pointee.w)) {
                let p = row[x]
                row[x] = 0xFF00_0000 | (((p >> 2) & 0x003F_3F3F) + ((p >> 4) & 0x000F_0F0F))
            }
        }
    }

    private func fill(_ s: UnsafeMutablePointer<SDL_Surface>, _ r: Rect, _ argb: UInt32) {
        var rect = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                            w: Int32(max(1, r.width.rounded())), h: Int32(max(0, r.height.rounded())))
        guard rect.h > 0 else { return }
        let c = SDL_MapRGB(s.pointee.format, UInt8((argb >> 16) & 0xFF), UInt8((argb >> 8) & 0xFF), UInt8(argb & 0xFF))
        SDL_FillRect(s, &rect, c)
    }

    func readPixels(into shot: Bitmap) -> Bool {
        guard let s = surface, let base = s.pointee.pixels,
              Int(s.pointee.w) >= shot.width, Int(s.pointee.h) >= shot.height else { return false }
        return SDL_ConvertPixels(Int32(shot.width), Int32(shot.height), s.pointee.format.pointee.format, base,
                                 s.pointee.pitch, SDL_PIXELFORMAT_ARGB8888.rawValue, shot.pixels, Int32(shot.width * 4)) == 0
    }

    func present() {
        guard !pending.isEmpty else { return }
        _ = pending.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
        pending.removeAll(keepingCapacity: true)
    }
}
