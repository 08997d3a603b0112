// Solid-colour span compositing eight pixels per step with AVX2, chosen at run time: the long
// runs of the fill sweep (a translucent fill's interior, a row's queued edge pixels) where the
// CPU has AVX2 and the operating system saves its registers.
//
// The arithmetic is lk_solid_spans.h's, lane for lane: per channel, with s the colour scaled by
// the coverage and ia = 255 − alpha(s),  out = s + ⌊(d·ia + 128 + ⌊(d·ia + 128) / 256⌋) / 256⌋,
// in 16-bit lanes. AVX2's byte unpacks and packs work within each 128-bit half, so unpacking
// the low and high bytes of eight pixels and packing them back returns every pixel to its own
// place; the coverage of the masked span is spread over each pixel's four lanes by a byte
// shuffle that follows the same halves (pixels 0, 1, 4, 5 in the low unpack, 2, 3, 6, 7 in the
// high one). A span of at least eight pixels whose length is not a multiple of eight ends with
// one more step over its last eight pixels, computed from their values before the span was
// painted: each pixel's result depends only on its own old value and coverage, so the pixels
// that step paints again get the value they already have, and the span needs no scalar or
// SSE2 tail. The pixels are those of the SSE2 and portable kernels, bit for bit (the tests
// hold all three to that).
//
// Detection: CPUID leaf 7 reports AVX2, leaf 1 OSXSAVE and AVX, and XGETBV that the OS saves
// the XMM and YMM state; the answer is computed once per process (a benign race: every thread
// computes the same value).
#ifndef LK_SOLID_SPANS_AVX2_H
#define LK_SOLID_SPANS_AVX2_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__clang__) || defined(__GNUC__))
#define LK_HAVE_AVX2_KERNELS 1
#include <cpuid.h>
#include <immintrin.h>
#else
#define LK_HAVE_AVX2_KERNELS 0
#endif

#if LK_HAVE_AVX2_KERNELS
/// Whether this CPU and OS run AVX2 code (CPUID + XGETBV).
static inline int lk_cpu_detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;                   // XMM and YMM state enabled
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;                     // AVX2
}
#endif

/// 1 where the AVX2 span kernels may run, else 0 (cached after the first call).
static inline int lk_cpu_has_avx2(void) {
#if LK_HAVE_AVX2_KERNELS
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        v = lk_cpu_detect_avx2();
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
#else
    return 0;
#endif
}

#if LK_HAVE_AVX2_KERNELS
/// x·k/255 exactly rounded in each 16-bit lane (x·k ≤ 255·255), as `lk_div255_lanes`: one
/// high-half multiply by 257 of t = x·k + 128.
__attribute__((target("avx2"))) static inline __m256i lk_div255_lanes_avx2(__m256i x, __m256i k) {
    const __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(257));
}

/// Eight pixels of `lk_span_over`: s + d·ia/255 per channel.
__attribute__((target("avx2"))) static inline __m256i lk_over_eight_avx2(__m256i d, __m256i k, __m256i src) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lo = lk_div255_lanes_avx2(_mm256_unpacklo_epi8(d, zero), k);
    const __m256i hi = lk_div255_lanes_avx2(_mm256_unpackhi_epi8(d, zero), k);
    return _mm256_add_epi32(_mm256_packus_epi16(lo, hi), src);
}

/// p[i] = s + p[i]·ia/255 for n ≥ 8 pixels, eight per step; the last n mod 8 as one more step
/// over the last eight pixels, computed from their values before the span was painted (so the
/// pixels it paints twice get the same value twice).
__attribute__((target("avx2"))) static inline void lk_span_over_avx2(uint32_t *p, ptrdiff_t n, uint32_t s,
                                                                     uint32_t ia) {
    const __m256i k = _mm256_set1_epi16((short)ia);
    const __m256i src = _mm256_set1_epi32((int)s);
    const __m256i last = _mm256_loadu_si256((const __m256i *)(p + n - 8));
    ptrdiff_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256i d = _mm256_loadu_si256((const __m256i *)(p + i));
        _mm256_storeu_si256((__m256i *)(p + i), lk_over_eight_avx2(d, k, src));
    }
    if (i < n) _mm256_storeu_si256((__m256i *)(p + n - 8), lk_over_eight_avx2(last, k, src));
}

/// p[i] = v for n ≥ 8 pixels, eight per store: four stores a step while 32 remain (a thick
/// stroke's inside is a few dozen pixels a row, and a step of one store cost as many
/// instructions again in the loop's count and test), then one a step, the last n mod 8 by one
/// more store over the last eight.
__attribute__((target("avx2"))) static inline void lk_span_store_avx2(uint32_t *p, ptrdiff_t n, uint32_t v) {
    const __m256i c = _mm256_set1_epi32((int)v);
    ptrdiff_t i = 0;
    for (; i + 32 <= n; i += 32) {
        _mm256_storeu_si256((__m256i *)(p + i), c);
        _mm256_storeu_si256((__m256i *)(p + i + 8), c);
        _mm256_storeu_si256((__m256i *)(p + i + 16), c);
        _mm256_storeu_si256((__m256i *)(p + i + 24), c);
    }
    for (; i + 8 <= n; i += 8) _mm256_storeu_si256((__m256i *)(p + i), c);
    if (i < n) _mm256_storeu_si256((__m256i *)(p + n - 8), c);
}

