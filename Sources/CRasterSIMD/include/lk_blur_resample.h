// The resampling around a large blur (Raster/Filters/FilterDownsampledBlur.swift): a bitmap of
// premultiplied sRGB bytes shrunk by a box of f × f pixels, and a shrunk bitmap enlarged back
// by bilinear interpolation — what browsers' compositors and Skia do around a blur of a large
// σ (blur the plane at 1/f of the size, σ/f, then scale it up), since a blurred image has no
// detail a coarser grid loses. Both work on the bitmap's own bytes (premultiplied sRGB): for
// one colour over transparency the premultiplied bytes are the colour times alpha, linear in
// alpha, so averaging or interpolating them is exact up to rounding; only where colours meet
// does the byte average differ from the linear-light one, by less than the blur then spreads.
//
// `lk_downsample_box`: dst pixel (i, j) = the rounded mean of the source pixels in the block
// [f·i, f·i + f) × [f·j, f·j + f) that lie inside the source (a block cut by the right or bottom
// edge averages the pixels it has). Each source row is added as bytes into a row of 16-bit
// sums (f ≤ 8: at most 64 · 255), a loop the compiler vectorises; then each block's f sums.
//
// `lk_upsample_bilinear`: output pixel (x, y) samples the small bitmap at u = (x + ½)/f − ½,
// v = (y + ½)/f − ½ (pixel centres onto pixel centres), clamped to its edge pixels. With f a
// power of two ≤ 8 every weight is a multiple of 1/16: a row is first interpolated between two
// small rows (bytes × 16ths: at most 4080, 16 bits), then along it (× 16ths again: at most
// 65,280), rounded by (s + 128) >> 8 — the same weights on every channel, so alpha stays ≥
// colour. The row pass runs two output pixels per SSE2 step (a pixel and its right neighbour
// are one 128-bit load of sums; multiplied by the two weights, their halves added).
#ifndef LK_BLUR_RESAMPLE_H
#define LK_BLUR_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The block means of one row of sums: `n` the pixels a block has (rows · cols).
static inline uint32_t lk_downsample_mean(const uint16_t *p, ptrdiff_t cols, uint32_t n) {
    uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    for (ptrdiff_t k = 0; k < cols; k++) { c0 += p[4 * k]; c1 += p[4 * k + 1]; c2 += p[4 * k + 2]; c3 += p[4 * k + 3]; }
    // n ≤ 64: the rounded quotient by a reciprocal (exact when n is a power of two, as in
    // every whole block; a block cut by the edge may round one step up).
    const uint32_t half = n >> 1, rcp = (65536u + n - 1) / n;
    #define LK_DIV(c) ((((c) + half) * rcp) >> 16)
    return LK_DIV(c0) | LK_DIV(c1) << 8 | LK_DIV(c2) << 16 | LK_DIV(c3) << 24;
    #undef LK_DIV
}

/// Shrinks `src` (w × h) by f (a power of two, 2…8) into `dst` (⌈w/f⌉ × ⌈h/f⌉); `sums`
/// holds 4·w 16-bit values.
static inline void lk_downsample_box(const uint32_t *src, ptrdiff_t w, ptrdiff_t h, ptrdiff_t f,
                                     uint32_t *dst, uint16_t *sums) {
    const ptrdiff_t lw = (w + f - 1) / f, lh = (h + f - 1) / f;
    int shift = 0;
    while (((ptrdiff_t)1 << shift) < f * f) shift++;
    for (ptrdiff_t j = 0; j < lh; j++) {
        const ptrdiff_t y0 = j * f, rows = (y0 + f <= h) ? f : h - y0;
        memset(sums, 0, (size_t)(4 * w) * sizeof(uint16_t));
        for (ptrdiff_t y = y0; y < y0 + rows; y++) {
            const uint8_t *s = (const uint8_t *)(src + y * w);
            for (ptrdiff_t k = 0; k < 4 * w; k++) sums[k] = (uint16_t)(sums[k] + s[k]);
        }
        uint32_t *d = dst + j * lw;
        ptrdiff_t i = 0;
#if defined(__SSE2__)
        if (rows == f) {
            // Whole blocks: f/2 loads of two pixels' sums, the halves added, (s + n/2) >> log2 n.
            const __m128i half = _mm_set1_epi16((int16_t)(1 << (shift - 1)));
            const __m128i sh = _mm_cvtsi32_si128(shift);
            for (; (i + 1) * f <= w; i++) {
                const uint16_t *p = sums + 4 * f * i;
                __m128i acc = _mm_loadu_si128((const __m128i *)p);
                for (ptrdiff_t k = 8; k < 4 * f; k += 8) acc = _mm_add_epi16(acc, _mm_loadu_si128((const __m128i *)(p + k)));
                acc = _mm_add_epi16(acc, _mm_srli_si128(acc, 8));
                acc = _mm_srl_epi16(_mm_add_epi16(acc, half), sh);
                d[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(acc, acc));
            }
        }
#endif
        for (; i < lw; i++) {
            const ptrdiff_t x0 = i * f, cols = (x0 + f <= w) ? f : w - x0;
            d[i] = lk_downsample_mean(sums + 4 * x0, cols, (uint32_t)(rows * cols));
        }
    }
}

