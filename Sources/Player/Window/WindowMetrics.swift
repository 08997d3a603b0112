// The window's pixel scale. SDL's header, of a window made with SDL_WINDOW_ALLOW_HIGHDPI:
// "The window size in screen coordinates may differ from the size in pixels". Points are
// screen coordinates, pixels are the drawable's, and their ratio is the scale layers draw at.
// And the first window size of content shown at its own size: scaled down, aspect kept, to
// fit the screen's usable area (SDL_GetDisplayUsableBounds: the desktop less panels and docks).

import Raster

public enum WindowMetrics {
    /// Device pixels per point: the drawable's width over the window's (1 when unknown).
    static func pixelScale(windowWidth: Int, drawableWidth: Int) -> Double {
        guard windowWidth > 0, drawableWidth > 0 else { return 1 }
        return Double(drawableWidth) / Double(windowWidth)
    }

    /// `content` scaled down uniformly to fit `usable` (never up), whole points, at least 1×1.
    public static func fitted(_ content: Size, into usable: Size) -> Size {
        guard content.width > 0, content.height > 0, usable.width >= 1, usable.height >= 1 else { return content }
        let s = min(1, usable.width / content.width, usable.height / content.height)
        // Rounded down, so the fitted size never passes the screen by a fraction of a point.
        return Size(max(1, (content.width * s + 1e-9).rounded(.down)), max(1, (content.height * s + 1e-9).rounded(.down)))
    }
}
