// Solid-colour span compositing sixteen pixels per step with AVX-512 (F, BW, VL), chosen at run
// time: the long runs of the fill sweep's translucent insides (lk_span_over, from 64 pixels) and
// long masked spans (lk_span_masked, from 32) where the CPU has AVX-512 and the operating system
// saves its registers. Measured on AMD Zen 4, which issues a 512-bit operation as two 256-bit
// halves, with the data in the level-1 cache: the source-over 20 % faster than AVX2 from 64
// pixels on and level below, the masked span 14 % faster at 100 pixels and level at 32; plain
// stores (an opaque inside) no faster at all, so those stay AVX2.
//
// The arithmetic is lk_solid_spans.h's, lane for lane: per channel, with s the colour scaled by
// the coverage and ia = 255 − alpha(s),  out = s + ⌊(d·ia + 128 + ⌊(d·ia + 128) / 256⌋) / 256⌋,
// in 16-bit lanes (x·k/255 as one high-half multiply by 257 of x·k + 128). AVX-512's byte
// unpacks and packs work within each 128-bit quarter, so unpacking the low and high bytes of
// sixteen pixels and packing them back returns every pixel to its own place, as with AVX2. The
// masked span spreads each pixel's coverage over its four lanes by a byte shuffle that follows
// the same quarters (the sixteen coverage bytes copied to every quarter; quarter q's low unpack
// holds pixels 4q, 4q + 1, its high unpack 4q + 2, 4q + 3).
//
// Tails: a span of sixteen or more whose length is not a multiple of sixteen ends with one more
// step over its last sixteen pixels, computed from their values before the span was painted
// (each pixel's result depends only on its own old value and coverage, so a pixel painted twice
// gets the same value twice), as the AVX2 kernels do: on AMD Zen 4 that full step was faster
// than a masked one (span of 24: 3.3 against 3.7 ns). A span of fewer than sixteen is one step
// under a lane mask: a zero-masked load (no fault and no read past the span) and a masked store
// that writes only the span's pixels, no scalar tail; these masked forms (EVEX opmasks) are
// single instructions, unlike AVX2's vpmaskmov stores, which are microcoded on AMD processors.
//
// Detection: CPUID leaf 7 reports AVX512F, AVX512BW and AVX512VL, leaf 1 OSXSAVE, and XGETBV
// that the OS saves the XMM, YMM, opmask and both halves of the ZMM state (bits 1, 2, 5, 6, 7);
// computed once per process (a benign race: every thread computes the same value). Setting
// LAYERKIT_NO_AVX512 in the environment (to anything) keeps the AVX2 kernels, for comparing
// the two paths on one machine.
//
// The pixels are those of the AVX2, SSE2 and portable kernels, bit for bit (PixelKernelTests
// holds the AVX-512 ones to the portable ones where the CPU has AVX-512).
#ifndef LK_SOLID_SPANS_AVX512_H
#define LK_SOLID_SPANS_AVX512_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lk_solid_spans_avx2.h"

#if LK_HAVE_AVX2_KERNELS
#define LK_HAVE_AVX512_KERNELS 1
#define LK_AVX512_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
#else
#define LK_HAVE_AVX512_KERNELS 0
#endif

#if LK_HAVE_AVX512_KERNELS
/// Whether this CPU and OS run AVX-512 F/BW/VL code (CPUID + XGETBV).
static inline int lk_cpu_detect_avx512(void) {
    if (!lk_cpu_has_avx2()) return 0;                 // OSXSAVE, AVX, XMM and YMM state, AVX2
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0xE6u) != 0xE6u) return 0;             // XMM, YMM, opmask, ZMM 0–15 high halves, ZMM 16–31
    unsigned a, b, c, d;
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned f = 1u << 16, bw = 1u << 30, vl = 1u << 31;
    return (b & (f | bw | vl)) == (f | bw | vl);
}
#endif

