// Whole-bitmap clears: n pixels set to one premultiplied ARGB value, the first step of every
// frame.
//
// Through the C library's wmemset where wchar_t is a 32-bit integer (glibc and Darwin): the
// library picks its widest stores for the processor it runs on at load time (AVX2 or AVX-512
// stores, or `rep stosb` on large blocks), where code compiled for the x86-64 baseline is held to
// SSE2's 16-byte stores; on an 800×600 or smaller target that is about a third faster.
// Elsewhere a plain loop, which compilers vectorise.
#ifndef LK_CLEAR_H
#define LK_CLEAR_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/// p[i] = v for n pixels.
static inline void lk_clear_pixels(uint32_t *p, ptrdiff_t n, uint32_t v) {
    if (n <= 0) return;
#if (WCHAR_MAX == 0x7fffffff && WCHAR_MIN == (-0x7fffffff - 1)) || WCHAR_MAX == 0xffffffffu
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t holds a pixel");
    wmemset((wchar_t *)p, (wchar_t)v, (size_t)n);
#else
    for (ptrdiff_t i = 0; i < n; i++) p[i] = v;
#endif
}

#endif
