// Hairlines: a straight segment at most one device pixel wide with butt caps, drawn straight
// into the pixels without building an outline or a cell buffer (the idea of Skia's
// anti-aliased hairlines: one step per pixel along the major axis, the few pixels of the minor
// axis it covers composited at that step).
//
// Rule: the stroke is the band of the given width around the segment, cut across the major
// axis (x when |dx| ≥ |dy|, else y) at the end points (the same area as the butt caps' square
// cut). In each pixel column the segment spans from u = ca to cb (fu = cb − ca), the band lies
// between two parallel lines v(u) − h and v(u) + h, h = width·length/(2·|du|), v linear from va
// to vb. The area of the band below a height t in that column is
//     A(t) = fu·(T(t − L) − T(t − U)) / 2,   L = min(va, vb) − h,  U = L + 2h,  d = |vb − va|,
//     T(e) = (max(e, 0) + max(e − d, 0)) · clamp(e / d, 0, 1),
// the exact integral ∫ clamp(t − v(u) + h, 0, 2h) du over the column: ∫ max(0, e(u)) du of a
// linear e from e − d to e is fu·(max(e, 0)² − max(e − d, 0)²)/(2d), and the difference of
// squares factored as (x + y)(x − y), with (x − y)/d = clamp(e/d, 0, 1), has no cancellation
// however small d is (d → 0 gives T(e) = 2·max(e, 0): the flat band). Pixel row j of the
// column is covered by A(j + 1) − A(j): the exact area, as the general rasterizer computes it.
//
// Work per column, four rows at once: with b = ⌊L⌋ the band lies within rows b…b+3 (its height
// over a column, d + 2h, is below 1 + √2, since the slope is at most 1 and the width at most
// 1), so A(b) = 0 and the four rows' coverages are the differences of A at b+1…b+4. These are
// evaluated in single precision relative to b (every term below 8, so the error is near 10⁻⁶:
// a coverage byte differs from the one of the double-precision area only where c·255 + 0.5
// falls within about 10⁻³ of an integer, and then by one). The columns the segment crosses whole
// share d, 1/d and fu = 1, and their L is an affine function of the column index; where all
// four rows of such columns lie inside the clip, `lk_hairline` takes them four at a time, one
// column per SSE lane: L and b in double lanes, the sixteen coverages in float lanes, then each
// column's four pixels source-over in 16-bit lanes. The other columns go in batches of up to 64,
// first every column's four coverage bytes, then the pixels (two loops of independent steps,
// which the processor overlaps; one loop doing both waits on the chain from position to stored
// pixel at every column). `lk_hairline_portable` takes every column through the batches, one
// row at a time in scalar code, with the same single-precision operations in the same order (max
// and min as SSE's: the second operand unless the first is strictly greater, or less), and
// composites with lk_scale. Where the CPU has AVX2, `lk_hairline` takes all those whole columns
// eight at a time instead, the last one to seven one at a time (lk_hairline_avx2.h, lane for
// lane the same operations, with the work of rows a short band cannot cover left out), and
// `lk_hairline_sse2` is the kernel without it. All three write the same pixels, bit for bit
// (tested).
//
// Coverage is rounded to a byte ⌊c·255 + 0.5⌋ and composited source-over with Raster's exactly
// rounded arithmetic (lk_scale); a pixel of zero coverage keeps its value (x·255/255 rounds to
// x). Columns are clipped to the clip rectangle before the loop; rows of a column's four that
// fall outside the clip are neither read nor written.
#ifndef LK_HAIRLINE_H
#define LK_HAIRLINE_H

#include "lk_coverage_cells.h"
#include "lk_hairline_avx2.h"
#include "lk_solid_spans.h"
#include <math.h>

#pragma STDC FP_CONTRACT OFF

/// SSE's maxps/minps on one lane: the first operand only when strictly greater (less).
static inline float lk_hairline_max(float a, float b) { return a > b ? a : b; }
static inline float lk_hairline_min(float a, float b) { return a < b ? a : b; }

/// The column geometry of one step: L relative to the first row b, the band's height 2h, the
/// rise d over the column, 1/d (large and finite for d = 0) and fu/2.
typedef struct { float l, w2, d, invd, half_fu; } lk_hairline_column;

