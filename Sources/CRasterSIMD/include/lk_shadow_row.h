// One row of a shadow's coverage bytes (DropShadow.swift's composite): the row's target pixel
// d (d = 0 at the composite's left edge) reads the row's line of blurred plane values (the
// plane's two rows already mixed, a zero at either end) bilinearly, at the line index
// i = base[d mod k] + d div k and i + 1, the right one weighted w = weight[d mod k]:
//     a   = line[i]·(1 − w) + line[i + 1]·w          (single precision, in that order)
//     cov = a > 0.5/255 ? ⌊min(255, a·255 + 0.5)⌋ : 0
// and 0 where i lies outside 0 … count − 2 (the plane does not reach the pixel). k is the
// plane's reduction (1, 2 or 4): the weights repeat with period k, and the pixels of one phase
// read consecutive line values. The AVX2 path computes eight cells (8·k pixels) a step: each
// phase's eight values from two unaligned loads, then the phases' bytes interleaved (k = 4:
// one 32-bit lane a cell holding bytes p0 p1 p2 p3; k = 2 and 1: packed down from 32-bit
// lanes). FP contraction is off and every operation is the portable path's in its order, so the
// bytes are the same (the tests compare them). `lk_plane_row_extent` lets the composite skip
// the pixels that cannot change: where a plane row's values lie at or below a floor whose
// coverage is always 0 (eight values a step from either end with AVX2).
#ifndef LK_SHADOW_ROW_H
#define LK_SHADOW_ROW_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "lk_solid_spans_avx2.h"

#pragma STDC FP_CONTRACT OFF

/// The coverage byte of a blurred alpha `a` (see the header).
static inline uint8_t lk_shadow_coverage(float a) {
    if (!(a > 0.5f / 255.0f)) return 0;
    const float t = a * 255.0f + 0.5f;
    return (uint8_t)(t < 255.0f ? t : 255.0f);
}

/// cov[d] for d in from ..< to, one pixel at a time (the rule of the header).
static inline void lk_shadow_coverage_row_portable(uint8_t *cov, ptrdiff_t from, ptrdiff_t to, const float *line,
                                                   ptrdiff_t count, int k, const ptrdiff_t *base, const float *weight) {
    for (ptrdiff_t d = from; d < to; d++) {
        const ptrdiff_t p = d % k, i = base[p] + d / k;
        if (i < 0 || i > count - 2) { cov[d] = 0; continue; }
        const float w = weight[p], iw = 1.0f - w;
        cov[d] = lk_shadow_coverage(line[i] * iw + line[i + 1] * w);
    }
}

#if LK_HAVE_AVX2_KERNELS
/// The coverage of eight consecutive line positions from `l`, in 32-bit lanes.
__attribute__((target("avx2"))) static inline __m256i lk_shadow_eight_avx2(const float *l, __m256 w, __m256 iw) {
    const __m256 a = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(l), iw), _mm256_mul_ps(_mm256_loadu_ps(l + 1), w));
    const __m256 t = _mm256_add_ps(_mm256_mul_ps(a, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f));
    // min_ps(t, 255) is t < 255 ? t : 255, as the portable path takes it.
    const __m256i c = _mm256_cvttps_epi32(_mm256_min_ps(t, _mm256_set1_ps(255.0f)));
    const __m256 keep = _mm256_cmp_ps(a, _mm256_set1_ps(0.5f / 255.0f), _CMP_GT_OQ);
    return _mm256_and_si256(c, _mm256_castps_si256(keep));
}

