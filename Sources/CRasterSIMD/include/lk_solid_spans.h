// Solid-colour span compositing on premultiplied ARGB8888: a run of pixels gets a colour
// source-over at one coverage, the painter of every fill and stroke.
//
// Per channel, with the colour already scaled by the coverage (s = color·cov/255) and its
// inverse alpha ia = 255 − alpha(s):   out = s + ⌊(d·ia + 128 + ⌊(d·ia + 128) / 256⌋) / 256⌋,
// which is d·ia/255 exactly rounded (Raster's lkScale rule; every intermediate fits 16 bits:
// d·ia + 128 ≤ 65153, plus its high byte ≤ 65407). An opaque colour at full coverage is a plain
// store.
//
// `lk_span_over_sse2` and `lk_span_masked_sse2` do four pixels per step with SSE2 (each channel
// a 16-bit lane); a span of four or more whose length is not a multiple of four ends with one
// more step over its last four pixels, computed from their values before the span was painted
// (a pixel's result depends only on its own old value and coverage, so a pixel painted twice
// gets the same value twice), and a shorter span goes in the low lanes of the same vectors (a
// 64-bit and a 32-bit load), so no pixel of a vector span falls back to scalar code;
// `lk_span_over` and `lk_span_masked` run eight pixels per step with AVX2 instead where the CPU
// has it and the span has eight or more (lk_solid_spans_avx2.h). The `_portable` versions are
// the same arithmetic on two channels per 32-bit word, the fallback where SSE2 is missing and
// the reference the tests compare both vector paths with.
#ifndef LK_SOLID_SPANS_H
#define LK_SOLID_SPANS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "lk_solid_spans_avx2.h"
#include "lk_solid_spans_avx512.h"

/// Every channel of p times k/255, exactly rounded (k in 0…255).
static inline uint32_t lk_scale(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/// p[i] = s + p[i]·ia/255 for n pixels, one at a time.
static inline void lk_span_over_portable(uint32_t *p, ptrdiff_t n, uint32_t s, uint32_t ia) {
    for (ptrdiff_t i = 0; i < n; i++) p[i] = s + lk_scale(p[i], ia);
}

#if defined(__SSE2__)
/// x·k/255 exactly rounded in each 16-bit lane (x·k ≤ 255·255): with t = x·k + 128, the rule's
/// ⌊(t + ⌊t / 256⌋) / 256⌋ is ⌊t·257 / 65536⌋ for every such t (checked for all 65026 values of
/// x·k), one high-half multiply instead of two shifts and an add.
static inline __m128i lk_div255_lanes(__m128i x, __m128i k) {
    const __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, k), _mm_set1_epi16(128));
    return _mm_mulhi_epu16(t, _mm_set1_epi16(257));
}

/// Up to two pixels (the low 64 bits of `d`) of `lk_span_over`: s + d·ia/255 in their lanes.
static inline __m128i lk_over_pair(__m128i d, __m128i k, __m128i src) {
    const __m128i lo = lk_div255_lanes(_mm_unpacklo_epi8(d, _mm_setzero_si128()), k);
    return _mm_add_epi32(_mm_packus_epi16(lo, lo), src);
}
#endif

#if defined(__SSE2__)
/// Four pixels of `lk_span_over`: s + d·ia/255 per channel.
static inline __m128i lk_over_four(__m128i d, __m128i k, __m128i src) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i lo = lk_div255_lanes(_mm_unpacklo_epi8(d, zero), k);
    const __m128i hi = lk_div255_lanes(_mm_unpackhi_epi8(d, zero), k);
    return _mm_add_epi32(_mm_packus_epi16(lo, hi), src);
}
#endif

/// p[i] = s + p[i]·ia/255 for n pixels, four at a time where SSE2 is available. A span of four
/// or more ends with one more step over its last four pixels, computed from their values before
/// the span was painted (each pixel's result depends only on its old value, so a pixel painted
/// twice gets the same value twice); a shorter one goes through a 64-bit and a 32-bit load into
/// the same lanes, so no pixel takes the scalar path (the ragged ends of a translucent fill's
/// runs are most of its short spans).
__attribute__((always_inline)) static inline void lk_span_over_sse2(uint32_t *p, ptrdiff_t n, uint32_t s,
                                                                    uint32_t ia) {
    ptrdiff_t i = 0;
#if defined(__SSE2__)
    const __m128i k = _mm_set1_epi16((short)ia);
    const __m128i src = _mm_set1_epi32((int)s);
    if (n >= 4) {
        const __m128i last = _mm_loadu_si128((const __m128i *)(p + n - 4));
        for (; i + 4 <= n; i += 4) {
            const __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
            _mm_storeu_si128((__m128i *)(p + i), lk_over_four(d, k, src));
        }
        if (i < n) _mm_storeu_si128((__m128i *)(p + n - 4), lk_over_four(last, k, src));
        return;
    }
    if (i + 2 <= n) {
        _mm_storel_epi64((__m128i *)(p + i), lk_over_pair(_mm_loadl_epi64((const __m128i *)(p + i)), k, src));
        i += 2;
    }
    if (i < n) p[i] = (uint32_t)_mm_cvtsi128_si32(lk_over_pair(_mm_cvtsi32_si128((int)p[i]), k, src));
#else
    for (; i < n; i++) p[i] = s + lk_scale(p[i], ia);
#endif
}