/// A(t) of the rule at the relative height t, as the SSE lanes compute it.
static inline float lk_hairline_area(lk_hairline_column c, float t) {
    const float e = t - c.l, f = e - c.w2;
    const float te = (lk_hairline_max(e, 0) + lk_hairline_max(e - c.d, 0)) * lk_hairline_min(lk_hairline_max(e * c.invd, 0), 1);
    const float tf = (lk_hairline_max(f, 0) + lk_hairline_max(f - c.d, 0)) * lk_hairline_min(lk_hairline_max(f * c.invd, 0), 1);
    return (te - tf) * c.half_fu;
}

/// A coverage in 0…1 (clamped, NaN as 0) rounded to a byte as the SSE lanes round it.
static inline uint32_t lk_hairline_byte(float c) {
    c = lk_hairline_min(lk_hairline_max(c, 0), 1);
    return (uint32_t)(int32_t)(c * 255.0f + 0.5f);
}

/// One pixel: `color` at coverage `k` (0…255) source-over with Raster's rounding.
static inline void lk_hairline_pixel(uint32_t *p, uint32_t k, uint32_t color) {
    if (k == 0) return;
    const uint32_t s = lk_scale(color, k);
    *p = s + lk_scale(*p, 255 - (s >> 24));
}

#if defined(__SSE2__)
/// The four rows' coverage bytes of a column, packed k0 | k1 << 8 | k2 << 16 | k3 << 24.
static inline uint32_t lk_hairline_bytes4(lk_hairline_column c) {
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1);
    const __m128 t = _mm_setr_ps(1, 2, 3, 4);
    const __m128 vl = _mm_set1_ps(c.l), vw2 = _mm_set1_ps(c.w2), vd = _mm_set1_ps(c.d), vinvd = _mm_set1_ps(c.invd);
    const __m128 e = _mm_sub_ps(t, vl), f = _mm_sub_ps(e, vw2);
    const __m128 te = _mm_mul_ps(_mm_add_ps(_mm_max_ps(e, zero), _mm_max_ps(_mm_sub_ps(e, vd), zero)),
                                 _mm_min_ps(_mm_max_ps(_mm_mul_ps(e, vinvd), zero), one));
    const __m128 tf = _mm_mul_ps(_mm_add_ps(_mm_max_ps(f, zero), _mm_max_ps(_mm_sub_ps(f, vd), zero)),
                                 _mm_min_ps(_mm_max_ps(_mm_mul_ps(f, vinvd), zero), one));
    const __m128 a = _mm_mul_ps(_mm_sub_ps(te, tf), _mm_set1_ps(c.half_fu));          // A(b+1…b+4)
    const __m128 previous = _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(a), 4)); // A(b…b+3)
    __m128 cov = _mm_sub_ps(a, previous);
    cov = _mm_min_ps(_mm_max_ps(cov, zero), one);
    const __m128i k = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(cov, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
    const __m128i k16 = _mm_packs_epi32(k, k);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(k16, k16));
}

/// x·k/255 exactly rounded in each 16-bit lane, lk_scale's rule ⌊(t + ⌊t/256⌋)/256⌋ with
/// t = x·k + 128, as ⌊t·257/65536⌋ (one high multiply: the two agree for every t below 65536).
static inline __m128i lk_hairline_div255(__m128i x, __m128i k) {
    return _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(x, k), _mm_set1_epi16(128)), _mm_set1_epi16(257));
}

