// The gradient painter's per-pixel kernels (Raster's GradientPainter): the table indices of a
// run of radial, focal-radial or axial pixels, and the deposit of a run's dithered table
// entries at full coverage, four or eight pixels a step where the CPU has AVX2 (lk_solid_spans_avx2.h's
// detection), two with SSE2, one at a time in the portable path.
//
// Indices. Pixel k of the run (k = k0, k0 + 1, …) sits at (u, v) = (u0 + ua·k, v0 + va·k) in
// the radial ellipse's unit plane (centre 0, radius 1). Its parameter is
//     plain radial: t = √(u² + v²)
//     focal radial (unit focus f, k = 1 − |f|², Gradient.swift):
//         q = (u, v) − f,  d = q·f,  t = (d + √(d² + k·|q|²)) / k
// (SVG 2's focal radial with fr = 0; Skia's and ThorVG's two-point conical "focal" case comes
// to the same root). Its table index is i = (t − t0)·tScale, 0 where that is not above 0 (NaN
// included), `last` where above it, rounded half up: ⌊min(i, last) + 0.5⌋.
// Every lane does Gradient.focalParameter's operations in its order — IEEE products, sums,
// a quotient and a square root, each correctly rounded, none fused (FP_CONTRACT off below, and
// the vector paths use no FMA) — so every path gives the indices of the Swift loop it replaces,
// bit for bit; the tests hold the three paths and the Swift formula to that. The min/max
// selections are SSE's minpd, whose "second operand when unordered" is the Swift ternary's.
//
// Axial indices are stepped in 16.16 fixed point, (acc + j·step) >> 16 clamped to the table:
// the integer sums of the Swift loop they replace, so the same indices.
//
// Store: the deposit onto a row known to be transparent (a masked gradient's cleared scratch
// row), where source-over gives the entry itself: gathered and stored, the row never read.
// When the axial step is 0 every index is the same, and the row is its four dither columns'
// entries repeated (lk_gradient_store_uniform): stored eight at a time, no gather.
//
// Runs: a masked gradient row is painted over the runs of its mask row with alpha;
// lk_alpha_run_end finds where a run ends, eight mask pixels a compare.
//
// Deposit. Pixel j of the run at column x0 + j takes entry index[j] of the dithered table row
// of its dither column (x0 + j) mod 4 (`table + ((x0 + j) & 3)·count`, GradientTableCache's
// layout), source-over: s + d·(255 − alpha(s))/255 per channel (lk_composite_row's arithmetic;
// an opaque entry comes out as itself, an entry of alpha 0, which the premultiplied table
// holds only as 0, leaves the destination). AVX2 gathers eight entries a step.
#ifndef LK_GRADIENT_ROW_H
#define LK_GRADIENT_ROW_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "lk_solid_spans_avx2.h"
#include "lk_composite_row.h"

#pragma STDC FP_CONTRACT OFF

/// A radial gradient's run, in the ellipse's unit plane (see the file header).
typedef struct {
    double u0, v0, ua, va;
    /// The unit focus and 1 − |f|²; used when `focal` is not 0.
    double fx, fy, fk;
    double t0, tScale, last;
    int32_t focal;
} lk_radial_run;

/// Index of parameter t (see the file header).
static inline int32_t lk_radial_index(double t, const lk_radial_run *r) {
    double fi = (t - r->t0) * r->tScale;
    return (int32_t)(fi > 0 ? (fi < r->last ? fi : r->last) + 0.5 : 0.5);
}

/// index[j] for pixels k0 … k0 + n − 1, one at a time.
static inline void lk_radial_indices_portable(int32_t *index, ptrdiff_t k0, ptrdiff_t n, const lk_radial_run *r) {
    for (ptrdiff_t j = 0; j < n; j++) {
        double k = (double)(k0 + j);
        double u = r->u0 + r->ua * k, v = r->v0 + r->va * k;
        double t;
        if (r->focal) {
            double qx = u - r->fx, qy = v - r->fy;
            double d = qx * r->fx + qy * r->fy;
            t = (d + __builtin_sqrt(d * d + r->fk * (qx * qx + qy * qy))) / r->fk;
        } else {
            t = __builtin_sqrt(u * u + v * v);
        }
        index[j] = lk_radial_index(t, r);
    }
}

