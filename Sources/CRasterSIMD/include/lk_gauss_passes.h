// The two passes of FilterChain's exact Gaussian (σ ≤ 4, FilterChain.swift: the sampled kernel
// k_0 … k_r, symmetric) on a plane of premultiplied linear colour, four floats a pixel.
//
// Row pass, one row: `c` is the row padded by r pixels on both sides (transparent or its edge
// pixels), pointing at its first pixel; dst[i] = c[i]·k_0, then for j = 1 … r in this order
// dst[i] += (c[i − 4j] + c[i + 4j])·k_j. Column pass, one output row y of a plane of `n` floats a
// row: dst = row y · k_0, then for j = 1 … r: += k_j · (row y − j + row y + j) where both are
// inside (after clamping to the edge rows when `clamp`), k_j · (the one inside) where one is,
// nothing where neither is. Every output is that sequence of single-precision adds and
// multiplies, so any kernel that keeps the order per float gives the same bits (no fused
// multiply-add: the target is "avx2" alone, and the portable loops are the ones FilterChain
// had in Swift).
//
// `lk_gauss_row_avx2` keeps four pixels' sums in two registers over all the taps; the column
// pass `lk_gauss_column_row_avx2` keeps sixteen floats' sums in registers over all the taps
// instead of adding each tap into the destination row (where the CPU has AVX2,
// lk_cpu_has_avx2; rows whose taps leave the plane with transparent edges take the portable
// loop).
#ifndef LK_GAUSS_PASSES_H
#define LK_GAUSS_PASSES_H

#include <stddef.h>
#include <stdint.h>
#include "lk_solid_spans_avx2.h"

/// The row pass of floats i0 ..< n (4 per pixel) of one padded row, a float at a time.
static inline void lk_gauss_row_portable(const float *c, float *dst, ptrdiff_t i0, ptrdiff_t n, const float *k,
                                         ptrdiff_t r) {
#pragma clang fp contract(off)
    for (ptrdiff_t i = i0; i < n; i++) {
        float acc = c[i] * k[0];
        for (ptrdiff_t j = 1; j <= r; j++) acc += (c[i - 4 * j] + c[i + 4 * j]) * k[j];
        dst[i] = acc;
    }
}

/// The column pass into output row y, a tap at a time over the row (the compiler's vectors).
static inline void lk_gauss_column_row_portable(const float *src, float *d, ptrdiff_t n, ptrdiff_t h, ptrdiff_t y,
                                                const float *k, ptrdiff_t r, int clamp) {
#pragma clang fp contract(off)
    const float *s0 = src + y * n;
    const float k0 = k[0];
    for (ptrdiff_t i = 0; i < n; i++) d[i] = s0[i] * k0;
    for (ptrdiff_t j = 1; j <= r; j++) {
        const float kj = k[j];
        ptrdiff_t up = y - j, down = y + j;
        if (clamp) { up = up > 0 ? up : 0; down = down < h - 1 ? down : h - 1; }
        if (up >= 0 && down < h) {
            const float *a = src + up * n, *b = src + down * n;
            for (ptrdiff_t i = 0; i < n; i++) d[i] += kj * (a[i] + b[i]);
        } else if (up >= 0) {
            const float *a = src + up * n;
            for (ptrdiff_t i = 0; i < n; i++) d[i] += kj * a[i];
        } else if (down < h) {
            const float *b = src + down * n;
            for (ptrdiff_t i = 0; i < n; i++) d[i] += kj * b[i];
        }
    }
}