/// Four pixels (the 32-bit lanes of `d`) with the source lanes `src` ([color, color] in 16-bit
/// lanes, its alpha in every lane of `alpha`) at the coverage bytes `k` (packed as
/// lk_hairline_bytes4's), source-over with lk_scale's rounding: s = src·k/255 and the inverse
/// alpha 255 − alpha·k/255 (the alpha of s, computed beside it rather than after it; `opaque`:
/// alpha is 255).
static inline __m128i lk_hairline_over4(__m128i d, uint32_t k, __m128i src, __m128i alpha, int opaque) {
    const __m128i zero = _mm_setzero_si128(), ff = _mm_set1_epi16(255);
    const __m128i k8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)k), zero);               // k0 k1 k2 k3 (16-bit)
    const __m128i k16 = _mm_unpacklo_epi16(k8, k8);                                      // k0 k0 k1 k1 …
    const __m128i klo = _mm_unpacklo_epi32(k16, k16), khi = _mm_unpackhi_epi32(k16, k16); // k0×4 k1×4 | k2×4 k3×4
    const __m128i slo = lk_hairline_div255(src, klo), shi = lk_hairline_div255(src, khi);
    // An opaque colour's alpha·k/255 is k itself.
    const __m128i ialo = _mm_sub_epi16(ff, opaque ? klo : lk_hairline_div255(alpha, klo));
    const __m128i iahi = _mm_sub_epi16(ff, opaque ? khi : lk_hairline_div255(alpha, khi));
    const __m128i dlo = lk_hairline_div255(_mm_unpacklo_epi8(d, zero), ialo);
    const __m128i dhi = lk_hairline_div255(_mm_unpackhi_epi8(d, zero), iahi);
    return _mm_packus_epi16(_mm_add_epi16(slo, dlo), _mm_add_epi16(shi, dhi));
}

/// T(e) − T(f) of the rule for four lanes (f = e − 2h), d and 1/d shared.
static inline __m128 lk_hairline_band4(__m128 e, __m128 w2, __m128 d, __m128 invd) {
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1);
    const __m128 f = _mm_sub_ps(e, w2);
    const __m128 te = _mm_mul_ps(_mm_add_ps(_mm_max_ps(e, zero), _mm_max_ps(_mm_sub_ps(e, d), zero)),
                                 _mm_min_ps(_mm_max_ps(_mm_mul_ps(e, invd), zero), one));
    const __m128 tf = _mm_mul_ps(_mm_add_ps(_mm_max_ps(f, zero), _mm_max_ps(_mm_sub_ps(f, d), zero)),
                                 _mm_min_ps(_mm_max_ps(_mm_mul_ps(f, invd), zero), one));
    return _mm_sub_ps(te, tf);
}

/// A coverage lane's byte as lk_hairline_byte rounds it (int32 lanes).
static inline __m128i lk_hairline_bytes_of(__m128 cov) {
    cov = _mm_min_ps(_mm_max_ps(cov, _mm_setzero_ps()), _mm_set1_ps(1));
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(cov, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
}

/// Four whole columns at once, one per lane: their L − b in `vl`, the shared 2h, d and 1/d;
/// their four coverage bytes each, packed as lk_hairline_bytes4's. Lane for lane the same
/// operations as lk_hairline_bytes4 (with fu/2 = 0.5), so the same bytes.
static inline __m128i lk_hairline_whole_columns4(__m128 vl, __m128 vw2, __m128 vd, __m128 vinvd) {
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128 a1 = _mm_mul_ps(lk_hairline_band4(_mm_sub_ps(_mm_set1_ps(1), vl), vw2, vd, vinvd), half);
    const __m128 a2 = _mm_mul_ps(lk_hairline_band4(_mm_sub_ps(_mm_set1_ps(2), vl), vw2, vd, vinvd), half);
    const __m128 a3 = _mm_mul_ps(lk_hairline_band4(_mm_sub_ps(_mm_set1_ps(3), vl), vw2, vd, vinvd), half);
    const __m128 a4 = _mm_mul_ps(lk_hairline_band4(_mm_sub_ps(_mm_set1_ps(4), vl), vw2, vd, vinvd), half);
    const __m128i k1 = lk_hairline_bytes_of(_mm_sub_ps(a1, _mm_setzero_ps())), k2 = lk_hairline_bytes_of(_mm_sub_ps(a2, a1));
    const __m128i k3 = lk_hairline_bytes_of(_mm_sub_ps(a3, a2)), k4 = lk_hairline_bytes_of(_mm_sub_ps(a4, a3));
    // Rows by lanes to lanes by rows: bytes r1 (0–3), r3 (4–7), r2 (8–11), r4 (12–15), then
    // interleaved twice into [r1 r2 r3 r4] per column.
    const __m128i x = _mm_packus_epi16(_mm_packs_epi32(k1, k3), _mm_packs_epi32(k2, k4));
    const __m128i y = _mm_unpacklo_epi8(x, _mm_srli_si128(x, 8));
    return _mm_unpacklo_epi16(y, _mm_srli_si128(y, 8));
}

/// Four rows of a column from `p` (rows `sv` pixels apart; sv = 1: four neighbours in a row)
/// at the coverage bytes `k`, composited by lk_hairline_over4.
static inline void lk_hairline_column4(uint32_t *p, ptrdiff_t sv, uint32_t k, __m128i src, __m128i alpha, int opaque) {
    if (sv == 1) {
        _mm_storeu_si128((__m128i *)p, lk_hairline_over4(_mm_loadu_si128((const __m128i *)p), k, src, alpha, opaque));
        return;
    }
    uint32_t *p1 = p + sv, *p2 = p1 + sv, *p3 = p2 + sv;
    const __m128i lo = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)*p), _mm_cvtsi32_si128((int)*p1));
    const __m128i hi = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)*p2), _mm_cvtsi32_si128((int)*p3));
    const __m128i out = lk_hairline_over4(_mm_unpacklo_epi64(lo, hi), k, src, alpha, opaque);
    *p = (uint32_t)_mm_cvtsi128_si32(out);
    *p1 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(out, 4));
    *p2 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(out, 8));
    *p3 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(out, 12));
}
#endif