#if defined(__SSE2__)
/// Two pixels' indices (k in the two lanes) in the low 64 bits.
static inline __m128i lk_radial_two(__m128d k, const lk_radial_run *r) {
    const __m128d u = _mm_add_pd(_mm_set1_pd(r->u0), _mm_mul_pd(_mm_set1_pd(r->ua), k));
    const __m128d v = _mm_add_pd(_mm_set1_pd(r->v0), _mm_mul_pd(_mm_set1_pd(r->va), k));
    __m128d t;
    if (r->focal) {
        const __m128d fx = _mm_set1_pd(r->fx), fy = _mm_set1_pd(r->fy);
        const __m128d qx = _mm_sub_pd(u, fx), qy = _mm_sub_pd(v, fy);
        const __m128d d = _mm_add_pd(_mm_mul_pd(qx, fx), _mm_mul_pd(qy, fy));
        const __m128d q2 = _mm_add_pd(_mm_mul_pd(qx, qx), _mm_mul_pd(qy, qy));
        const __m128d s = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(d, d), _mm_mul_pd(_mm_set1_pd(r->fk), q2)));
        t = _mm_div_pd(_mm_add_pd(d, s), _mm_set1_pd(r->fk));
    } else {
        t = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(u, u), _mm_mul_pd(v, v)));
    }
    const __m128d fi = _mm_mul_pd(_mm_sub_pd(t, _mm_set1_pd(r->t0)), _mm_set1_pd(r->tScale));
    const __m128d clamped = _mm_and_pd(_mm_cmpgt_pd(fi, _mm_setzero_pd()), _mm_min_pd(fi, _mm_set1_pd(r->last)));
    return _mm_cvttpd_epi32(_mm_add_pd(clamped, _mm_set1_pd(0.5)));
}
#endif

#if LK_HAVE_AVX2_KERNELS
/// Four pixels' indices (k in the four lanes).
__attribute__((target("avx2"))) static inline __m128i lk_radial_four_avx2(__m256d k, const lk_radial_run *r) {
    const __m256d u = _mm256_add_pd(_mm256_set1_pd(r->u0), _mm256_mul_pd(_mm256_set1_pd(r->ua), k));
    const __m256d v = _mm256_add_pd(_mm256_set1_pd(r->v0), _mm256_mul_pd(_mm256_set1_pd(r->va), k));
    __m256d t;
    if (r->focal) {
        const __m256d fx = _mm256_set1_pd(r->fx), fy = _mm256_set1_pd(r->fy);
        const __m256d qx = _mm256_sub_pd(u, fx), qy = _mm256_sub_pd(v, fy);
        const __m256d d = _mm256_add_pd(_mm256_mul_pd(qx, fx), _mm256_mul_pd(qy, fy));
        const __m256d q2 = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));
        const __m256d s = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(d, d), _mm256_mul_pd(_mm256_set1_pd(r->fk), q2)));
        t = _mm256_div_pd(_mm256_add_pd(d, s), _mm256_set1_pd(r->fk));
    } else {
        t = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(u, u), _mm256_mul_pd(v, v)));
    }
    const __m256d fi = _mm256_mul_pd(_mm256_sub_pd(t, _mm256_set1_pd(r->t0)), _mm256_set1_pd(r->tScale));
    const __m256d clamped = _mm256_and_pd(_mm256_cmp_pd(fi, _mm256_setzero_pd(), _CMP_GT_OQ),
                                          _mm256_min_pd(fi, _mm256_set1_pd(r->last)));
    return _mm256_cvttpd_epi32(_mm256_add_pd(clamped, _mm256_set1_pd(0.5)));
}

/// `lk_radial_indices`, eight pixels a step, the rest one at a time.
__attribute__((target("avx2"))) static inline void lk_radial_indices_avx2(int32_t *index, ptrdiff_t k0, ptrdiff_t n,
                                                                          const lk_radial_run *r) {
    const lk_radial_run run = *r;
    ptrdiff_t j = 0;
    // k as exact doubles: k0 + j + lane (|k| < 2^31 for any run the painter is given).
    __m256d k = _mm256_add_pd(_mm256_set1_pd((double)k0), _mm256_setr_pd(0, 1, 2, 3));
    const __m256d four = _mm256_set1_pd(4);
    for (; j + 8 <= n; j += 8) {
        const __m128i a = lk_radial_four_avx2(k, &run);
        k = _mm256_add_pd(k, four);
        const __m128i b = lk_radial_four_avx2(k, &run);
        k = _mm256_add_pd(k, four);
        _mm256_storeu_si256((__m256i *)(index + j), _mm256_set_m128i(b, a));
    }
    lk_radial_indices_portable(index + j, k0 + j, n - j, &run);
}
#endif

/// index[j] = the table index of pixel k0 + j of the run, for j < n (see the file header).
static inline void lk_radial_indices(int32_t *index, ptrdiff_t k0, ptrdiff_t n, const lk_radial_run *r) {
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) {
        lk_radial_indices_avx2(index, k0, n, r);
        return;
    }
