// A row of a shadow caster's alpha into the float plane its shadow is blurred in
// (DropShadow.swift): pixel x of the premultiplied ARGB row gives a = (p >> 24) · unit. At full
// resolution (shift 0) the plane's cell x is set to it; reduced by k = 2^shift, cell x >> shift
// accumulates the row's k pixels in order, d += a(kx), d += a(kx + 1), … (the caller visits the
// k rows of a cell one after another, so a cell is the sum of its k × k pixels in reading order).
// Every value is one single-precision multiply and the adds in that order, so the AVX2 path
// (eight pixels per step; at k = 2 the even and odd pixels of eight are split by one lane
// permute and added in that order; at k = 4 the permute puts pixels 0 and 4, 1 and 5, 2 and 6,
// 3 and 7 side by side, and the two cells take them pairwise in that order) gives the
// portable path's bits; the tests hold them to it.
#ifndef LK_ALPHA_PLANE_H
#define LK_ALPHA_PLANE_H

#include <stddef.h>
#include <stdint.h>
#include "lk_solid_spans_avx2.h"

/// The portable rule, pixels x0 ..< n of the row.
static inline void lk_alpha_plane_row_portable(const uint32_t *src, ptrdiff_t x0, ptrdiff_t n, float *dst, int shift,
                                               float unit) {
    if (shift == 0) {
        for (ptrdiff_t x = x0; x < n; x++) dst[x] = (float)(src[x] >> 24) * unit;
        return;
    }
    for (ptrdiff_t x = x0; x < n; x++) {
        const float a = (float)(src[x] >> 24) * unit;
        dst[x >> shift] += a;
    }
}

#if LK_HAVE_AVX2_KERNELS
/// Eight pixels per step (shift 0, 1 or 2), the rest by the portable rule.
__attribute__((target("avx2"))) static inline void lk_alpha_plane_row_avx2(const uint32_t *src, ptrdiff_t n, float *dst,
                                                                          int shift, float unit) {
    const __m256 u = _mm256_set1_ps(unit);
    const __m256i evensOdds = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i quarters = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    ptrdiff_t x = 0;
    for (; x + 8 <= n; x += 8) {
        const __m256i p = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(src + x)), 24);
        const __m256 a = _mm256_mul_ps(_mm256_cvtepi32_ps(p), u);
        if (shift == 0) {
            _mm256_storeu_ps(dst + x, a);
        } else if (shift == 2) {
            // Cells x/4 and x/4 + 1 in the low two lanes: + pixels (0, 4), (1, 5), (2, 6), (3, 7).
            const __m256 q = _mm256_permutevar8x32_ps(a, quarters);
            const __m128 lo = _mm256_castps256_ps128(q), hi = _mm256_extractf128_ps(q, 1);
            __m128 d = _mm_castpd_ps(_mm_load_sd((const double *)(dst + (x >> 2))));
            d = _mm_add_ps(d, lo);
            d = _mm_add_ps(d, _mm_movehl_ps(lo, lo));
            d = _mm_add_ps(d, hi);
            d = _mm_add_ps(d, _mm_movehl_ps(hi, hi));
            _mm_store_sd((double *)(dst + (x >> 2)), _mm_castps_pd(d));
        } else {
            const __m256 split = _mm256_permutevar8x32_ps(a, evensOdds);
            __m128 d = _mm_loadu_ps(dst + (x >> 1));
            d = _mm_add_ps(d, _mm256_castps256_ps128(split));
            d = _mm_add_ps(d, _mm256_extractf128_ps(split, 1));
            _mm_storeu_ps(dst + (x >> 1), d);
        }
    }
    lk_alpha_plane_row_portable(src, x, n, dst, shift, unit);
}
#endif

/// One row of n pixels into the plane row `dst` at reduction 2^shift (0, 1 or 2). `portable`
/// non-zero takes the portable path.
static inline void lk_alpha_plane_row(const uint32_t *src, ptrdiff_t n, float *dst, int shift, float unit,
                                      int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && shift <= 2 && lk_cpu_has_avx2()) { lk_alpha_plane_row_avx2(src, n, dst, shift, unit); return; }
#endif
    lk_alpha_plane_row_portable(src, 0, n, dst, shift, unit);
}

#endif