/// The row eight cells a step where every phase's reads lie inside the line, the rest one
/// pixel at a time. k is 1, 2 or 4.
__attribute__((target("avx2"))) static inline void lk_shadow_coverage_row_avx2(uint8_t *cov, ptrdiff_t from, ptrdiff_t to,
                                                                               const float *line, ptrdiff_t count, int k,
                                                                               const ptrdiff_t *base, const float *weight) {
    ptrdiff_t lowest = base[0], highest = base[0];
    for (int p = 1; p < k; p++) {
        if (base[p] < lowest) lowest = base[p];
        if (base[p] > highest) highest = base[p];
    }
    // Whole cells c (pixels c·k …) inside from ..< to whose reads base[p] + c … + 1 stay in the line.
    ptrdiff_t c0 = (from + k - 1) / k, c1 = to / k;
    if (c0 < -lowest) c0 = -lowest;
    if (c1 > count - 1 - highest) c1 = count - 1 - highest;
    if (c1 - c0 < 8) { lk_shadow_coverage_row_portable(cov, from, to, line, count, k, base, weight); return; }
    lk_shadow_coverage_row_portable(cov, from, c0 * k, line, count, k, base, weight);
    __m256 w[4], iw[4];
    for (int p = 0; p < k; p++) { w[p] = _mm256_set1_ps(weight[p]); iw[p] = _mm256_set1_ps(1.0f - weight[p]); }
    ptrdiff_t c = c0;
    for (; c + 8 <= c1; c += 8) {
        const __m256i v0 = lk_shadow_eight_avx2(line + base[0] + c, w[0], iw[0]);
        if (k == 4) {
            const __m256i v1 = lk_shadow_eight_avx2(line + base[1] + c, w[1], iw[1]);
            const __m256i v2 = lk_shadow_eight_avx2(line + base[2] + c, w[2], iw[2]);
            const __m256i v3 = lk_shadow_eight_avx2(line + base[3] + c, w[3], iw[3]);
            const __m256i v = _mm256_or_si256(_mm256_or_si256(v0, _mm256_slli_epi32(v1, 8)),
                                              _mm256_or_si256(_mm256_slli_epi32(v2, 16), _mm256_slli_epi32(v3, 24)));
            _mm256_storeu_si256((__m256i *)(cov + c * 4), v);
        } else if (k == 2) {
            const __m256i v1 = lk_shadow_eight_avx2(line + base[1] + c, w[1], iw[1]);
            const __m256i v = _mm256_or_si256(v0, _mm256_slli_epi32(v1, 8));
            // 32-bit lanes to 16 bits: [v0-3 v0-3 | v4-7 v4-7], then the two halves' first quarters.
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(v, v), 0x08);
            _mm_storeu_si128((__m128i *)(cov + c * 2), _mm256_castsi256_si128(packed));
        } else {
            const __m256i h = _mm256_packus_epi32(v0, v0);
            const __m256i b = _mm256_packus_epi16(h, h);
            const uint32_t lo = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(b));
            const uint32_t hi = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(b, 1));
            memcpy(cov + c, &lo, 4);
            memcpy(cov + c + 4, &hi, 4);
        }
    }
    lk_shadow_coverage_row_portable(cov, c * k, to, line, count, k, base, weight);
}
#endif

/// cov[d] for d in from ..< to, 0 ≤ from (see the header); k is 1, 2 or 4, `base` and `weight` hold k
/// entries, `line` `count` values. `portable` non-zero takes the portable path.
static inline void lk_shadow_coverage_row(uint8_t *cov, ptrdiff_t from, ptrdiff_t to, const float *line, ptrdiff_t count,
                                          int k, const ptrdiff_t *base, const float *weight, int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && (k == 1 || k == 2 || k == 4) && lk_cpu_has_avx2()) {
        lk_shadow_coverage_row_avx2(cov, from, to, line, count, k, base, weight);
        return;
    }
#endif
    lk_shadow_coverage_row_portable(cov, from, to, line, count, k, base, weight);
}

/// Where a row of `n` blurred plane values can give coverage: *lo is the first index whose
/// value exceeds `t`, *hi one past the last (both 0 when none does). With t ≤ 0.25/255 a target
/// pixel that reads only values ≤ t (two rows mixed, then two values, each by weights summing to
/// at most 1 + 2⁻²³) gets a ≤ t·(1 + 2⁻²¹) < 0.5/255, so coverage 0: the composite may skip it.
/// The comparison is the same on both paths, so they give the same indices.
static inline void lk_plane_row_extent_portable(const float *row, ptrdiff_t n, float t, ptrdiff_t *lo, ptrdiff_t *hi) {
    ptrdiff_t a = 0, b = n;
    while (a < n && !(row[a] > t)) a++;
    while (b > a && !(row[b - 1] > t)) b--;
    *lo = a < b ? a : 0;
    *hi = a < b ? b : 0;
}

#if LK_HAVE_AVX2_KERNELS
/// Eight values a step from either end, then the portable rule inside the last eight.
__attribute__((target("avx2"))) static inline void lk_plane_row_extent_avx2(const float *row, ptrdiff_t n, float t,
                                                                            ptrdiff_t *lo, ptrdiff_t *hi) {
    const __m256 tv = _mm256_set1_ps(t);
    ptrdiff_t a = 0, b = n;
    while (a + 8 <= n && _mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(row + a), tv, _CMP_GT_OQ)) == 0) a += 8;
    while (b - 8 >= a && _mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(row + b - 8), tv, _CMP_GT_OQ)) == 0) b -= 8;
    while (a < b && !(row[a] > t)) a++;
    while (b > a && !(row[b - 1] > t)) b--;
    *lo = a < b ? a : 0;
    *hi = a < b ? b : 0;
}
#endif

/// The extent of a plane row's values above `t` (see the portable path); `portable` non-zero
/// takes the portable path.
static inline void lk_plane_row_extent(const float *row, ptrdiff_t n, float t, ptrdiff_t *lo, ptrdiff_t *hi,
                                       int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) { lk_plane_row_extent_avx2(row, n, t, lo, hi); return; }
#endif
    lk_plane_row_extent_portable(row, n, t, lo, hi);
}

#pragma STDC FP_CONTRACT DEFAULT

#endif
