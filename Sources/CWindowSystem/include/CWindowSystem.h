#ifndef LAYERKIT_CWINDOWSYSTEM_H
#define LAYERKIT_CWINDOWSYSTEM_H
// What the window system itself says about an SDL window, where SDL 2 keeps its own belief:
// without a window manager honouring a fullscreen request, SDL reports the display's size for
// a window the X server kept at its own. No X11 header is exposed here.

struct SDL_Window;

/// The size the X server gives `window` now (after a round trip), in its pixels: returns 1 and
/// sets `width` and `height`, or returns 0 (leaving them) for other video drivers or when it
/// cannot be asked.
int lk_window_system_size(struct SDL_Window *window, int *width, int *height);

#endif