/// `lk_span_over`, sixteen pixels per step where the CPU has AVX-512 and the span has 64 or more
/// (lk_solid_spans_avx512.h; on AMD Zen 4, 20 % faster there and level below), eight where it
/// has AVX2 and the span has eight or more (lk_solid_spans_avx2.h), otherwise through SSE2.
__attribute__((always_inline)) static inline void lk_span_over(uint32_t *p, ptrdiff_t n, uint32_t s, uint32_t ia) {
#if LK_HAVE_AVX512_KERNELS
    if (n >= 64 && lk_cpu_has_avx512()) { lk_span_over_avx512(p, n, s, ia); return; }
#endif
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) { lk_span_over_avx2(p, n, s, ia); return; }
#endif
    lk_span_over_sse2(p, n, s, ia);
}

/// p[i] = v for n pixels: eight per store with AVX2 (AVX-512's sixteen were no faster on AMD
/// Zen 4, slower from 64 pixels on), else four with SSE2, a span's ragged end
/// by one more store over its last eight (four) pixels, and spans of one to three pixels by
/// single stores. (The short spans are written out: a loop there is turned by the compiler into
/// a masked vector store, many times slower than plain stores on some processors.)
static inline void lk_span_store(uint32_t *p, ptrdiff_t n, uint32_t v) {
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) { lk_span_store_avx2(p, n, v); return; }
#endif
#if defined(__SSE2__)
    if (n >= 4) {
        const __m128i c = _mm_set1_epi32((int)v);
        ptrdiff_t i = 0;
        for (; i + 4 <= n; i += 4) _mm_storeu_si128((__m128i *)(p + i), c);
        if (i < n) _mm_storeu_si128((__m128i *)(p + n - 4), c);
        return;
    }
#endif
    if (n <= 0) return;
    p[0] = v;
    if (n > 1) p[1] = v;
    if (n > 2) p[2] = v;
#if !defined(__SSE2__)
    for (ptrdiff_t i = 3; i < n; i++) p[i] = v;
#endif
}

/// n pixels get `color` source-over, pixel i at coverage m[i] (0…255), one at a time.
static inline void lk_span_masked_portable(uint32_t *p, ptrdiff_t n, const uint8_t *m, uint32_t color) {
    for (ptrdiff_t i = 0; i < n; i++) {
        const uint32_t s = lk_scale(color, m[i]);
        p[i] = s + lk_scale(p[i], 255 - (s >> 24));
    }
}

#if defined(__SSE2__)
/// Two pixels' worth of `lk_span_masked` in 16-bit lanes: colour lanes `c`, coverage lanes `k`
/// (each pixel's coverage in its four lanes), destination lanes `d`; packed bytes of s and of
/// d·(255 − alpha(s))/255, which the caller adds as 32-bit words (the scalar path's `s + …`).
static inline void lk_masked_lanes(__m128i c, __m128i k, __m128i d, __m128i *s, __m128i *rest) {
    __m128i sv = lk_div255_lanes(c, k);
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(sv, 0xFF), 0xFF);
    *s = sv;
    *rest = lk_div255_lanes(d, _mm_sub_epi16(_mm_set1_epi16(255), sa));
}
#endif

#if defined(__SSE2__)
/// Four pixels of `lk_span_masked`: destination `d`, their coverage bytes `m4` (pixel 0 in the
/// low byte), colour lanes `c`.
static inline __m128i lk_masked_four(__m128i d, uint32_t m4, __m128i c) {
    const __m128i zero = _mm_setzero_si128();
    __m128i k = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m4), zero);   // m0 m1 m2 m3 as 16-bit
    k = _mm_unpacklo_epi16(k, k);                                      // m0 m0 m1 m1 m2 m2 m3 m3
    const __m128i k01 = _mm_unpacklo_epi32(k, k), k23 = _mm_unpackhi_epi32(k, k);
    __m128i s01, r01, s23, r23;
    lk_masked_lanes(c, k01, _mm_unpacklo_epi8(d, zero), &s01, &r01);
    lk_masked_lanes(c, k23, _mm_unpackhi_epi8(d, zero), &s23, &r23);
    return _mm_add_epi32(_mm_packus_epi16(s01, s23), _mm_packus_epi16(r01, r23));
}
#endif

