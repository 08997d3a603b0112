// F11's fullscreen, checked against the window system. SDL 2 asks the window manager for
// fullscreen (`_NET_WM_STATE_FULLSCREEN` under X11) and at once reports the display's size as
// the window's; with no window manager to honour the request (Xvfb, a bare X server) the X
// window keeps its own size, and the player drew a display-sized frame into it: the window
// showed its top-left corner, and after leaving fullscreen SDL still reported the display's
// size. So a request is confirmed against the X server's own geometry (waiting up to 100 ms for
// a window manager to act, as SDL 2.28 itself does); when it was not honoured, fullscreen is a
// borderless window covering the display, which needs no window manager. Leaving fullscreen
// puts the window back where and as large as it was.
import CSDL2
import CWindowSystem

/// Turns fullscreen on and off for one window.
struct FullscreenToggle {
    /// The windowed position and size (points) to return to; nil while windowed.
    private var windowed: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// Whether fullscreen is the borderless window covering the display.
    private(set) var isCovering = false
    /// Whether the window is fullscreen (either way).
    var isOn: Bool { windowed != nil }

    /// Fullscreen on when windowed, off when fullscreen.
    mutating func toggle(_ window: OpaquePointer) {
        if let saved = windowed {
            if isCovering { SDL_SetWindowBordered(window, SDL_TRUE) } else { SDL_SetWindowFullscreen(window, 0) }
            SDL_SetWindowSize(window, saved.width, saved.height)
            SDL_SetWindowPosition(window, saved.x, saved.y)
            windowed = nil
            isCovering = false
            return
        }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        windowed = (x, y, w, h)
        SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        if Self.windowSystemAgrees(window) { return }
        // Not honoured: cover the display with a borderless window instead.
        SDL_SetWindowFullscreen(window, 0)
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0 else { return }
        SDL_SetWindowBordered(window, SDL_FALSE)
        SDL_SetWindowPosition(window, bounds.x, bounds.y)
        SDL_SetWindowSize(window, bounds.w, bounds.h)
        isCovering = true
    }

    /// Whether the window system gives the window the pixel size SDL reports, within 100 ms
    /// (true when the window system cannot be asked: SDL is then all there is to go by).
    static func windowSystemAgrees(_ window: OpaquePointer) -> Bool {
        for attempt in 0..<10 {
            var sw: Int32 = 0, sh: Int32 = 0, xw: Int32 = 0, xh: Int32 = 0
            SDL_GetWindowSizeInPixels(window, &sw, &sh)
            guard lk_window_system_size(window, &xw, &xh) != 0 else { return true }
            if xw == sw && xh == sh { return true }
            if attempt < 9 { SDL_Delay(10) }
        }
        return false
    }
}
