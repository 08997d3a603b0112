#ifndef LAYERKIT_CWINDOWSYSTEM_H
#define LAYERKIT_CWINDOWSYSTEM_H
// What the window system itself says about an SDL window, where SDL 2 keeps its own belief:
// without a window manager honouring a fullscreen request, SDL reports the display's size for
// a window the X server kept at its own.
//
// SDL's x11 driver loads libX11 at run time, so
// the two Xlib calls needed (XSync, XGetWindowAttributes) are looked up in that loaded library
// (RTLD_NOLOAD: never loaded here, and nothing to link); under another driver there is no X
// window and the answer is "unknown".
//
// Header-only (a static inline function the Swift caller compiles), as CRasterSIMD is: a C
// source compiled on its own gets the C compiler's DWARF 5 debug information, which
// valgrind 3.19 (scripts/bench/bench-instructions.sh) cannot read.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <dlfcn.h>
#include "lk_heap.h"

/// The size the X server gives `window` now (after a round trip), in its pixels: returns 1 and
/// sets `width` and `height`, or returns 0 (leaving them) for other video drivers or when it
/// cannot be asked.
static inline int lk_window_system_size(struct SDL_Window *window, int *width, int *height) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    void *lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!lib) return 0;
    int (*sync)(Display *, Bool) = (int (*)(Display *, Bool))dlsym(lib, "XSync");
    Status (*attributes)(Display *, Window, XWindowAttributes *) =
        (Status (*)(Display *, Window, XWindowAttributes *))dlsym(lib, "XGetWindowAttributes");
    XWindowAttributes a;
    int ok = sync != NULL && attributes != NULL;
    if (ok) {
        sync(info.info.x11.display, False);
        ok = attributes(info.info.x11.display, info.info.x11.window, &a) != 0;
    }
    dlclose(lib);
    if (!ok) return 0;
    *width = a.width;
    *height = a.height;
    return 1;
}

#endif