/// n pixels get `color` (premultiplied) source-over, pixel i at coverage m[i] (0…255): the
/// edge pixels of a row, four per step with SSE2. A span of four or more ends with one more
/// step over its last four pixels, computed from their values before the span was painted (a
/// pixel painted twice gets the same value twice); a shorter one goes in the low lanes of the
/// same vectors. Same arithmetic as the portable version.
__attribute__((always_inline)) static inline void lk_span_masked_sse2(uint32_t *p, ptrdiff_t n, const uint8_t *m,
                                                                      uint32_t color) {
    ptrdiff_t i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i c = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), zero);
    if (n >= 4) {
        const __m128i last = _mm_loadu_si128((const __m128i *)(p + n - 4));
        uint32_t lastM;
        memcpy(&lastM, m + n - 4, 4);
        for (; i + 4 <= n; i += 4) {
            uint32_t m4;
            memcpy(&m4, m + i, 4);
            const __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
            _mm_storeu_si128((__m128i *)(p + i), lk_masked_four(d, m4, c));
        }
        if (i < n) _mm_storeu_si128((__m128i *)(p + n - 4), lk_masked_four(last, lastM, c));
        return;
    }
    if (i + 2 <= n) {
        const __m128i k = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m[i] | (int)m[i + 1] << 8), zero);
        const __m128i kk = _mm_unpacklo_epi16(k, k);
        __m128i s01, r01;
        lk_masked_lanes(c, _mm_unpacklo_epi32(kk, kk), _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p + i)), zero),
                        &s01, &r01);
        _mm_storel_epi64((__m128i *)(p + i), _mm_add_epi32(_mm_packus_epi16(s01, s01), _mm_packus_epi16(r01, r01)));
        i += 2;
    }
    if (i < n) {
        __m128i s0, r0;
        lk_masked_lanes(c, _mm_set1_epi16((short)m[i]), _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)p[i]), zero), &s0, &r0);
        p[i] = (uint32_t)_mm_cvtsi128_si32(_mm_add_epi32(_mm_packus_epi16(s0, s0), _mm_packus_epi16(r0, r0)));
        i += 1;
    }
#endif
    lk_span_masked_portable(p + i, n - i, m + i, color);
}

/// `lk_span_masked`, sixteen pixels per step where the CPU has AVX-512 and the span has 32 or
/// more (shorter ones were as fast or faster through AVX2 on AMD Zen 4), eight where it has
/// AVX2 and the span has eight or more, otherwise through SSE2.
__attribute__((always_inline)) static inline void lk_span_masked(uint32_t *p, ptrdiff_t n, const uint8_t *m,
                                                                 uint32_t color) {
#if LK_HAVE_AVX512_KERNELS
    if (n >= 32 && lk_cpu_has_avx512()) { lk_span_masked_avx512(p, n, m, color); return; }
#endif
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) { lk_span_masked_avx2(p, n, m, color); return; }
#endif
    lk_span_masked_sse2(p, n, m, color);
}

/// p[i] = v for n pixels, sixteen per step with SSE2: the whole-bitmap clear that starts every
/// frame.
static inline void lk_fill_pixels(uint32_t *p, ptrdiff_t n, uint32_t v) {
    ptrdiff_t i = 0;
#if defined(__SSE2__)
    const __m128i c = _mm_set1_epi32((int)v);
    for (; i + 16 <= n; i += 16) {
        _mm_storeu_si128((__m128i *)(p + i), c);
        _mm_storeu_si128((__m128i *)(p + i + 4), c);
        _mm_storeu_si128((__m128i *)(p + i + 8), c);
        _mm_storeu_si128((__m128i *)(p + i + 12), c);
    }
#endif
    for (; i < n; i++) p[i] = v;
}

/// A run of n pixels gets `color` (premultiplied) source-over at coverage `cov` (1…255).
/// `portable` non-zero takes the scalar path.
__attribute__((always_inline)) static inline void lk_span_solid(uint32_t *p, ptrdiff_t n, uint32_t cov, uint32_t color, int portable) {
    uint32_t s = cov == 255 ? color : lk_scale(color, cov);
    uint32_t ia = 255 - (s >> 24);
    if (ia == 0) {
        if (portable) { for (ptrdiff_t i = 0; i < n; i++) p[i] = s; }
        else lk_span_store(p, n, s);
        return;
    }
    if (n == 1) { p[0] = s + lk_scale(p[0], ia); return; }
    if (portable) lk_span_over_portable(p, n, s, ia);
    else lk_span_over(p, n, s, ia);
}

#endif