/// The row of 16-bit sums (4 per pixel) between small rows `a` and `b` with weight t/16 on b.
static inline void lk_upsample_lerp_rows(const uint32_t *a, const uint32_t *b, ptrdiff_t lw, uint32_t t,
                                         uint16_t *line) {
    const uint8_t *pa = (const uint8_t *)a, *pb = (const uint8_t *)b;
    const uint16_t ta = (uint16_t)(16 - t), tb = (uint16_t)t;
    ptrdiff_t k = 0;
#if defined(__SSE2__)
    // Sixteen bytes of each row widened to 16 bits (the compiler's own loop widens to 32).
    const __m128i zero = _mm_setzero_si128(), wa = _mm_set1_epi16((int16_t)ta), wb = _mm_set1_epi16((int16_t)tb);
    for (; k + 16 <= 4 * lw; k += 16) {
        const __m128i va = _mm_loadu_si128((const __m128i *)(pa + k)), vb = _mm_loadu_si128((const __m128i *)(pb + k));
        const __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(va, zero), wa), _mm_mullo_epi16(_mm_unpacklo_epi8(vb, zero), wb));
        const __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(va, zero), wa), _mm_mullo_epi16(_mm_unpackhi_epi8(vb, zero), wb));
        _mm_storeu_si128((__m128i *)(line + k), lo);
        _mm_storeu_si128((__m128i *)(line + k + 8), hi);
    }
#endif
    for (; k < 4 * lw; k++) line[k] = (uint16_t)(pa[k] * ta + pb[k] * tb);
}

/// One output pixel from sums p (left) and q (right) with weight t/16 on q.
static inline uint32_t lk_upsample_pixel(const uint16_t *p, const uint16_t *q, uint32_t t) {
    uint32_t out = 0;
    for (int c = 0; c < 4; c++) out |= (((uint32_t)p[c] * (16 - t) + (uint32_t)q[c] * t + 128) >> 8) << (8 * c);
    return out;
}

#if defined(__SSE2__)
/// The cells i0 ..< i1 of one enlarged row for a constant F: per cell the left and right sums
/// each broadcast to both halves of a register, two output pixels per multiply pair.
#define LK_UPSAMPLE_CELLS(F)                                                                                  \
static inline void lk_upsample_cells_##F(const uint16_t *L, ptrdiff_t i0, ptrdiff_t i1, uint32_t *d) {       \
    __m128i wa[F / 2], wb[F / 2];                                                                            \
    for (int k = 0; k < F; k += 2) {                                                                         \
        const int16_t t0 = (int16_t)((2 * k + 1) * 8 / F), t1 = (int16_t)((2 * k + 3) * 8 / F);              \
        wa[k / 2] = _mm_set_epi16(16 - t1, 16 - t1, 16 - t1, 16 - t1, 16 - t0, 16 - t0, 16 - t0, 16 - t0);    \
        wb[k / 2] = _mm_set_epi16(t1, t1, t1, t1, t0, t0, t0, t0);                                             \
    }                                                                                                        \
    const __m128i round = _mm_set1_epi16(128);                                                               \
    for (ptrdiff_t i = i0; i < i1; i++) {                                                                    \
        const __m128i pq = _mm_loadu_si128((const __m128i *)(L + 4 * i));                                   \
        const __m128i a = _mm_unpacklo_epi64(pq, pq), b = _mm_unpackhi_epi64(pq, pq);                       \
        uint32_t *o = d + F * i + F / 2;                                                                     \
        __m128i r[F / 2];                                                                                    \
        for (int k = 0; k < F / 2; k++) {                                                                    \
            const __m128i s = _mm_add_epi16(_mm_mullo_epi16(a, wa[k]), _mm_mullo_epi16(b, wb[k]));          \
            r[k] = _mm_srli_epi16(_mm_add_epi16(s, round), 8);                                               \
        }                                                                                                    \
        if (F == 2) { _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(r[0], r[0])); continue; }               \
        for (int k = 0; k + 1 < F / 2; k += 2) {                                                             \
            /* Stored only where it changes: a flat interior or empty surroundings keep their */             \
            /* cache lines clean (no write back of a 4K group's unchanged bytes). */                          \
            const __m128i v = _mm_packus_epi16(r[k], r[k + 1]), old = _mm_loadu_si128((const __m128i *)(o + 2 * k)); \
            if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, old)) != 0xFFFF) _mm_storeu_si128((__m128i *)(o + 2 * k), v); \
        }                                                                                                    \
    }                                                                                                        \
}
LK_UPSAMPLE_CELLS(2)
LK_UPSAMPLE_CELLS(4)
LK_UPSAMPLE_CELLS(8)
#undef LK_UPSAMPLE_CELLS
#endif