/// Eight pixels' source-over halves in 16-bit lanes (see lk_masked_lanes): colour lanes `c`,
/// coverage lanes `k`, destination lanes `d`; returns the packed sum's two operands.
__attribute__((target("avx2"))) static inline void lk_masked_lanes_avx2(__m256i c, __m256i k, __m256i d, __m256i *s,
                                                                        __m256i *rest) {
    const __m256i sv = lk_div255_lanes_avx2(c, k);
    const __m256i sa = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sv, 0xFF), 0xFF);
    *s = sv;
    *rest = lk_div255_lanes_avx2(d, _mm256_sub_epi16(_mm256_set1_epi16(255), sa));
}

/// Eight pixels of `lk_span_masked` from their coverage as 16-bit lanes (high bytes zero):
/// `klo` holds pixels 0, 1 (low half) and 4, 5 (high half), each in four lanes, `khi` pixels
/// 2, 3 and 6, 7, the order of the destination's low and high byte unpacks.
__attribute__((target("avx2"))) static inline __m256i lk_masked_eight_lanes_avx2(__m256i d, __m256i klo, __m256i khi,
                                                                                 __m256i c) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i slo, rlo, shi, rhi;
    lk_masked_lanes_avx2(c, klo, _mm256_unpacklo_epi8(d, zero), &slo, &rlo);
    lk_masked_lanes_avx2(c, khi, _mm256_unpackhi_epi8(d, zero), &shi, &rhi);
    return _mm256_add_epi32(_mm256_packus_epi16(slo, shi), _mm256_packus_epi16(rlo, rhi));
}

/// `lk_masked_eight_lanes_avx2` for an opaque colour (alpha 255): there the alpha of s = c·k/255
/// is 255·k/255 = k exactly, so each pixel's inverse alpha is 255 − k, taken from the coverage
/// lanes without the two shuffles that copy s's alpha lane; the same pixels, bit for bit.
__attribute__((target("avx2"))) static inline __m256i lk_masked_eight_lanes_opaque_avx2(__m256i d, __m256i klo,
                                                                                        __m256i khi, __m256i c) {
    const __m256i zero = _mm256_setzero_si256(), k255 = _mm256_set1_epi16(255);
    const __m256i slo = lk_div255_lanes_avx2(c, klo), shi = lk_div255_lanes_avx2(c, khi);
    const __m256i rlo = lk_div255_lanes_avx2(_mm256_unpacklo_epi8(d, zero), _mm256_sub_epi16(k255, klo));
    const __m256i rhi = lk_div255_lanes_avx2(_mm256_unpackhi_epi8(d, zero), _mm256_sub_epi16(k255, khi));
    return _mm256_add_epi32(_mm256_packus_epi16(slo, shi), _mm256_packus_epi16(rlo, rhi));
}

/// Eight pixels of `lk_span_masked`: destination `d`, their eight coverage bytes `m8` (pixel 0
/// in the low byte), colour lanes `c`.
__attribute__((target("avx2"))) static inline __m256i lk_masked_eight_avx2(__m256i d, uint64_t m8, __m256i c) {
    // Byte shuffles giving each 16-bit lane its pixel's coverage (high byte zero): the low
    // unpack holds pixels 0, 1 (low half) and 4, 5 (high half), the high unpack 2, 3 and 6, 7.
    const __m256i toLo = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1,
                                          4, -1, 4, -1, 4, -1, 4, -1, 5, -1, 5, -1, 5, -1, 5, -1);
    const __m256i toHi = _mm256_setr_epi8(2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1,
                                          6, -1, 6, -1, 6, -1, 6, -1, 7, -1, 7, -1, 7, -1, 7, -1);
    const __m256i mm = _mm256_set1_epi64x((long long)m8);
    return lk_masked_eight_lanes_avx2(d, _mm256_shuffle_epi8(mm, toLo), _mm256_shuffle_epi8(mm, toHi), c);
}

/// `color` source-over at coverage m[i] for n ≥ 8 pixels, eight per step; the last n mod 8 as
/// one more step over the last eight pixels, computed from their values before the span was
/// painted (so the pixels it paints twice get the same value twice).
__attribute__((target("avx2"))) static inline void lk_span_masked_avx2(uint32_t *p, ptrdiff_t n, const uint8_t *m,
                                                                       uint32_t color) {
    const __m256i c = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const __m256i last = _mm256_loadu_si256((const __m256i *)(p + n - 8));
    uint64_t lastM;
    memcpy(&lastM, m + n - 8, 8);
    ptrdiff_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t m8;
        memcpy(&m8, m + i, 8);
        const __m256i d = _mm256_loadu_si256((const __m256i *)(p + i));
        _mm256_storeu_si256((__m256i *)(p + i), lk_masked_eight_avx2(d, m8, c));
    }
    if (i < n) _mm256_storeu_si256((__m256i *)(p + n - 8), lk_masked_eight_avx2(last, lastM, c));
}
#endif

#endif
