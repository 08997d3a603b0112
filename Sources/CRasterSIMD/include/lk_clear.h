// Whole-bitmap and rectangle clears: n pixels set to one premultiplied ARGB value, the first
// step of every frame.
//
// On x86-64, a block larger than half the core's level-2 cache goes through the string store
// `rep stosq` (two pixels per quadword): with fast string operations (Intel's ERMSB, AMD's FSRM)
// it writes whole cache lines without first reading them from the outer cache, where vector
// stores read every line they write. Measured on an 800×600 target (1.9 MB, twice the level-2
// cache): 13.1 µs against 15.2 µs for glibc's wmemset with AVX-512 stores. A block well inside
// the level-2 cache is faster through vector stores (400×300: 1.7 µs against 2.6 µs), as the
// lines it writes are there already. Half, not all of it: on a Xeon with 2 MB of level-2 cache
// per core (Sapphire Rapids) the same 1.9 MB target, which nominally fits, cleared 10–13 %
// faster by the string store (the frame also keeps cells, code and the level-1 victims there),
// and the full_circle_ring frame, clear included, went 115–131 → 110–111 µs of CPU under load
// 12 (worm_hidpi 91 → 81–83 µs; the 400×300 worm, 0.48 MB, unchanged either way). So smaller
// blocks go through wmemset where wchar_t is a 32-bit integer (glibc and Darwin; the library
// picks its widest stores at load time), and elsewhere through a plain loop, which compilers
// vectorise.
#ifndef LK_CLEAR_H
#define LK_CLEAR_H

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <wchar.h>

/// The level-2 cache's size in bytes as the C library reports it, 1 MiB where it does not.
static inline ptrdiff_t lk_level2_cache_bytes(void) {
    static ptrdiff_t known = -1;
    ptrdiff_t v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
#if defined(_SC_LEVEL2_CACHE_SIZE)
        const long reported = sysconf(_SC_LEVEL2_CACHE_SIZE);
        v = reported > 0 ? (ptrdiff_t)reported : 1 << 20;
#else
        v = 1 << 20;
#endif
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

/// p[i] = v for n pixels through the string store (x86-64 only).
static inline void lk_clear_pixels_string(uint32_t *p, ptrdiff_t n, uint32_t v) {
#if defined(__x86_64__)
    if (n <= 0) return;
    if (n & 1) p[n - 1] = v;
    uint64_t *q = (uint64_t *)p;
    size_t count = (size_t)n / 2;
    __asm__ volatile("rep stosq" : "+D"(q), "+c"(count) : "a"(((uint64_t)v << 32) | v) : "memory");
#else
    for (ptrdiff_t i = 0; i < n; i++) p[i] = v;
#endif
}

/// p[i] = v for n pixels through the C library (or a plain loop).
static inline void lk_clear_pixels_library(uint32_t *p, ptrdiff_t n, uint32_t v) {
    if (n <= 0) return;
#if (WCHAR_MAX == 0x7fffffff && WCHAR_MIN == (-0x7fffffff - 1)) || WCHAR_MAX == 0xffffffffu
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t holds a pixel");
    wmemset((wchar_t *)p, (wchar_t)v, (size_t)n);
#else
    for (ptrdiff_t i = 0; i < n; i++) p[i] = v;
#endif
}

/// p[i] = v for n pixels.
static inline void lk_clear_pixels(uint32_t *p, ptrdiff_t n, uint32_t v) {
#if defined(__x86_64__)
    if (n * 4 > lk_level2_cache_bytes() / 2) {        // bytes over half the level-2 cache
        lk_clear_pixels_string(p, n, v);
        return;
    }
#endif
    lk_clear_pixels_library(p, n, v);
}

#endif