#endif
#if defined(__SSE2__)
    const lk_radial_run run = *r;
    ptrdiff_t j = 0;
    __m128d k = _mm_add_pd(_mm_set1_pd((double)k0), _mm_setr_pd(0, 1));
    for (; j + 2 <= n; j += 2) {
        _mm_storel_epi64((__m128i *)(index + j), lk_radial_two(k, &run));
        k = _mm_add_pd(k, _mm_set1_pd(2));
    }
    lk_radial_indices_portable(index + j, k0 + j, n - j, &run);
#else
    lk_radial_indices_portable(index, k0, n, r);
#endif
}

/// index[j] = the axial index of pixel j: (acc + j·step) >> 16 (16.16 fixed point, arithmetic
/// shift) clamped to 0 … last, one at a time. The caller bounds acc and step so that no sum
/// overflows.
static inline void lk_axial_indices_portable(int32_t *index, int64_t acc, int64_t step, ptrdiff_t n, int64_t last) {
    for (ptrdiff_t j = 0; j < n; j++) {
        const int64_t i = acc >> 16;
        index[j] = (int32_t)(i < 0 ? 0 : (i > last ? last : i));
        acc += step;
    }
}

#if LK_HAVE_AVX2_KERNELS
/// `lk_axial_indices`, eight a step. In 32-bit lanes when every sum of the run fits them; else
/// in 64-bit lanes, the sums clamped before the shift (a sum is below 0 exactly
/// when its shift is, and above (last << 16) | 0xFFFF exactly when its shift is above last),
/// so the logical shift AVX2 has serves; the four 64-bit lanes packed to 32 bits.
__attribute__((target("avx2"))) static inline void lk_axial_indices_avx2(int32_t *index, int64_t acc, int64_t step,
                                                                         ptrdiff_t n, int64_t last) {
    // Every sum of the run within 32 bits (the usual case: indices near the table's): eight
    // 32-bit lanes a step, arithmetic shift, clamp.
    const int64_t end = acc + (int64_t)(n - 1) * step;
    if (acc >= INT32_MIN && acc <= INT32_MAX && end >= INT32_MIN && end <= INT32_MAX && step >= -(1 << 27) &&
        step <= (1 << 27) && last <= INT32_MAX) {
        const int32_t s = (int32_t)step;
        __m256i a32 = _mm256_add_epi32(_mm256_set1_epi32((int32_t)acc), _mm256_mullo_epi32(_mm256_set1_epi32(s),
                                                                                         _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
        const __m256i eight = _mm256_set1_epi32(8 * s), hi = _mm256_set1_epi32((int32_t)last);
        ptrdiff_t j = 0;
        for (; j + 8 <= n; j += 8) {
            const __m256i i = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(a32, 16), _mm256_setzero_si256()), hi);
            _mm256_storeu_si256((__m256i *)(index + j), i);
            a32 = _mm256_add_epi32(a32, eight);
        }
        lk_axial_indices_portable(index + j, acc + (int64_t)j * step, step, n - j, last);
        return;
    }
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top = _mm256_set1_epi64x((last << 16) | 0xFFFF);
    const __m256i pack = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const __m256i four = _mm256_set1_epi64x(4 * step);
    __m256i a = _mm256_add_epi64(_mm256_set1_epi64x(acc), _mm256_setr_epi64x(0, step, 2 * step, 3 * step));
    ptrdiff_t j = 0;
    for (; j + 8 <= n; j += 8) {
        __m256i lanes[2];
        for (int h = 0; h < 2; h++) {
            __m256i v = _mm256_blendv_epi8(a, zero, _mm256_cmpgt_epi64(zero, a));
            v = _mm256_blendv_epi8(v, top, _mm256_cmpgt_epi64(v, top));
            lanes[h] = _mm256_permutevar8x32_epi32(_mm256_srli_epi64(v, 16), pack);
            a = _mm256_add_epi64(a, four);
        }
        _mm256_storeu_si256((__m256i *)(index + j), _mm256_permute2x128_si256(lanes[0], lanes[1], 0x20));
    }
    lk_axial_indices_portable(index + j, acc + (int64_t)j * step, step, n - j, last);
}
#endif

/// index[j] = clamp((acc + j·step) >> 16, 0, last) for j < n (an axial gradient's table
/// indices stepped in 16.16 fixed point, GradientPainter's rule).
static inline void lk_axial_indices(int32_t *index, int64_t acc, int64_t step, ptrdiff_t n, int64_t last) {
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) {
        lk_axial_indices_avx2(index, acc, step, n, last);
        return;
    }