/// The four rows' coverage bytes of a column one row at a time (lk_hairline_bytes4's packing).
static inline uint32_t lk_hairline_bytes4_portable(lk_hairline_column c) {
    uint32_t packed = 0;
    float below = 0;
    for (int r = 0; r < 4; r++) {
        const float a = lk_hairline_area(c, (float)(r + 1));
        packed |= lk_hairline_byte(a - below) << (8 * r);
        below = a;
    }
    return packed;
}

/// The column loop of `lk_hairline` (vector: 0 portable, 1 SSE where available, 2 also AVX2
/// where the CPU has it for the whole columns inside the clip). Draws the segment
/// (x0, y0)–(x1, y1), device pixels, finite, `line_width` in 0…1, with `color` (premultiplied
/// ARGB) into `pixels` (rows of `width`), inside columns clip_left..<clip_right and rows
/// clip_top..<clip_bottom (0 ≤ left, top; right ≤ width; bottom ≤ the bitmap's height). A
/// segment of zero length draws nothing (a butt-capped dot).
///
/// The columns the segment crosses whole (fu = 1) share d, 1/d and fu/2, and their L is
/// v0 − k·u0 + min(k, 0) − h + k·i: per column one product and sum, a floor and the four rows.
/// The first and last columns, which the segment may cross in part, are computed in full.
/// Columns go in batches of up to 64: first every column's four coverage bytes and first row
/// (independent steps, which the processor overlaps), then the pixels; one loop doing both for
/// a column at a time waits on the long chain from position to stored pixel at every step.
__attribute__((always_inline))
static inline void lk_hairline_columns(int vector, uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left,
                                       ptrdiff_t clip_top, ptrdiff_t clip_right, ptrdiff_t clip_bottom, double x0,
                                       double y0, double x1, double y1, double line_width, uint32_t color) {
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
    const double k = (v1 - v0) / du, ak = fabs(k);
    const double h = 0.5 * line_width * sqrt(du * du + (v1 - v0) * (v1 - v0)) / du;
    const double fuLo = (double)uLo, fuHi = (double)uHi, fvLo = (double)vLo, fvHi = (double)vHi;
    const double ua = u0 > fuLo ? u0 : fuLo, ub = u1 < fuHi ? u1 : fuHi;
    if (!(ua < ub)) return;
    const ptrdiff_t i0 = lk_floor_nonnegative(ua), i1 = lk_ceil_nonnegative(ub);
    // Whole columns: u0 ≤ i and i + 1 ≤ u1.
    const ptrdiff_t w0 = lk_ceil_nonnegative(ua), w1 = lk_floor_nonnegative(ub);
    const float w2 = (float)(2 * h), fd = (float)ak, finvd = (float)(ak > 1e-20 ? 1 / ak : 1e20);
    const double base = v0 - k * u0 + (k < 0 ? k : 0) - h;
#if defined(__SSE2__)
    const __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), _mm_setzero_si128());
    const __m128i alpha = _mm_set1_epi16((short)(color >> 24));
    const int opaque = color >> 24 == 255;
