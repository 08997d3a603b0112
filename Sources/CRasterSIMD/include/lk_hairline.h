// Hairlines: a straight segment at most one device pixel wide with butt caps, drawn straight
// into the pixels without building an outline or a cell buffer (the idea of Skia's
// anti-aliased hairlines: step along the major axis, a few pixels per step).
//
// Rule: the stroke is the band of the given width around the segment, cut across the major
// axis (x when |dx| ≥ |dy|, else y) at the end points (the same area as the butt caps' square
// cut). In each pixel column i the band lies between two parallel lines, v(u) ± h with
// h = width·length/(2·|du|), over the part of the column the segment spans. The area of the band
// below a height t in that part is A(t) = ∫ clamp(t − v(u) + h, 0, 2h) du, and with v linear this
// integral is exact in closed form: ∫ max(0, e(u)) du over a linear e from e_a to e_b is
// fu·(R(e_b) − R(e_a))/(e_b − e_a), R(e) = max(0, e)²/2. Pixel j of the column is covered by
// A(j + 1) − A(j): the exact area, as the general rasterizer computes it, without an outline,
// a cell buffer or a sweep. (Columns where v changes by less than 10⁻⁶ use v's midpoint value,
// the limit of the same formula.)
//
// Work per column, the same arithmetic either way: A(j0) is zero without evaluating it unless
// the clip cut rows above the band (the first row drawn lies wholly below-or-at the band's lower
// edge, so every term vanishes); and `lk_hairline` evaluates A at two consecutive rows at once in
// SSE2 double lanes (subtraction, max against +0, products and the sum in the scalar code's
// order, so each lane rounds as the scalar expression does) and composites the two pixels in
// 16-bit lanes, where `lk_hairline_portable`
// evaluates one row at a time. Both write the same pixels, bit for bit (tested).
//
// Coverage is rounded to a byte ⌊c·255 + 0.5⌋ and composited source-over with Raster's exactly
// rounded arithmetic (lk_scale). Columns are clipped to the clip rectangle before the loop and
// rows before each column's pixels, so every write lies inside it.
#ifndef LK_HAIRLINE_H
#define LK_HAIRLINE_H

#include "lk_coverage_cells.h"
#include "lk_solid_spans.h"
#include <math.h>

/// One pixel of a hairline: coverage `c` (clamped to 0…1, NaN as 0) rounded to a byte, then
/// `color` composited source-over with Raster's rounding.
static inline void lk_hairline_pixel(uint32_t *p, double c, uint32_t color) {
    c = c > 0 ? (c < 1 ? c : 1) : 0;
    const uint32_t cov = (uint32_t)(int32_t)(c * 255 + 0.5);
    if (cov == 0) return;
    const uint32_t s = lk_scale(color, cov);
    *p = s + lk_scale(*p, 255 - (s >> 24));
}

#if defined(__SSE2__)
/// `lk_hairline_pixel` for two pixels at once (the rows j and j + 1 of a column): coverages
/// clamped and rounded in double lanes, then both source-overs in 16-bit lanes with lk_scale's
/// exact rounding, ⌊(t + ⌊t/256⌋)/256⌋ with t = c·k + 128 (every intermediate below 65536). A
/// pixel of zero coverage is written back unchanged (x·255/255 rounds to x).
static inline void lk_hairline_pixel_pair(uint32_t *p, uint32_t *q, __m128d c, uint32_t color) {
    c = _mm_min_pd(_mm_max_pd(c, _mm_setzero_pd()), _mm_set1_pd(1));
    const __m128i cov = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(c, _mm_set1_pd(255)), _mm_set1_pd(0.5)));
    const uint32_t k0 = (uint32_t)_mm_cvtsi128_si32(cov), k1 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(cov, 4));
    if ((k0 | k1) == 0) return;
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    // Source lanes [color, color], scaled by [k0 ×4, k1 ×4].
    const __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), zero);
    const __m128i ks = _mm_unpacklo_epi64(_mm_set1_epi16((short)k0), _mm_set1_epi16((short)k1));
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(src, ks), half);
    const __m128i s = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
    // Destination lanes [*p, *q], scaled by 255 − each source's alpha.
    const __m128i dst = _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)*p), _mm_cvtsi32_si128((int)*q)), zero);
    const __m128i alpha = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    t = _mm_add_epi16(_mm_mullo_epi16(dst, _mm_sub_epi16(_mm_set1_epi16(255), alpha)), half);
    const __m128i d = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
    const __m128i out = _mm_packus_epi16(_mm_add_epi16(s, d), zero);
    *p = (uint32_t)_mm_cvtsi128_si32(out);
    *q = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(out, 4));
}
#endif

