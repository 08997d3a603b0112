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
//
// `lk_upsample_composite`: the enlargement composited source-over onto a destination row by row
// (lk_composite_row.h), each row enlarged into a scratch row first: a group blurred at the
// reduced size (DisplayListRasterizer+ReducedBlur.swift) never has a bitmap of its full size.
#ifndef LK_BLUR_RESAMPLE_H
#define LK_BLUR_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "lk_composite_row.h"
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
static inline void lk_upsample_cells_##F(const uint16_t *L, ptrdiff_t i0, ptrdiff_t i1, uint32_t *d, int keep) { \
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
            /* With `keep`, stored only where it changes: a flat interior or empty surroundings */           \
            /* keep their cache lines clean (no write back of a 4K group's unchanged bytes). */               \
            const __m128i v = _mm_packus_epi16(r[k], r[k + 1]);                                              \
            if (!keep || _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_loadu_si128((const __m128i *)(o + 2 * k)))) != 0xFFFF) \
                _mm_storeu_si128((__m128i *)(o + 2 * k), v);                                                 \
        }                                                                                                    \
    }                                                                                                        \
}
LK_UPSAMPLE_CELLS(2)
LK_UPSAMPLE_CELLS(4)
LK_UPSAMPLE_CELLS(8)
#undef LK_UPSAMPLE_CELLS
#endif

/// The row of 16-bit sums between the two small rows output row y of an enlargement by f
/// lies between (`lk_upsample_lerp_rows`), at `line` + 4 and padded by the edge pixels on both
/// sides (`line` holds 4·(lw + 2) values); the two rows in `ra`, `rb`.
static inline const uint16_t *lk_upsample_line(const uint32_t *src, ptrdiff_t lw, ptrdiff_t lh, ptrdiff_t f, ptrdiff_t y,
                                               uint16_t *line, const uint32_t **ra, const uint32_t **rb) {
    const uint32_t unit = (uint32_t)(16 / f);       // 16 / f: 8, 4 or 2
    uint16_t *L = line + 4;                         // L[-1] … L[lw] (the edge pixels repeated)
    // v = (y + ½)/f − ½ = j + t/16: between small rows j and j + 1 (clamped to the edge rows).
    const ptrdiff_t m = 2 * y + 1 - f;              // 2f·v
    const ptrdiff_t j = m >= 0 ? m / (2 * f) : -1;
    const uint32_t t = m >= 0 ? (uint32_t)(m - j * 2 * f) * unit / 2 : 0;
    const ptrdiff_t ja = j < 0 ? 0 : (j >= lh ? lh - 1 : j), jb = j + 1 >= lh ? lh - 1 : (j < 0 ? 0 : j + 1);
    *ra = src + ja * lw;
    *rb = src + jb * lw;
    lk_upsample_lerp_rows(*ra, *rb, lw, t, L);
    memcpy(L - 4, L, 4 * sizeof(uint16_t));
    memcpy(L + 4 * lw, L + 4 * (lw - 1), 4 * sizeof(uint16_t));
    return L;
}

/// Output pixel x of the enlarged row whose sums are `L` (`lk_upsample_line`). Left of the
/// first centre, the edge pixel; cell c (between small pixels c and c + 1) holds the outputs
/// x = f·c + f/2 + k, k < f, at weight (2k + 1)/2f on pixel c + 1; right of the last centre,
/// the edge pixel.
static inline uint32_t lk_upsample_at(const uint16_t *L, ptrdiff_t lw, ptrdiff_t f, ptrdiff_t x) {
    const ptrdiff_t half = f / 2;
    if (x < half) return lk_upsample_pixel(L, L, 0);
    const ptrdiff_t c = (x - half) / f;
    if (c >= lw - 1) return lk_upsample_pixel(L + 4 * (lw - 1), L + 4 * (lw - 1), 0);
    const ptrdiff_t k = x - half - f * c;
    return lk_upsample_pixel(L + 4 * c, L + 4 * (c + 1), (uint32_t)(2 * k + 1) * (uint32_t)(16 / f) / 2);
}

