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
// blocks so both sides are read and written a cache line at a time (with AVX2: each block as
// eight row loads, a register transpose and eight column stores). A row pass is then the
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
/// dst[x·height + y] = src[y·width + x], in 8 × 8 blocks.
static inline void lk_transpose_plane_portable(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height) {
    for (ptrdiff_t y0 = 0; y0 < height; y0 += 8) {
        const ptrdiff_t y1 = y0 + 8 < height ? y0 + 8 : height;
        for (ptrdiff_t x0 = 0; x0 < width; x0 += 8) {
            const ptrdiff_t x1 = x0 + 8 < width ? x0 + 8 : width;
            for (ptrdiff_t x = x0; x < x1; x++)
                for (ptrdiff_t y = y0; y < y1; y++) dst[x * height + y] = src[y * width + x];
        }
    }
}

#if LK_HAVE_AVX2_KERNELS
/// The whole 8 × 8 blocks (rows and columns from 0 in steps of 8) as eight loads, the
/// unpack / shuffle / lane-swap transpose and eight stores; the rest a value at a time.
/// It only moves values, so it gives the portable path's floats bit for bit.
__attribute__((target("avx2"))) static inline void lk_transpose_plane_avx2(const float *src, float *dst,
                                                                           ptrdiff_t width, ptrdiff_t height) {
    const ptrdiff_t wb = width & ~(ptrdiff_t)7, hb = height & ~(ptrdiff_t)7;
    for (ptrdiff_t y0 = 0; y0 < hb; y0 += 8) {
        for (ptrdiff_t x0 = 0; x0 < wb; x0 += 8) {
            const float *s = src + y0 * width + x0;
            const __m256 r0 = _mm256_loadu_ps(s), r1 = _mm256_loadu_ps(s + width);
            const __m256 r2 = _mm256_loadu_ps(s + 2 * width), r3 = _mm256_loadu_ps(s + 3 * width);
            const __m256 r4 = _mm256_loadu_ps(s + 4 * width), r5 = _mm256_loadu_ps(s + 5 * width);
            const __m256 r6 = _mm256_loadu_ps(s + 6 * width), r7 = _mm256_loadu_ps(s + 7 * width);
            // Pairs of rows interleaved, then pairs of pairs: s_k holds columns k and k + 4 of
            // four rows (one per 128-bit half); the halves of s_k and s_(k+4) are the columns.
            const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
            const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
            const __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
            const __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
            const __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
            const __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
            const __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
            const __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
            float *d = dst + x0 * height + y0;
            _mm256_storeu_ps(d, _mm256_permute2f128_ps(s0, s4, 0x20));
            _mm256_storeu_ps(d + height, _mm256_permute2f128_ps(s1, s5, 0x20));
            _mm256_storeu_ps(d + 2 * height, _mm256_permute2f128_ps(s2, s6, 0x20));
            _mm256_storeu_ps(d + 3 * height, _mm256_permute2f128_ps(s3, s7, 0x20));
            _mm256_storeu_ps(d + 4 * height, _mm256_permute2f128_ps(s0, s4, 0x31));
            _mm256_storeu_ps(d + 5 * height, _mm256_permute2f128_ps(s1, s5, 0x31));
            _mm256_storeu_ps(d + 6 * height, _mm256_permute2f128_ps(s2, s6, 0x31));
            _mm256_storeu_ps(d + 7 * height, _mm256_permute2f128_ps(s3, s7, 0x31));
        }
    }
    // The columns right of the blocks (every row), then the rows below them.
    for (ptrdiff_t x = wb; x < width; x++)
        for (ptrdiff_t y = 0; y < height; y++) dst[x * height + y] = src[y * width + x];
    for (ptrdiff_t x = 0; x < wb; x++)
        for (ptrdiff_t y = hb; y < height; y++) dst[x * height + y] = src[y * width + x];
}
#endif

/// dst (height columns × width rows) = src (width columns × height rows) transposed:
/// dst[x·height + y] = src[y·width + x]. `portable` non-zero takes the portable path (8 × 8
/// blocks a value at a time); otherwise the AVX2 blocks where the CPU has AVX2.
static inline void lk_transpose_plane(const float *src, float *dst, ptrdiff_t width, ptrdiff_t height, int portable) {
    if (width <= 0 || height <= 0) return;
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) { lk_transpose_plane_avx2(src, dst, width, height); return; }
#endif
    lk_transpose_plane_portable(src, dst, width, height);
}

#endif
