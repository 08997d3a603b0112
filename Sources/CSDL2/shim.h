#ifndef LAYERKIT_CSDL2_SHIM_H
#define LAYERKIT_CSDL2_SHIM_H
// Everything Swift cannot import from SDL directly: function-like macros and variadics.
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

static inline int LK_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline const char *LK_IMG_GetError(void) { return IMG_GetError(); }
static inline const char *LK_TTF_GetError(void) { return TTF_GetError(); }
static inline void LK_SDL_Log(const char *message) { SDL_Log("%s", message); }
static inline void LK_SDL_SetError(const char *message) { SDL_SetError("%s", message); }
static inline SDL_bool LK_SDL_MUSTLOCK(SDL_Surface *s) { return SDL_MUSTLOCK(s) ? SDL_TRUE : SDL_FALSE; }
#endif