/// Enlarges `src` (lw × lh, lw = ⌈w/f⌉, lh = ⌈h/f⌉) by f (a power of two, 2…8) into `dst`
/// (w × h) by bilinear interpolation; `line` holds 4·(lw + 2) 16-bit values.
static inline void lk_upsample_bilinear(const uint32_t *src, ptrdiff_t lw, ptrdiff_t lh, ptrdiff_t f,
                                        uint32_t *dst, ptrdiff_t w, ptrdiff_t h, uint16_t *line) {
    // Weights in 16ths: output k of a cell (k = 0 … f−1) sits at (k + ½)/f of it, 16·(2k + 1)/(2f).
    const uint32_t unit = (uint32_t)(16 / f);       // 16 / f: 8, 4 or 2
    const ptrdiff_t half = f / 2;
    uint16_t *L = line + 4;                         // L[-1] … L[lw] (the edge pixels repeated)
    for (ptrdiff_t y = 0; y < h; y++) {
        // v = (y + ½)/f − ½ = j + t/16: between small rows j and j + 1 (clamped to the edge rows).
        const ptrdiff_t m = 2 * y + 1 - f;          // 2f·v
        const ptrdiff_t j = m >= 0 ? m / (2 * f) : -1;
        const uint32_t t = m >= 0 ? (uint32_t)(m - j * 2 * f) * unit / 2 : 0;
        const ptrdiff_t ja = j < 0 ? 0 : (j >= lh ? lh - 1 : j), jb = j + 1 >= lh ? lh - 1 : (j < 0 ? 0 : j + 1);
        lk_upsample_lerp_rows(src + ja * lw, src + jb * lw, lw, t, L);
        memcpy(L - 4, L, 4 * sizeof(uint16_t));
        memcpy(L + 4 * lw, L + 4 * (lw - 1), 4 * sizeof(uint16_t));
        uint32_t *d = dst + y * w;
        // Left of the first centre, the edge pixel; cell i (between small pixels i and i + 1)
        // holds the outputs x = f·i + f/2 + k, k < f; right of the last centre, the edge pixel.
        ptrdiff_t x = 0;
        for (; x < half && x < w; x++) d[x] = lk_upsample_pixel(L, L, 0);
        ptrdiff_t i = 0;
#if defined(__SSE2__)
        ptrdiff_t cells = lw - 1;                   // whole cells inside the row
        if (cells > 0 && f * (cells - 1) + half + f > w) cells = (w - half) / f;
        if (cells > 0) {
            if (f == 2) lk_upsample_cells_2(L, 0, cells, d);
            else if (f == 4) lk_upsample_cells_4(L, 0, cells, d);
            else lk_upsample_cells_8(L, 0, cells, d);
            i = cells;
        }
#endif
        for (; i + 1 < lw; i++) {
            for (ptrdiff_t k = 0; k < f; k++) {
                const ptrdiff_t xo = f * i + half + k;
                if (xo >= w) break;
                d[xo] = lk_upsample_pixel(L + 4 * i, L + 4 * (i + 1), (uint32_t)(2 * k + 1) * unit / 2);
            }
        }
        for (x = f * (lw - 1) + half; x < w; x++) d[x] = lk_upsample_pixel(L + 4 * (lw - 1), L + 4 * (lw - 1), 0);
    }
}

#endif