/// Outputs xa ..< xb (within the enlarged row of w = f·lw or fewer pixels) of the row whose
/// sums are `L`, into d[xa ..< xb]: the whole cells between SSE2 (`lk_upsample_cells_F`), the
/// rest one at a time. With `keep` a pixel already holding its value is not stored again.
static inline void lk_upsample_span(const uint16_t *L, ptrdiff_t lw, ptrdiff_t f, ptrdiff_t xa, ptrdiff_t xb,
                                    uint32_t *d, int keep) {
    ptrdiff_t x = xa;
#if defined(__SSE2__)
    const ptrdiff_t half = f / 2;
    // The whole cells inside [xa, xb): c0 the first to start at or after xa, c1 past the last
    // to end by xb (and before the last small pixel's centre).
    const ptrdiff_t c0 = xa <= half ? 0 : (xa - half + f - 1) / f;
    ptrdiff_t c1 = xb < half + f ? 0 : (xb - half) / f;
    if (c1 > lw - 1) c1 = lw - 1;
    if (c0 < c1) {
        for (; x < f * c0 + half; x++) d[x] = lk_upsample_at(L, lw, f, x);
        if (f == 2) lk_upsample_cells_2(L, c0, c1, d, keep);
        else if (f == 4) lk_upsample_cells_4(L, c0, c1, d, keep);
        else lk_upsample_cells_8(L, c0, c1, d, keep);
        x = f * c1 + half;
    }
#else
    (void)keep;
#endif
    for (; x < xb; x++) d[x] = lk_upsample_at(L, lw, f, x);
}

/// Row y of `src` (lw × lh, lw = ⌈w/f⌉, lh = ⌈h/f⌉) enlarged by f (a power of two, 2…8) by
/// bilinear interpolation into `d` (w pixels); `line` holds 4·(lw + 2) 16-bit values. With
/// `keep` a pixel already holding its value is not stored again (d is the enlarged bitmap's
/// own row, not a scratch row).
static inline void lk_upsample_bilinear_row(const uint32_t *src, ptrdiff_t lw, ptrdiff_t lh, ptrdiff_t f, ptrdiff_t y,
                                            uint32_t *d, ptrdiff_t w, uint16_t *line, int keep) {
    const uint32_t *ra, *rb;
    const uint16_t *L = lk_upsample_line(src, lw, lh, f, y, line, &ra, &rb);
    lk_upsample_span(L, lw, f, 0, w, d, keep);
}

/// Enlarges `src` (lw × lh, lw = ⌈w/f⌉, lh = ⌈h/f⌉) by f (a power of two, 2…8) into `dst`
/// (w × h) by bilinear interpolation; `line` holds 4·(lw + 2) 16-bit values.
static inline void lk_upsample_bilinear(const uint32_t *src, ptrdiff_t lw, ptrdiff_t lh, ptrdiff_t f,
                                        uint32_t *dst, ptrdiff_t w, ptrdiff_t h, uint16_t *line) {
    for (ptrdiff_t y = 0; y < h; y++) lk_upsample_bilinear_row(src, lw, lh, f, y, dst + y * w, w, line, 1);
}

/// The first k ≥ i (k ≤ n) with a[k] ≠ p or b[k] ≠ p: four pixels of both rows a step.
static inline ptrdiff_t lk_upsample_run(const uint32_t *a, const uint32_t *b, ptrdiff_t i, ptrdiff_t n, uint32_t p) {
#if defined(__SSE2__)
    const __m128i vp = _mm_set1_epi32((int)p);
    for (; i + 4 <= n; i += 4) {
        const __m128i e = _mm_and_si128(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(a + i)), vp),
                                        _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(b + i)), vp));
        if (_mm_movemask_epi8(e) != 0xFFFF) break;
    }
#endif
    while (i < n && a[i] == p && b[i] == p) i++;
    return i;
}