#endif
    lk_axial_indices_portable(index, acc, step, n, last);
}

/// Pixel j of `row` (column x0 + j) ← entry index[j] of its dither column's table row,
/// source-over, one at a time.
static inline void lk_gradient_deposit_portable(uint32_t *row, ptrdiff_t x0, ptrdiff_t n, const uint32_t *table,
                                                ptrdiff_t count, const int32_t *index) {
    for (ptrdiff_t j = 0; j < n; j++) {
        const uint32_t s = table[((x0 + j) & 3) * count + index[j]];
        const uint32_t a = s >> 24;
        if (a == 255) row[j] = s;
        else row[j] = s + lk_scale(row[j], 255 - a);
    }
}

#if LK_HAVE_AVX2_KERNELS
/// Each lane's offset of its dither column's table row: the columns of x0 … x0 + 7 (the same
/// every step of 8), times the table row's length.
__attribute__((target("avx2"))) static inline __m256i lk_dither_columns_avx2(ptrdiff_t x0, ptrdiff_t count) {
    const int c = (int)count;
    return _mm256_setr_epi32((int)((x0 + 0) & 3) * c, (int)((x0 + 1) & 3) * c, (int)((x0 + 2) & 3) * c,
                             (int)((x0 + 3) & 3) * c, (int)((x0 + 4) & 3) * c, (int)((x0 + 5) & 3) * c,
                             (int)((x0 + 6) & 3) * c, (int)((x0 + 7) & 3) * c);
}
#endif

#if LK_HAVE_AVX2_KERNELS
/// `lk_gradient_deposit`, eight pixels a step (one gather), the rest one at a time.
__attribute__((target("avx2"))) static inline void lk_gradient_deposit_avx2(uint32_t *row, ptrdiff_t x0, ptrdiff_t n,
                                                                            const uint32_t *table, ptrdiff_t count,
                                                                            const int32_t *index) {
    const __m256i column = lk_dither_columns_avx2(x0, count);
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i a255 = _mm256_set1_epi16(255);
    ptrdiff_t j = 0;
    for (; j + 8 <= n; j += 8) {
        const __m256i at = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(index + j)), column);
        const __m256i s = _mm256_i32gather_epi32((const int *)table, at, 4);
        // Eight opaque entries are stored as they are; else the composite's arithmetic.
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s, opaque), opaque)) == -1) {
            _mm256_storeu_si256((__m256i *)(row + j), s);
        } else {
            const __m256i d = _mm256_loadu_si256((const __m256i *)(row + j));
            _mm256_storeu_si256((__m256i *)(row + j), lk_composite_eight_avx2(d, s, NULL, a255, 0));
        }
    }
    lk_gradient_deposit_portable(row + j, x0 + j, n - j, table, count, index + j);
}
#endif

/// Pixel j of `row` (the pixel at column x0 + j) ← entry index[j] (0 ≤ index[j] < count) of
/// the dithered table row of its column, `table + ((x0 + j) & 3)·count`, source-over; n pixels.
static inline void lk_gradient_deposit(uint32_t *row, ptrdiff_t x0, ptrdiff_t n, const uint32_t *table,
                                       ptrdiff_t count, const int32_t *index) {
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) {
        lk_gradient_deposit_avx2(row, x0, n, table, count, index);
        return;
    }
#endif
    lk_gradient_deposit_portable(row, x0, n, table, count, index);
}

/// Pixel j of `row` ← entry index[j] of its dither column's table row, for pixels known to be
/// transparent (0) before: what `lk_gradient_deposit` leaves there (s + 0·ia/255 = s), without
/// reading them; one at a time.
static inline void lk_gradient_store_portable(uint32_t *row, ptrdiff_t x0, ptrdiff_t n, const uint32_t *table,
                                              ptrdiff_t count, const int32_t *index) {
    for (ptrdiff_t j = 0; j < n; j++) row[j] = table[((x0 + j) & 3) * count + index[j]];
}

#if LK_HAVE_AVX2_KERNELS
/// `lk_gradient_store`, eight pixels a gather.
__attribute__((target("avx2"))) static inline void lk_gradient_store_avx2(uint32_t *row, ptrdiff_t x0, ptrdiff_t n,
                                                                          const uint32_t *table, ptrdiff_t count,
                                                                          const int32_t *index) {
    const __m256i column = lk_dither_columns_avx2(x0, count);
    ptrdiff_t j = 0;
    for (; j + 8 <= n; j += 8) {
        const __m256i at = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(index + j)), column);
        _mm256_storeu_si256((__m256i *)(row + j), _mm256_i32gather_epi32((const int *)table, at, 4));
    }
    lk_gradient_store_portable(row + j, x0 + j, n - j, table, count, index + j);
}
#endif