/// 1 where the AVX-512 span kernels may run, else 0 (cached after the first call; 0 also where
/// the environment sets LAYERKIT_NO_AVX512).
static inline int lk_cpu_has_avx512(void) {
#if LK_HAVE_AVX512_KERNELS
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        v = getenv("LAYERKIT_NO_AVX512") == NULL && lk_cpu_detect_avx512();
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
#else
    return 0;
#endif
}

#if LK_HAVE_AVX512_KERNELS
/// The lane mask of the first n (0…16) 32-bit lanes.
LK_AVX512_TARGET static inline __mmask16 lk_lanes16(ptrdiff_t n) {
    return (__mmask16)((1u << n) - 1u);
}

/// x·k/255 exactly rounded in each 16-bit lane (x·k ≤ 255·255), as `lk_div255_lanes`.
LK_AVX512_TARGET static inline __m512i lk_div255_lanes_avx512(__m512i x, __m512i k) {
    const __m512i t = _mm512_add_epi16(_mm512_mullo_epi16(x, k), _mm512_set1_epi16(128));
    return _mm512_mulhi_epu16(t, _mm512_set1_epi16(257));
}

/// Sixteen pixels of `lk_span_over`: s + d·ia/255 per channel.
LK_AVX512_TARGET static inline __m512i lk_over_sixteen_avx512(__m512i d, __m512i k, __m512i src) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lo = lk_div255_lanes_avx512(_mm512_unpacklo_epi8(d, zero), k);
    const __m512i hi = lk_div255_lanes_avx512(_mm512_unpackhi_epi8(d, zero), k);
    return _mm512_add_epi32(_mm512_packus_epi16(lo, hi), src);
}

/// p[i] = s + p[i]·ia/255 for n ≥ 1 pixels, sixteen per step (see the header for the tails).
LK_AVX512_TARGET __attribute__((noinline)) static void lk_span_over_avx512(uint32_t *p, ptrdiff_t n, uint32_t s,
                                                                          uint32_t ia) {
    const __m512i k = _mm512_set1_epi16((short)ia);
    const __m512i src = _mm512_set1_epi32((int)s);
    if (n < 16) {
        const __mmask16 m = lk_lanes16(n);
        const __m512i d = _mm512_maskz_loadu_epi32(m, (const void *)p);
        _mm512_mask_storeu_epi32((void *)p, m, lk_over_sixteen_avx512(d, k, src));
        return;
    }
    const __m512i last = _mm512_loadu_si512((const void *)(p + n - 16));
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512i d = _mm512_loadu_si512((const void *)(p + i));
        _mm512_storeu_si512((void *)(p + i), lk_over_sixteen_avx512(d, k, src));
    }
    if (i < n) _mm512_storeu_si512((void *)(p + n - 16), lk_over_sixteen_avx512(last, k, src));
}