#endif
    enum { batch = 64 };
    uint32_t coverage[batch + 3];
    ptrdiff_t first[batch];          // each column's row b, or PTRDIFF_MIN where the band misses the clip
    float relative[batch + 3];       // a whole column's L − b
    // Columns f0..<f1 (vector only): whole, and every one's four rows inside the clip, so that
    // they take one path with no test: the AVX2 kernel's where it runs (all of them, eight at a
    // time, then the last few one at a time), else four at a time (a multiple of four).
    ptrdiff_t f0 = i1, f1 = i1;
#if LK_HAVE_AVX2_KERNELS
    const int avx2 = vector == 2 && lk_cpu_has_avx2();
#else
    const int avx2 = 0;
#endif
#if defined(__SSE2__)
    const __m128 vw2 = _mm_set1_ps(w2), vd = _mm_set1_ps(fd), vinvd = _mm_set1_ps(finvd);
    if (vector && w0 < w1) {
        // l = base + k·i is monotonic in i (so is its rounding): solve vLo ≤ l < vHi − 3 for i,
        // then settle the two ends with the exact test.
        const double top = fvHi - 3;
        double from = (double)w0, to = (double)w1;
        if (k > 0) {
            const double a = ceil((fvLo - base) / k), b = ceil((top - base) / k);
            from = a > from ? a : from; to = b < to ? b : to;
        } else if (k < 0) {
            const double a = floor((top - base) / k) + 1, b = floor((fvLo - base) / k) + 1;
            from = a > from ? a : from; to = b < to ? b : to;
        } else if (!(base >= fvLo && base < top)) {
            to = from;
        }
        if (from < to) {
            f0 = (ptrdiff_t)from; f1 = (ptrdiff_t)to;
            while (f0 < f1 && !(base + k * (double)f0 >= fvLo && base + k * (double)f0 < top)) f0++;
            while (f1 > f0 && !(base + k * (double)(f1 - 1) >= fvLo && base + k * (double)(f1 - 1) < top)) f1--;
            if (!avx2) f1 = f0 + ((f1 - f0) & ~(ptrdiff_t)3);
            if (f0 == f1) f0 = f1 = i1;
        }
    }