/// The column loop of `lk_hairline` (vector ≠ 0: rows in pairs through SSE2 where available).
/// Draws the segment (x0, y0)–(x1, y1), device pixels, finite, `line_width` in 0…1, with
/// `color` (premultiplied ARGB) into `pixels` (rows of `width`), inside columns
/// clip_left..<clip_right and rows clip_top..<clip_bottom (0 ≤ left, top; right ≤ width; bottom ≤
/// the bitmap's height). A segment of zero length draws nothing (a butt-capped dot).
static inline void lk_hairline_columns(int vector, uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left, ptrdiff_t clip_top,
                               ptrdiff_t clip_right, ptrdiff_t clip_bottom, double x0, double y0, double x1,
                               double y1, double line_width, uint32_t color) {
    (void)vector;
    const double dx = x1 - x0, dy = y1 - y0;
    const double adx = fabs(dx), ady = fabs(dy);
    if (!(adx > 0 || ady > 0) || !(line_width > 0)) return;
    // Major axis u, minor axis v; a pixel (u, v) is at pixels + u·su + v·sv.
    double u0, v0, u1, v1;
    ptrdiff_t su, sv, uLo, uHi, vLo, vHi;
    if (adx >= ady) {
        u0 = x0; v0 = y0; u1 = x1; v1 = y1; su = 1; sv = width;
        uLo = clip_left; uHi = clip_right; vLo = clip_top; vHi = clip_bottom;
    } else {
        u0 = y0; v0 = x0; u1 = y1; v1 = x1; su = width; sv = 1;
        uLo = clip_top; uHi = clip_bottom; vLo = clip_left; vHi = clip_right;
    }
    if (u0 > u1) { double t = u0; u0 = u1; u1 = t; t = v0; v0 = v1; v1 = t; }
    const double du = u1 - u0;
    const double k = (v1 - v0) / du;
    const double h = 0.5 * line_width * sqrt(du * du + (v1 - v0) * (v1 - v0)) / du;
    const double fuLo = (double)uLo, fuHi = (double)uHi, fvLo = (double)vLo, fvHi = (double)vHi;
    const double ua = u0 > fuLo ? u0 : fuLo, ub = u1 < fuHi ? u1 : fuHi;
    if (!(ua < ub)) return;
    const ptrdiff_t i0 = lk_floor_nonnegative(ua), i1 = lk_ceil_nonnegative(ub);
    for (ptrdiff_t i = i0; i < i1; i++) {
        const double ci = (double)i;
        const double ca = u0 > ci ? u0 : ci, cb = u1 < ci + 1 ? u1 : ci + 1;
        const double fu = cb - ca;
        if (!(fu > 0)) continue;
        const double va = v0 + k * (ca - u0), vb = v0 + k * (cb - u0), dv = vb - va;
        const double vmin = va < vb ? va : vb, vmax = va < vb ? vb : va;
        double lo = vmin - h, hi = vmax + h;
        lo = lo > fvLo ? lo : fvLo;
        hi = hi < fvHi ? hi : fvHi;
        if (!(lo < hi)) continue;
        const ptrdiff_t j0 = lk_floor_nonnegative(lo), j1 = lk_ceil_nonnegative(hi);
        uint32_t *column = pixels + i * su;
        const int flat = !(fabs(dv) >= 1e-6);
        const double g = flat ? 0 : 0.5 * fu / dv;
        const double La = va - h, Lb = vb - h, Ua = va + h, Ub = vb + h;
        const double Lm = 0.5 * (va + vb) - h, width2 = 2 * h;
        double below = 0;                                 // A(j0): the band above the first row drawn
        if (lo > vmin - h) {                              // only when the clip cut rows above the band
            const double t = (double)j0;
            if (flat) {
                const double e = t - Lm;
                below = fu * (e > 0 ? (e < width2 ? e : width2) : 0);
            } else {
                const double e1 = t - La, e2 = t - Lb, e3 = t - Ua, e4 = t - Ub;
                below = g * ((e1 > 0 ? e1 * e1 : 0) - (e2 > 0 ? e2 * e2 : 0) - (e3 > 0 ? e3 * e3 : 0) + (e4 > 0 ? e4 * e4 : 0));
            }
        }
        ptrdiff_t j = j0;
#if defined(__SSE2__)
        if (vector && !flat) {
            const __m128d zero = _mm_setzero_pd(), vg = _mm_set1_pd(g);
            const __m128d vLa = _mm_set1_pd(La), vLb = _mm_set1_pd(Lb), vUa = _mm_set1_pd(Ua), vUb = _mm_set1_pd(Ub);
            for (; j + 2 <= j1; j += 2) {
                const __m128d t = _mm_setr_pd((double)(j + 1), (double)(j + 2));
                const __m128d r1 = _mm_max_pd(_mm_sub_pd(t, vLa), zero), r2 = _mm_max_pd(_mm_sub_pd(t, vLb), zero);
                const __m128d r3 = _mm_max_pd(_mm_sub_pd(t, vUa), zero), r4 = _mm_max_pd(_mm_sub_pd(t, vUb), zero);
                const __m128d sum = _mm_add_pd(_mm_sub_pd(_mm_sub_pd(_mm_mul_pd(r1, r1), _mm_mul_pd(r2, r2)),
                                                          _mm_mul_pd(r3, r3)), _mm_mul_pd(r4, r4));
                const __m128d a = _mm_mul_pd(vg, sum);      // [A(j + 1), A(j + 2)]
                const __m128d previous = _mm_unpacklo_pd(_mm_set_sd(below), a);   // [A(j), A(j + 1)]
                lk_hairline_pixel_pair(column + j * sv, column + (j + 1) * sv, _mm_sub_pd(a, previous), color);
                below = _mm_cvtsd_f64(_mm_unpackhi_pd(a, a));
            }
        }
#endif
        for (; j < j1; j++) {
            const double t = (double)(j + 1);
            double a;
            if (flat) {
                const double e = t - Lm;
                a = fu * (e > 0 ? (e < width2 ? e : width2) : 0);
            } else {
                const double e1 = t - La, e2 = t - Lb, e3 = t - Ua, e4 = t - Ub;
                a = g * ((e1 > 0 ? e1 * e1 : 0) - (e2 > 0 ? e2 * e2 : 0) - (e3 > 0 ? e3 * e3 : 0) + (e4 > 0 ? e4 * e4 : 0));
            }
            lk_hairline_pixel(column + j * sv, a - below, color);
            below = a;
        }
    }
}

/// Draws the segment (see `lk_hairline_columns`), rows in pairs through SSE2 where available.
static inline void lk_hairline(uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left, ptrdiff_t clip_top,
                               ptrdiff_t clip_right, ptrdiff_t clip_bottom, double x0, double y0, double x1,
                               double y1, double line_width, uint32_t color) {
    lk_hairline_columns(1, pixels, width, clip_left, clip_top, clip_right, clip_bottom, x0, y0, x1, y1, line_width, color);
}

/// `lk_hairline` one row at a time in scalar code: the reference the vector path is held to.
static inline void lk_hairline_portable(uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left, ptrdiff_t clip_top,
                                        ptrdiff_t clip_right, ptrdiff_t clip_bottom, double x0, double y0, double x1,
                                        double y1, double line_width, uint32_t color) {
    lk_hairline_columns(0, pixels, width, clip_left, clip_top, clip_right, clip_bottom, x0, y0, x1, y1, line_width, color);
}

#endif