#if LK_HAVE_AVX2_KERNELS
/// The row pass, four pixels (two registers) at a time, then two, then the portable loop.
__attribute__((target("avx2"))) static inline void lk_gauss_row_avx2(const float *c, float *dst, ptrdiff_t n,
                                                                    const float *k, ptrdiff_t r) {
    const __m256 k0 = _mm256_set1_ps(k[0]);
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256 a = _mm256_mul_ps(_mm256_loadu_ps(c + i), k0), b = _mm256_mul_ps(_mm256_loadu_ps(c + i + 8), k0);
        for (ptrdiff_t j = 1; j <= r; j++) {
            const __m256 kj = _mm256_set1_ps(k[j]);
            const float *lo = c + i - 4 * j, *hi = c + i + 4 * j;
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_add_ps(_mm256_loadu_ps(lo), _mm256_loadu_ps(hi)), kj));
            b = _mm256_add_ps(b, _mm256_mul_ps(_mm256_add_ps(_mm256_loadu_ps(lo + 8), _mm256_loadu_ps(hi + 8)), kj));
        }
        _mm256_storeu_ps(dst + i, a);
        _mm256_storeu_ps(dst + i + 8, b);
    }
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_mul_ps(_mm256_loadu_ps(c + i), k0);
        for (ptrdiff_t j = 1; j <= r; j++)
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_add_ps(_mm256_loadu_ps(c + i - 4 * j), _mm256_loadu_ps(c + i + 4 * j)),
                                               _mm256_set1_ps(k[j])));
        _mm256_storeu_ps(dst + i, a);
    }
    lk_gauss_row_portable(c, dst, i, n, k, r);
}

/// The column pass into output row y where every tap row exists (inside, or clamped): sixteen,
/// then eight floats' sums in registers over all the taps, the rest a float at a time.
__attribute__((target("avx2"))) static inline void lk_gauss_column_row_avx2(const float *src, float *d, ptrdiff_t n,
                                                                           ptrdiff_t h, ptrdiff_t y, const float *k,
                                                                           ptrdiff_t r) {
    const float *up[16], *down[16];
    for (ptrdiff_t j = 1; j <= r; j++) {
        const ptrdiff_t u = y - j > 0 ? y - j : 0, v = y + j < h - 1 ? y + j : h - 1;
        up[j - 1] = src + u * n;
        down[j - 1] = src + v * n;
    }
    const float *s0 = src + y * n;
    const __m256 k0 = _mm256_set1_ps(k[0]);
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256 a = _mm256_mul_ps(_mm256_loadu_ps(s0 + i), k0), b = _mm256_mul_ps(_mm256_loadu_ps(s0 + i + 8), k0);
        for (ptrdiff_t j = 1; j <= r; j++) {
            const __m256 kj = _mm256_set1_ps(k[j]);
            const float *p = up[j - 1] + i, *q = down[j - 1] + i;
            a = _mm256_add_ps(a, _mm256_mul_ps(kj, _mm256_add_ps(_mm256_loadu_ps(p), _mm256_loadu_ps(q))));
            b = _mm256_add_ps(b, _mm256_mul_ps(kj, _mm256_add_ps(_mm256_loadu_ps(p + 8), _mm256_loadu_ps(q + 8))));
        }
        _mm256_storeu_ps(d + i, a);
        _mm256_storeu_ps(d + i + 8, b);
    }
    for (; i < n; i++) {
        float acc = s0[i] * k[0];
        for (ptrdiff_t j = 1; j <= r; j++) acc += k[j] * (up[j - 1][i] + down[j - 1][i]);
        d[i] = acc;
    }
}
#endif

/// The row pass of one padded row of `n` floats (see the header); `portable` non-zero takes the
/// portable loop.
static inline void lk_gauss_row(const float *c, float *dst, ptrdiff_t n, const float *k, ptrdiff_t r, int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) { lk_gauss_row_avx2(c, dst, n, k, r); return; }
#endif
    lk_gauss_row_portable(c, dst, 0, n, k, r);
}

/// The column pass into output row y of an h-row plane of `n` floats a row (r ≤ 16).
static inline void lk_gauss_column_row(const float *src, float *d, ptrdiff_t n, ptrdiff_t h, ptrdiff_t y,
                                       const float *k, ptrdiff_t r, int clamp, int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && r <= 16 && (clamp || (y - r >= 0 && y + r < h)) && lk_cpu_has_avx2()) {
        lk_gauss_column_row_avx2(src, d, n, h, y, k, r);
        return;
    }
#endif
    lk_gauss_column_row_portable(src, d, n, h, y, k, r, clamp);
}

#endif
