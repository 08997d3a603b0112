// The hardware-renderer path: one streaming ARGB8888 texture the size of the drawable; each
// frame `SDL_UpdateTexture` of the damaged rectangle, a copy of the whole texture and
// `SDL_RenderPresent`. On a GPU the copy and present cost next to nothing whatever the size.
import CSDL2
import Raster

/// Presents through an SDL renderer and a streaming texture.
final class TexturePresenter: FramePresenter {
    let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var width = 0, height = 0
    var name: String { "streaming texture" }

    init(renderer: OpaquePointer) { self.renderer = renderer }
    deinit { if let texture { SDL_DestroyTexture(texture) } }

    func drawableSize() -> (width: Int, height: Int) {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return (Int(max(pw, 1)), Int(max(ph, 1)))
    }

    func resize(width: Int, height: Int) throws(PlayerError) {
        if texture != nil && width == self.width && height == self.height { return }
        if let t = texture { SDL_DestroyTexture(t); texture = nil }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            throw PlayerError("cannot create a \(width)x\(height) texture: \(sdlError())")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        texture = t
        self.width = width; self.height = height
    }

    /// One `SDL_UpdateTexture` of the whole damage: the texture is copied whole anyway.
    func upload(_ bitmap: Bitmap, damage: Rect?, region: [Rect]) {
        guard let rect = PixelRect(damage, in: bitmap) else { return }
        let first = bitmap.pixels + rect.y * bitmap.width + rect.x
        var r = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        SDL_UpdateTexture(texture, &r, first, Int32(bitmap.width * 4))
    }

    func drawFrameGraph(_ frames: ArraySlice<FrameTiming>, period: Double, scale: Double, bitmap: Bitmap) {
        SDL_RenderCopy(renderer, texture, nil, nil)
        copied = true
        let g = FrameGraphLayout(scale: scale, bitmapHeight: bitmap.height)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 170)
        var panel = Self.frect(g.panel)
        SDL_RenderFillRectF(renderer, &panel)
        for (i, f) in frames.enumerated() {
            let (interval, work) = g.bars(f, index: i)
            if f.dropped { SDL_SetRenderDrawColor(renderer, 235, 80, 70, 255) } else { SDL_SetRenderDrawColor(renderer, 90, 150, 235, 255) }
            var bar = Self.frect(interval)
            SDL_RenderFillRectF(renderer, &bar)
            SDL_SetRenderDrawColor(renderer, 120, 230, 140, 255)
            var w = Self.frect(work)
            SDL_RenderFillRectF(renderer, &w)
        }
        let y = Float(g.periodLineY(period))
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 220)
        SDL_RenderDrawLineF(renderer, Float(g.panel.minX), y, Float(g.panel.maxX), y)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    }

    /// Whether this frame's texture copy already happened (the graph needs it below itself).
    private var copied = false

    func readPixels(into shot: Bitmap) -> Bool {
        if !copied { SDL_RenderCopy(renderer, texture, nil, nil); copied = true }
        return SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, shot.pixels, Int32(shot.width * 4)) == 0
    }

    func present() {
        if !copied { SDL_RenderCopy(renderer, texture, nil, nil) }
        copied = false
        SDL_RenderPresent(renderer)
    }

    static func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }
}

/// A damage rectangle rounded out to whole pixels and clipped to a bitmap (nil damage = all).
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// nil when the clipped rectangle is empty.
    init?(_ damage: Rect?, in bitmap: Bitmap) {
        guard let d = damage else {
            guard bitmap.width > 0, bitmap.height > 0 else { return nil }
            self.init(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
            return
        }
        let c = d.intersection(bitmap.bounds)
        if c.isNull || c.isEmpty { return nil }
        let x0 = Int(c.minX.rounded(.down)), y0 = Int(c.minY.rounded(.down))
        let x1 = Int(c.maxX.rounded(.up)), y1 = Int(c.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    var rect: Rect { Rect(Double(x), Double(y), Double(width), Double(height)) }
}