/// `lk_gradient_deposit` onto n transparent pixels (a cleared row): each pixel becomes its
/// entry; the pixels are written, never read.
static inline void lk_gradient_store(uint32_t *row, ptrdiff_t x0, ptrdiff_t n, const uint32_t *table,
                                     ptrdiff_t count, const int32_t *index) {
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) {
        lk_gradient_store_avx2(row, x0, n, table, count, index);
        return;
    }
#endif
    lk_gradient_store_portable(row, x0, n, table, count, index);
}

/// `lk_gradient_store` when every index is `e` (an axial gradient whose parameter does not
/// change along the row: lk_axial_indices with a step of 0): pixel j is entry e of its
/// dither column's table row, so the row repeats four pixels; the same pixels, no gather.
static inline void lk_gradient_store_uniform_portable(uint32_t *row, const uint32_t four[4], ptrdiff_t n) {
    for (ptrdiff_t j = 0; j < n; j++) row[j] = four[j & 3];
}

#if LK_HAVE_AVX2_KERNELS
__attribute__((target("avx2"))) static inline void lk_gradient_store_uniform_avx2(uint32_t *row, const uint32_t four[4],
                                                                                  ptrdiff_t n) {
    const __m256i v = _mm256_setr_epi32((int)four[0], (int)four[1], (int)four[2], (int)four[3],
                                        (int)four[0], (int)four[1], (int)four[2], (int)four[3]);
    ptrdiff_t j = 0;
    for (; j + 8 <= n; j += 8) _mm256_storeu_si256((__m256i *)(row + j), v);
    lk_gradient_store_uniform_portable(row + j, four, n - j);
}
#endif

static inline void lk_gradient_store_uniform(uint32_t *row, ptrdiff_t x0, ptrdiff_t n, const uint32_t *table,
                                             ptrdiff_t count, int32_t e) {
    uint32_t four[4];
    for (ptrdiff_t k = 0; k < 4; k++) four[k] = table[((x0 + k) & 3) * count + e];
#if LK_HAVE_AVX2_KERNELS
    if (n >= 8 && lk_cpu_has_avx2()) {
        lk_gradient_store_uniform_avx2(row, four, n);
        return;
    }
#endif
    lk_gradient_store_uniform_portable(row, four, n);
}

/// The first j in from ..< to where whether pixel p[j] has alpha (p[j] >> 24 != 0) is not
/// `alpha` (0 or 1); `to` when there is none: the end of a run with alpha (alpha = 1) or
/// without (alpha = 0) in a row of mask pixels, one at a time.
static inline ptrdiff_t lk_alpha_run_end_portable(const uint32_t *p, ptrdiff_t from, ptrdiff_t to, int32_t alpha) {
    while (from < to && ((p[from] >> 24) != 0) == (alpha != 0)) from++;
    return from;
}

#if LK_HAVE_AVX2_KERNELS
/// `lk_alpha_run_end`, eight pixels a step (one compare, one movemask).
__attribute__((target("avx2"))) static inline ptrdiff_t lk_alpha_run_end_avx2(const uint32_t *p, ptrdiff_t from,
                                                                              ptrdiff_t to, int32_t alpha) {
    const __m256i zero = _mm256_setzero_si256();
    for (; from + 8 <= to; from += 8) {
        const __m256i a = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(p + from)), 24);
        // Bit j: pixel from + j has no alpha.
        unsigned none = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, zero)));
        const unsigned ends = alpha ? none : (~none & 0xFFu);
        if (ends) return from + __builtin_ctz(ends);
    }
    return lk_alpha_run_end_portable(p, from, to, alpha);
}
#endif

/// The first j in from ..< to where whether p[j] has alpha (its top byte not 0) differs from
/// `alpha` (0 or 1), else `to`: where a masked gradient's run of mask alpha (or of none) ends.
static inline ptrdiff_t lk_alpha_run_end(const uint32_t *p, ptrdiff_t from, ptrdiff_t to, int32_t alpha) {
#if LK_HAVE_AVX2_KERNELS
    if (to - from >= 8 && lk_cpu_has_avx2()) return lk_alpha_run_end_avx2(p, from, to, alpha);
#endif
    return lk_alpha_run_end_portable(p, from, to, alpha);
}

#pragma STDC FP_CONTRACT DEFAULT

#endif
