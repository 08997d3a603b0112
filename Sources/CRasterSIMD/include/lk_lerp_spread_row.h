// One row of a cross-fade of two premultiplied ARGB8888 images, written "spread": each pixel
// as four 16-bit lanes B, R, G, A from the low end (Raster's `lkSpread` layout), the form the
// transition effects sample bilinearly without unpacking per texel.
//
// Per channel, with w in 0…256 (Raster's lkLerp rule, exactly x at 0 and exactly y at 256):
//     out = ⌊(x·256 + (y − x)·w + 128) / 256⌋
// Every intermediate fits a 16-bit lane once wrapped (x·256 ≤ 65280 and the final value is
// at most 65408), so the SSE2 path does four pixels per step in 16-bit lanes: unpack the
// bytes against zero (B, G, R, A), swap the middle lanes (B, R, G, A), one multiply, one
// shift. `lk_lerp_spread_row_portable` is the same arithmetic on 64-bit words, the fallback
// where SSE2 is missing; the tests hold the two to each other bit for bit.
#ifndef LK_LERP_SPREAD_ROW_H
#define LK_LERP_SPREAD_ROW_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Uses `lk_lerp_lanes` of CRasterSIMD.h, which includes this header after defining it.

/// One pixel spread to B, R, G, A lanes of 16 bits.
static inline uint64_t lk_spread_pixel(uint32_t p) {
    uint64_t x = p;
    return (x | (x << 24)) & 0x00FF00FF00FF00FFull;
}

/// `out[i]` = the lerp of `a[i]` toward `b[i]` by w/256, spread; w in 0…256.
static inline void lk_lerp_spread_row_portable(uint64_t *out, const uint32_t *a, const uint32_t *b,
                                               size_t n, uint32_t w) {
    for (size_t i = 0; i < n; i++) {
        uint64_t x = lk_spread_pixel(a[i]), y = lk_spread_pixel(b[i]);
        out[i] = (((x << 8) + (y - x) * w + 0x0080008000800080ull) >> 8) & 0x00FF00FF00FF00FFull;
    }
}

#if defined(__SSE2__)
/// Two pixels' 16-bit lanes (B, G, R, A each) reordered to the spread order B, R, G, A.
static inline __m128i lk_spread_order(__m128i v) {
    v = _mm_shufflelo_epi16(v, _MM_SHUFFLE(3, 1, 2, 0));
    return _mm_shufflehi_epi16(v, _MM_SHUFFLE(3, 1, 2, 0));
}

#endif

/// `lk_lerp_spread_row_portable`, four pixels a step with SSE2 where the target has it.
static inline void lk_lerp_spread_row(uint64_t *out, const uint32_t *a, const uint32_t *b,
                                      size_t n, uint32_t w) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i wv = _mm_set1_epi16((short)w);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i pa = _mm_loadu_si128((const __m128i *)(a + i));
        __m128i pb = _mm_loadu_si128((const __m128i *)(b + i));
        __m128i lo = lk_lerp_lanes(lk_spread_order(_mm_unpacklo_epi8(pa, zero)),
                                   lk_spread_order(_mm_unpacklo_epi8(pb, zero)), wv);
        __m128i hi = lk_lerp_lanes(lk_spread_order(_mm_unpackhi_epi8(pa, zero)),
                                   lk_spread_order(_mm_unpackhi_epi8(pb, zero)), wv);
        _mm_storeu_si128((__m128i *)(out + i), lo);
        _mm_storeu_si128((__m128i *)(out + i + 2), hi);
    }
    lk_lerp_spread_row_portable(out + i, a + i, b + i, n - i, w);
#else
    lk_lerp_spread_row_portable(out, a, b, n, w);
#endif
}

#endif