#endif
    for (int part = 0; part < 3; part++) {
        const ptrdiff_t from = part == 0 ? i0 : (part == 1 ? f0 : f1), to = part == 0 ? f0 : (part == 1 ? f1 : i1);
#if defined(__SSE2__)
        if (part == 1) {
            const __m128d vbase = _mm_set1_pd(base), vk = _mm_set1_pd(k);
            ptrdiff_t i = from;
#if LK_HAVE_AVX2_KERNELS
            if (avx2) i = lk_hairline_whole_avx2(pixels, su, sv, from, to, base, k, w2, fd, finvd, color);
#endif
            for (; i < to; i += 4) {
                const double ci = (double)i;
                const __m128d l01 = _mm_add_pd(vbase, _mm_mul_pd(vk, _mm_setr_pd(ci, ci + 1)));
                const __m128d l23 = _mm_add_pd(vbase, _mm_mul_pd(vk, _mm_setr_pd(ci + 2, ci + 3)));
                const __m128i b01 = _mm_cvttpd_epi32(l01), b23 = _mm_cvttpd_epi32(l23);   // ⌊l⌋, l ≥ 0
                const __m128 relative4 = _mm_movelh_ps(_mm_cvtpd_ps(_mm_sub_pd(l01, _mm_cvtepi32_pd(b01))),
                                                       _mm_cvtpd_ps(_mm_sub_pd(l23, _mm_cvtepi32_pd(b23))));
                int32_t rows[4];
                uint32_t bytes[4];
                _mm_storeu_si128((__m128i *)rows, _mm_unpacklo_epi64(b01, b23));
                _mm_storeu_si128((__m128i *)bytes, lk_hairline_whole_columns4(relative4, vw2, vd, vinvd));
                for (int m = 0; m < 4; m++)
                    lk_hairline_column4(pixels + (i + m) * su + (ptrdiff_t)rows[m] * sv, sv, bytes[m], src, alpha, opaque);
            }
            continue;
        }
#endif
    for (ptrdiff_t start = from; start < to; start += batch) {
        const ptrdiff_t n = to - start < batch ? to - start : batch;
        // The batch's whole columns: m in wa..<wb.
        const ptrdiff_t wa = w0 - start < 0 ? 0 : (w0 - start > n ? n : w0 - start);
        const ptrdiff_t wb = w1 - start < wa ? wa : (w1 - start > n ? n : w1 - start);
        for (ptrdiff_t m = 0; m < n; m++) {
            const ptrdiff_t i = start + m;
            const double ci = (double)i;
            const int whole = m >= wa && m < wb;
            double l;
            lk_hairline_column c;
            c.w2 = w2;
            if (whole) {
                l = base + k * ci;
                c.d = fd; c.invd = finvd; c.half_fu = 0.5f;
            } else {
                const double ca = u0 > ci ? u0 : ci, cb = u1 < ci + 1 ? u1 : ci + 1;
                const double fu = cb > ca ? cb - ca : 0;
                const double va = v0 + k * (ca - u0), vb = v0 + k * (cb - u0);
                const double d = ak * fu;
                l = fu > 0 ? (va < vb ? va : vb) - h : fvHi;
                c.d = (float)d; c.invd = (float)(d > 1e-20 ? 1 / d : 1e20); c.half_fu = (float)(0.5 * fu);
            }
            relative[m] = 0;
            if (!(l < fvHi && l + 4 > fvLo)) { first[m] = PTRDIFF_MIN; continue; }  // misses the clip's rows (or NaN)
            ptrdiff_t b = (ptrdiff_t)l;                  // ⌊l⌋: |l| is below the clip's size + 4 here
            if ((double)b > l) b -= 1;
            c.l = (float)(l - (double)b);
            first[m] = b;
            relative[m] = c.l;
            if (whole) continue;
#if defined(__SSE2__)
            coverage[m] = vector ? lk_hairline_bytes4(c) : lk_hairline_bytes4_portable(c);
#else
            coverage[m] = lk_hairline_bytes4_portable(c);
#endif
        }
        ptrdiff_t m = wa;
#if defined(__SSE2__)
        if (vector) {
            for (; m + 4 <= wb; m += 4)
                _mm_storeu_si128((__m128i *)(coverage + m), lk_hairline_whole_columns4(_mm_loadu_ps(relative + m), vw2, vd, vinvd));
        }
#endif
        for (; m < wb; m++) {
            const lk_hairline_column c = {relative[m], w2, fd, finvd, 0.5f};
            coverage[m] = lk_hairline_bytes4_portable(c);
        }
        for (ptrdiff_t m = 0; m < n; m++) {
            const ptrdiff_t b = first[m];
            const uint32_t kk = coverage[m];
            if (b == PTRDIFF_MIN || kk == 0) continue;
            uint32_t *column = pixels + (start + m) * su;
#if defined(__SSE2__)
            if (vector && b >= vLo && b + 4 <= vHi) {
                lk_hairline_column4(column + b * sv, sv, kk, src, alpha, opaque);
                continue;
            }
#endif
            for (ptrdiff_t r = 0; r < 4; r++) {
                if (b + r >= vLo && b + r < vHi) lk_hairline_pixel(column + (b + r) * sv, (kk >> (8 * r)) & 0xFF, color);
            }
        }
    }
    }
}

/// Draws the segment (see `lk_hairline_columns`): whole columns eight at a time where the CPU
/// has AVX2 (lk_hairline_avx2.h), the rest four rows at a time through SSE where available.
static inline void lk_hairline(uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left, ptrdiff_t clip_top,
                               ptrdiff_t clip_right, ptrdiff_t clip_bottom, double x0, double y0, double x1,
                               double y1, double line_width, uint32_t color) {
    lk_hairline_columns(2, pixels, width, clip_left, clip_top, clip_right, clip_bottom, x0, y0, x1, y1, line_width, color);
}

/// `lk_hairline` without the AVX2 columns: SSE2 where available (what a CPU without AVX2 runs).
static inline void lk_hairline_sse2(uint32_t *pixels, ptrdiff_t width, ptrdiff_t clip_left, ptrdiff_t clip_top,
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
