// The window's pixel scale. SDL's header, of a window made with SDL_WINDOW_ALLOW_HIGHDPI:
// "The window size in screen coordinates may differ from the size in pixels". Points are
// screen coordinates, pixels are the drawable's, and their ratio is the scale layers draw at.

enum WindowMetrics {
    /// Device pixels per point: the drawable's width over the window's (1 when unknown).
    static func pixelScale(windowWidth: Int, drawableWidth: Int) -> Double {
        guard windowWidth > 0, drawableWidth > 0 else { return 1 }
        return Double(drawableWidth) / Double(windowWidth)
    }
}