/// Sixteen pixels of `lk_span_masked`: destination `d`, their sixteen coverage bytes `m16`
/// (pixel 0 in the low byte), colour lanes `c` (the colour's four channels as 16-bit lanes,
/// repeated), `opaque` whether the colour's alpha is 255: then s's alpha is the coverage k
/// exactly and each pixel's inverse alpha is 255 − k (lk_masked_eight_lanes_opaque_avx2).
LK_AVX512_TARGET static inline __m512i lk_masked_sixteen_avx512(__m512i d, __m128i m16, __m512i c, int opaque) {
    // Quarter q of the broadcast holds all sixteen bytes; its low unpack takes pixels 4q, 4q + 1,
    // its high unpack 4q + 2, 4q + 3, each byte into the four 16-bit lanes of its pixel.
    static const uint8_t toLoBytes[64] __attribute__((aligned(64))) = {
        0, 128, 0, 128, 0, 128, 0, 128, 1, 128, 1, 128, 1, 128, 1, 128,
        4, 128, 4, 128, 4, 128, 4, 128, 5, 128, 5, 128, 5, 128, 5, 128,
        8, 128, 8, 128, 8, 128, 8, 128, 9, 128, 9, 128, 9, 128, 9, 128,
        12, 128, 12, 128, 12, 128, 12, 128, 13, 128, 13, 128, 13, 128, 13, 128};
    static const uint8_t toHiBytes[64] __attribute__((aligned(64))) = {
        2, 128, 2, 128, 2, 128, 2, 128, 3, 128, 3, 128, 3, 128, 3, 128,
        6, 128, 6, 128, 6, 128, 6, 128, 7, 128, 7, 128, 7, 128, 7, 128,
        10, 128, 10, 128, 10, 128, 10, 128, 11, 128, 11, 128, 11, 128, 11, 128,
        14, 128, 14, 128, 14, 128, 14, 128, 15, 128, 15, 128, 15, 128, 15, 128};
    const __m512i toLo = _mm512_load_si512((const void *)toLoBytes), toHi = _mm512_load_si512((const void *)toHiBytes);
    const __m512i mm = _mm512_broadcast_i32x4(m16);
    const __m512i klo = _mm512_shuffle_epi8(mm, toLo), khi = _mm512_shuffle_epi8(mm, toHi);
    const __m512i zero = _mm512_setzero_si512(), k255 = _mm512_set1_epi16(255);
    const __m512i slo = lk_div255_lanes_avx512(c, klo), shi = lk_div255_lanes_avx512(c, khi);
    __m512i ilo, ihi;
    if (opaque) {
        ilo = _mm512_sub_epi16(k255, klo);
        ihi = _mm512_sub_epi16(k255, khi);
    } else {
        ilo = _mm512_sub_epi16(k255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(slo, 0xFF), 0xFF));
        ihi = _mm512_sub_epi16(k255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(shi, 0xFF), 0xFF));
    }
    const __m512i rlo = lk_div255_lanes_avx512(_mm512_unpacklo_epi8(d, zero), ilo);
    const __m512i rhi = lk_div255_lanes_avx512(_mm512_unpackhi_epi8(d, zero), ihi);
    return _mm512_add_epi32(_mm512_packus_epi16(slo, shi), _mm512_packus_epi16(rlo, rhi));
}

/// The loop of `lk_span_masked_avx512` (`opaque` a constant in each inlined copy).
LK_AVX512_TARGET __attribute__((always_inline)) static inline void lk_span_masked_loop_avx512(
    uint32_t *p, ptrdiff_t n, const uint8_t *m, __m512i c, int opaque) {
    if (n < 16) {
        const __mmask16 k = lk_lanes16(n);
        const __m512i d = _mm512_maskz_loadu_epi32(k, (const void *)p);
        const __m128i m16 = _mm_maskz_loadu_epi8(k, (const void *)m);
        _mm512_mask_storeu_epi32((void *)p, k, lk_masked_sixteen_avx512(d, m16, c, opaque));
        return;
    }
    const __m512i last = _mm512_loadu_si512((const void *)(p + n - 16));
    const __m128i lastM = _mm_loadu_si128((const __m128i *)(m + n - 16));
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512i d = _mm512_loadu_si512((const void *)(p + i));
        const __m128i m16 = _mm_loadu_si128((const __m128i *)(m + i));
        _mm512_storeu_si512((void *)(p + i), lk_masked_sixteen_avx512(d, m16, c, opaque));
    }
    if (i < n) _mm512_storeu_si512((void *)(p + n - 16), lk_masked_sixteen_avx512(last, lastM, c, opaque));
}

/// `color` source-over at coverage m[i] for n ≥ 1 pixels, sixteen per step (see the header for
/// the tails; neither pixels nor coverage bytes are read outside the span).
LK_AVX512_TARGET __attribute__((noinline)) static void lk_span_masked_avx512(uint32_t *p, ptrdiff_t n,
                                                                            const uint8_t *m, uint32_t color) {
    const __m512i c = _mm512_unpacklo_epi8(_mm512_set1_epi32((int)color), _mm512_setzero_si512());
    if (color >> 24 == 255) lk_span_masked_loop_avx512(p, n, m, c, 1);
    else lk_span_masked_loop_avx512(p, n, m, c, 0);
}
#endif

#endif
