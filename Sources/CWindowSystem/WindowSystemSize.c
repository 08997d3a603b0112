// The X server's own geometry of an SDL window. SDL's x11 driver loads libX11 at run time, so
// the two Xlib calls needed (XSync, XGetWindowAttributes) are looked up in that loaded library
// (RTLD_NOLOAD: never loaded here, and nothing to link); under another driver there is no X
// window and the answer is "unknown".
#include "CWindowSystem.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <dlfcn.h>

int lk_window_system_size(struct SDL_Window *window, int *width, int *height) {
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
