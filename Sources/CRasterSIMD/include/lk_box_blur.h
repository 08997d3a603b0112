// The box passes of Raster's Gaussian blur (GaussianBlur.swift: three boxes per axis, Kovesi's
// "Fast Almost-Gaussian Filtering") on a plane of floats, and the plane transpose that lets the
// row passes run as column passes.
//
// One box of radius r along every column of a `width` × `height` plane, everything outside it
// zero: dst(x, y) = Σ src(x, y−r … y+r) · 1/(2r + 1), by a running sum per column, in this order:
// the sum starts at +0 and adds rows 0 … r−1; then for each row y it adds row y + r (when
// inside), stores sum · inv, and subtracts row y − r (when inside). Every output is that
// sequence of single-precision adds and one multiply, so any kernel that keeps the order per
// column gives the same bits (no fused multiply-add: the multiply stands alone).
//
// `lk_box_columns_portable` walks the plane a row at a time with the sums in `sums` (width
// floats); `lk_box_columns_avx2` keeps the running sums of sixteen (then eight) columns in
// registers and walks down the strip, where the CPU has AVX2 (lk_cpu_has_avx2), the columns
// left over by the portable rule. The tests hold the two to the same bits on random planes.
//
// `lk_transpose_plane`: dst (height × width) = src (width × height) transposed, in 8 × 8
// blocks so both sides are read and written a cache line at a time. A row pass is then the
// column pass of the transposed plane, the same sequence per row as GaussianBlur's own row
// loop (the sum of the first r pixels, then add x + r, store, subtract x − r).
#ifndef LK_BOX_BLUR_H
#define LK_BOX_BLUR_H

#include <stddef.h>
#include <stdint.h>
#include "lk_solid_spans_avx2.h"

/// One box of radius r down every column, a row at a time; `sums` holds width floats.
static inline void lk_box_columns_portable(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height,
                                           ptrdiff_t r, float *sums) {
    const float inv = 1.0f / (float)(2 * r + 1);
    for (ptrdiff_t x = 0; x < width; x++) sums[x] = 0;
    for (ptrdiff_t y = 0; y < r && y < height; y++) {
        const float *s = src + y * width;
        for (ptrdiff_t x = 0; x < width; x++) sums[x] += s[x];
    }
    for (ptrdiff_t y = 0; y < height; y++) {
        if (y + r < height) {
            const float *add = src + (y + r) * width;
            for (ptrdiff_t x = 0; x < width; x++) sums[x] += add[x];
        }
        float *d = dst + y * width;
        for (ptrdiff_t x = 0; x < width; x++) d[x] = sums[x] * inv;
        if (y - r >= 0) {
            const float *sub = src + (y - r) * width;
            for (ptrdiff_t x = 0; x < width; x++) sums[x] -= sub[x];
        }
    }
}

/// The columns x0 ..< x1 of the box pass, one column at a time (the same sequence per column).
static inline void lk_box_column_range_portable(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height,
                                                ptrdiff_t r, ptrdiff_t x0, ptrdiff_t x1) {
    const float inv = 1.0f / (float)(2 * r + 1);
    for (ptrdiff_t x = x0; x < x1; x++) {
        float sum = 0;
        for (ptrdiff_t y = 0; y < r && y < height; y++) sum += src[y * width + x];
        for (ptrdiff_t y = 0; y < height; y++) {
            if (y + r < height) sum += src[(y + r) * width + x];
            dst[y * width + x] = sum * inv;
            if (y - r >= 0) sum -= src[(y - r) * width + x];
        }
    }
}

#if LK_HAVE_AVX2_KERNELS
/// The box pass down strips of sixteen, then eight columns, the running sums in registers.
__attribute__((target("avx2"))) static inline void lk_box_columns_avx2(const float *src, float *dst, ptrdiff_t width,
                                                                      ptrdiff_t height, ptrdiff_t r) {
    const __m256 inv = _mm256_set1_ps(1.0f / (float)(2 * r + 1));
    const ptrdiff_t head = r < height ? r : height;
    ptrdiff_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256 a = _mm256_setzero_ps(), b = _mm256_setzero_ps();
        for (ptrdiff_t y = 0; y < head; y++) {
            a = _mm256_add_ps(a, _mm256_loadu_ps(src + y * width + x));
            b = _mm256_add_ps(b, _mm256_loadu_ps(src + y * width + x + 8));
        }
        for (ptrdiff_t y = 0; y < height; y++) {
            if (y + r < height) {
                const float *add = src + (y + r) * width + x;
                a = _mm256_add_ps(a, _mm256_loadu_ps(add));
                b = _mm256_add_ps(b, _mm256_loadu_ps(add + 8));
            }
            _mm256_storeu_ps(dst + y * width + x, _mm256_mul_ps(a, inv));
            _mm256_storeu_ps(dst + y * width + x + 8, _mm256_mul_ps(b, inv));
            if (y - r >= 0) {
                const float *sub = src + (y - r) * width + x;
                a = _mm256_sub_ps(a, _mm256_loadu_ps(sub));
                b = _mm256_sub_ps(b, _mm256_loadu_ps(sub + 8));
            }
        }
    }
    for (; x + 8 <= width; x += 8) {
        __m256 a = _mm256_setzero_ps();
        for (ptrdiff_t y = 0; y < head; y++) a = _mm256_add_ps(a, _mm256_loadu_ps(src + y * width + x));
        for (ptrdiff_t y = 0; y < height; y++) {
            if (y + r < height) a = _mm256_add_ps(a, _mm256_loadu_ps(src + (y + r) * width + x));
            _mm256_storeu_ps(dst + y * width + x, _mm256_mul_ps(a, inv));
            if (y - r >= 0) a = _mm256_sub_ps(a, _mm256_loadu_ps(src + (y - r) * width + x));
        }
    }
    lk_box_column_range_portable(src, dst, width, height, r, x, width);
}
#endif

/// One box of radius r down every column of the plane (dst ≠ src); `sums` holds width floats
/// for the portable path. `portable` non-zero takes the portable path.
static inline void lk_box_columns(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height, ptrdiff_t r,
                                  float *sums, int portable) {
    if (width <= 0 || height <= 0) return;
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) { lk_box_columns_avx2(src, dst, width, height, r); return; }
#endif
    lk_box_columns_portable(src, dst, width, height, r, sums);
}

/// dst (height columns × width rows) = src (width columns × height rows) transposed:
/// dst[x·height + y] = src[y·width + x].
static inline void lk_transpose_plane(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height) {
    for (ptrdiff_t y0 = 0; y0 < height; y0 += 8) {
        const ptrdiff_t y1 = y0 + 8 < height ? y0 + 8 : height;
        for (ptrdiff_t x0 = 0; x0 < width; x0 += 8) {
            const ptrdiff_t x1 = x0 + 8 < width ? x0 + 8 : width;
            for (ptrdiff_t x = x0; x < x1; x++)
                for (ptrdiff_t y = y0; y < y1; y++) dst[x * height + y] = src[y * width + x];
        }
    }
}

#endif