/// The enlargement of `src` (as `lk_upsample_bilinear`, w × h) composited source-over at
/// `alpha` (lk_composite_row) onto `dst` over rows y0 ..< y1 and columns x0 ..< x1 of the
/// enlarged bitmap, without the enlarged bitmap. Each row goes by runs of cells (a cell: the
/// outputs between two small pixels' centres): a cell whose four small pixels are one pixel p is p
/// exactly (the weights sum to 256/256), so where p is transparent the destination is left
/// as it is and where p is opaque at full opacity it is p (lk_composite_row's own results,
/// without the arithmetic); the other cells are enlarged into `row` (w pixels) and
/// composited from there in runs. `dst` points at the destination pixel under the enlarged
/// bitmap's (x0, y0); its rows are `stride` pixels apart.
static inline void lk_upsample_composite(const uint32_t *src, ptrdiff_t lw, ptrdiff_t lh, ptrdiff_t f, ptrdiff_t w,
                                         ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                                         uint32_t *dst, ptrdiff_t stride, uint32_t alpha, uint32_t *row,
                                         uint16_t *line) {
    if (x0 >= x1) return;
    const ptrdiff_t half = f / 2;
    // Cell c's first output (c = −1: the outputs left of the first centre; c = lw − 1: those
    // right of the last, to the row's end).
    #define LK_CELL_START(c) ((c) < 0 ? 0 : f * (c) + half)
    for (ptrdiff_t y = y0; y < y1; y++) {
        const uint32_t *ra, *rb;
        const uint16_t *L = lk_upsample_line(src, lw, lh, f, y, line, &ra, &rb);
        uint32_t *d = dst + (y - y0) * stride;          // d[x − x0]: under the enlarged pixel x
        ptrdiff_t pending = -1;                         // the start of the run to composite
        ptrdiff_t c = x0 < half ? -1 : ((x0 - half) / f < lw - 1 ? (x0 - half) / f : lw - 1);
        ptrdiff_t x = x0;
        while (x < x1) {
            // Cell c reads small pixels il and il + 1 (the edge cells one pixel twice). When
            // they are one transparent pixel, or one opaque pixel at full opacity, in both
            // rows, so are the cells after it up to c2 (kind 1 or 2); else c is mixed (0).
            const ptrdiff_t il = c < 0 ? 0 : c;
            const uint32_t p = ra[il];
            ptrdiff_t c2 = c + 1;
            int kind = 0;
            if (rb[il] == p && (p == 0 || (alpha == 255 && p >> 24 == 255))) {
                const ptrdiff_t k = lk_upsample_run(ra, rb, il + 1, lw, p);
                const ptrdiff_t u = k == lw ? lw : k - 1;   // the first cell not wholly p
                if (u > c) { kind = p == 0 ? 1 : 2; c2 = u; }
            }
            const ptrdiff_t xe = c2 < lw && LK_CELL_START(c2) < x1 ? LK_CELL_START(c2) : x1;
            if (kind == 0) {
                if (pending < 0) pending = x;
            } else {
                if (pending >= 0) {
                    lk_upsample_span(L, lw, f, pending, x, row, 0);
                    lk_composite_row(d + (pending - x0), row + pending, NULL, x - pending, alpha);
                    pending = -1;
                }
                if (kind == 2) {
                    // The compiler keeps this store loop scalar (one pixel a store): four at a time.
                    uint32_t *o = d + (x - x0);
                    const ptrdiff_t m = xe - x;
                    ptrdiff_t k = 0;
#if defined(__SSE2__)
                    const __m128i v = _mm_set1_epi32((int)p);
                    for (; k + 4 <= m; k += 4) _mm_storeu_si128((__m128i *)(o + k), v);
#endif
                    for (; k < m; k++) o[k] = p;
                }
            }
            x = xe;
            c = c2;
        }
        if (pending >= 0) {
            lk_upsample_span(L, lw, f, pending, x1, row, 0);
            lk_composite_row(d + (pending - x0), row + pending, NULL, x1 - pending, alpha);
        }
    }
    #undef LK_CELL_START
}

#endif
