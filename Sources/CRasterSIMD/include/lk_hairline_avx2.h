// The hairline kernel's whole columns eight at a time with AVX2, chosen at run time where the
// CPU has it (lk_cpu_has_avx2): the columns the segment crosses whole whose four rows lie
// inside the clip (lk_hairline.h's middle range), one column per 32-bit lane.
//
// The arithmetic is lk_hairline.h's, lane for lane: the column's L in double lanes (base + k·i,
// its floor b by truncation, L − b rounded to single precision), the band's areas A(b+1…b+4)
// in float lanes with the same operations in the same order (AVX's max and min return the
// second operand on a tie or NaN as SSE's do; no fused multiply-add: the file is compiled with
// contraction off and without the FMA target), each row's coverage rounded to a byte as
// lk_hairline_bytes_of rounds it, and the pixels source-over in 16-bit lanes with lk_scale's
// exact rounding. So the bytes and pixels are those of the SSE2 and portable kernels, bit for
// bit (tested).
//
// Compositing goes two columns per step: a column's four pixels fill one 128-bit half (four
// neighbours of a row when the major axis is y, four rows of a column when it is x, gathered
// and scattered with 32-bit inserts and extracts), and each half's coverage bytes are spread
// over its pixels' 16-bit lanes by one cross-lane permutation and two byte shuffles. An opaque
// colour's alpha·k/255 is k itself, so its inverse alpha needs no multiply.
#ifndef LK_HAIRLINE_AVX2_H
#define LK_HAIRLINE_AVX2_H

#include "lk_solid_spans_avx2.h"

#pragma STDC FP_CONTRACT OFF

#if LK_HAVE_AVX2_KERNELS
/// T(e) − T(f) of lk_hairline.h's rule for eight lanes (f = e − 2h), d and 1/d shared.
__attribute__((target("avx2"))) static inline __m256 lk_hairline_band8(__m256 e, __m256 w2, __m256 d, __m256 invd) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 f = _mm256_sub_ps(e, w2);
    const __m256 te = _mm256_mul_ps(_mm256_add_ps(_mm256_max_ps(e, zero), _mm256_max_ps(_mm256_sub_ps(e, d), zero)),
                                    _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(e, invd), zero), one));
    const __m256 tf = _mm256_mul_ps(_mm256_add_ps(_mm256_max_ps(f, zero), _mm256_max_ps(_mm256_sub_ps(f, d), zero)),
                                    _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(f, invd), zero), one));
    return _mm256_sub_ps(te, tf);
}

/// A coverage lane's byte, ⌊c·255 + 0.5⌋ of c clamped to 0…1 (int32 lanes).
__attribute__((target("avx2"))) static inline __m256i lk_hairline_bytes_of8(__m256 cov) {
    cov = _mm256_min_ps(_mm256_max_ps(cov, _mm256_setzero_ps()), _mm256_set1_ps(1));
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(cov, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

/// T(e) − T(f) of lk_hairline_band8 where e ≥ 1 (rows b+2…b+4 of a whole column): with d ≤ 1
/// and 1/d ≥ 1 (a whole column's rise is at most 1), max(e, 0) is e, max(e − d, 0) is e − d and
/// e·(1/d) ≥ 1 clamps to exactly 1, so T(e) is e + (e − d), the same float as the general form.
__attribute__((target("avx2"))) static inline __m256 lk_hairline_band8_high(__m256 e, __m256 w2, __m256 d, __m256 invd) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 f = _mm256_sub_ps(e, w2);
    const __m256 te = _mm256_add_ps(e, _mm256_sub_ps(e, d));
    const __m256 tf = _mm256_mul_ps(_mm256_add_ps(_mm256_max_ps(f, zero), _mm256_max_ps(_mm256_sub_ps(f, d), zero)),
                                    _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(f, invd), zero), one));
    return _mm256_sub_ps(te, tf);
}

/// Eight whole columns' four coverage bytes each (lanes 0–3 of the low half and 0–3 of the
/// high half: columns 0–3 and 4–7), packed k0 | k1 << 8 | k2 << 16 | k3 << 24 per 32-bit lane.
/// `vl` is each column's L − b in 0…1, `vd` at most 1.
__attribute__((target("avx2"))) static inline __m256i lk_hairline_whole_columns8(__m256 vl, __m256 vw2, __m256 vd,
                                                                                 __m256 vinvd) {
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 a1 = _mm256_mul_ps(lk_hairline_band8(_mm256_sub_ps(_mm256_set1_ps(1), vl), vw2, vd, vinvd), half);
    const __m256 a2 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(2), vl), vw2, vd, vinvd), half);
    const __m256 a3 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(3), vl), vw2, vd, vinvd), half);
    const __m256 a4 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(4), vl), vw2, vd, vinvd), half);
    const __m256i k1 = lk_hairline_bytes_of8(_mm256_sub_ps(a1, _mm256_setzero_ps()));
    const __m256i k2 = lk_hairline_bytes_of8(_mm256_sub_ps(a2, a1));
    const __m256i k3 = lk_hairline_bytes_of8(_mm256_sub_ps(a3, a2)), k4 = lk_hairline_bytes_of8(_mm256_sub_ps(a4, a3));
    // Within each half, rows by lanes to lanes by rows (the SSE2 kernel's interleave).
    const __m256i x = _mm256_packus_epi16(_mm256_packs_epi32(k1, k3), _mm256_packs_epi32(k2, k4));
    const __m256i y = _mm256_unpacklo_epi8(x, _mm256_srli_si256(x, 8));
    return _mm256_unpacklo_epi16(y, _mm256_srli_si256(y, 8));
}

/// x·k/255 exactly rounded in each 16-bit lane (lk_hairline_div255's high multiply).
__attribute__((target("avx2"))) static inline __m256i lk_hairline_div255_avx2(__m256i x, __m256i k) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128)),
                              _mm256_set1_epi16(257));
}

/// Two columns' pixels (one per 128-bit half of `d`, rows 0–3 of the column in its 32-bit
/// lanes) at the coverage bytes `kk` (the column's packed word repeated over its half), with the
/// colour `src` in 16-bit lanes and its alpha in `alpha`: source-over with lk_scale's rounding.
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_hairline_over8(__m256i d, __m256i kk, __m256i src,
                                                                                       __m256i alpha, int opaque) {
    // Rows 0 and 1 (the low unpack) and 2 and 3 (the high one), each byte to a pixel's four lanes.
    const __m256i spread_lo = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1,
                                               0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1);
    const __m256i spread_hi = _mm256_setr_epi8(2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1,
                                               2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1);
    const __m256i zero = _mm256_setzero_si256(), ff = _mm256_set1_epi16(255);
    const __m256i klo = _mm256_shuffle_epi8(kk, spread_lo), khi = _mm256_shuffle_epi8(kk, spread_hi);
    const __m256i slo = lk_hairline_div255_avx2(src, klo), shi = lk_hairline_div255_avx2(src, khi);
    const __m256i ialo = _mm256_sub_epi16(ff, opaque ? klo : lk_hairline_div255_avx2(alpha, klo));
    const __m256i iahi = _mm256_sub_epi16(ff, opaque ? khi : lk_hairline_div255_avx2(alpha, khi));
    const __m256i dlo = lk_hairline_div255_avx2(_mm256_unpacklo_epi8(d, zero), ialo);
    const __m256i dhi = lk_hairline_div255_avx2(_mm256_unpackhi_epi8(d, zero), iahi);
    return _mm256_packus_epi16(_mm256_add_epi16(slo, dlo), _mm256_add_epi16(shi, dhi));
}

/// A column's four pixels from `p`, rows `sv` apart (`xmajor`; else four neighbours of a row).
__attribute__((target("avx2"), always_inline)) static inline __m128i lk_hairline_load4(const uint32_t *p, ptrdiff_t sv,
                                                                                       int xmajor) {
    if (!xmajor) return _mm_loadu_si128((const __m128i *)p);
    __m128i v = _mm_cvtsi32_si128((int)p[0]);
    v = _mm_insert_epi32(v, (int)p[sv], 1);
    v = _mm_insert_epi32(v, (int)p[2 * sv], 2);
    return _mm_insert_epi32(v, (int)p[3 * sv], 3);
}

/// Stores what lk_hairline_load4 loaded.
__attribute__((target("avx2"), always_inline)) static inline void lk_hairline_store4(uint32_t *p, ptrdiff_t sv, __m128i v,
                                                                                     int xmajor) {
    if (!xmajor) { _mm_storeu_si128((__m128i *)p, v); return; }
    p[0] = (uint32_t)_mm_cvtsi128_si32(v);
    p[sv] = (uint32_t)_mm_extract_epi32(v, 1);
    p[2 * sv] = (uint32_t)_mm_extract_epi32(v, 2);
    p[3 * sv] = (uint32_t)_mm_extract_epi32(v, 3);
}

/// Whole columns `from`, `from` + 8, … while eight fit before `to`: column i's band has
/// L = base + k·i (every row b…b+3 inside the clip, as lk_hairline.h's middle range ensures),
/// the shared 2h, d, 1/d, and `color` (premultiplied ARGB), in a bitmap of rows `width` pixels
/// apart. `xmajor`: u is x, so a pixel (u, v) is at pixels + u + v·width; else at
/// pixels + u·width + v. Returns the first column not drawn.
__attribute__((target("avx2"), always_inline)) static inline ptrdiff_t
lk_hairline_whole_avx2_body(uint32_t *pixels, ptrdiff_t width, ptrdiff_t from, ptrdiff_t to, double base, double k,
                            float w2, float d, float invd, uint32_t color, int xmajor, int opaque) {
    const ptrdiff_t su = xmajor ? 1 : width, sv = xmajor ? width : 1;
    const __m256d vbase = _mm256_set1_pd(base), vk = _mm256_set1_pd(k), steps = _mm256_setr_pd(0, 1, 2, 3);
    const __m256 vw2 = _mm256_set1_ps(w2), vd = _mm256_set1_ps(d), vinvd = _mm256_set1_ps(invd);
    const __m256i src = _mm256_broadcastsi128_si256(_mm_unpacklo_epi8(_mm_set1_epi32((int)color), _mm_setzero_si128()));
    const __m256i alpha = _mm256_set1_epi16((short)(color >> 24));
    // Offsets of the columns' first pixels in 64-bit lanes: u·su + b·sv, both factors below 2³²
    // (b ≥ 0 here; u and the strides are below the bitmap's width or height).
    const __m256i vsu = _mm256_set1_epi64x(su), vsv = _mm256_set1_epi64x(sv);
    // Column pairs (0, 1), (2, 3), (4, 5), (6, 7): each column's packed word over its half.
    const __m256i pair0 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), pair1 = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    const __m256i pair2 = _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), pair3 = _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7);
    ptrdiff_t i = from;
    for (; i + 8 <= to; i += 8) {
        const __m256d ci = _mm256_set1_pd((double)i);
        const __m256d l0 = _mm256_add_pd(vbase, _mm256_mul_pd(vk, _mm256_add_pd(ci, steps)));
        const __m256d l1 = _mm256_add_pd(vbase, _mm256_mul_pd(vk, _mm256_add_pd(_mm256_add_pd(ci, _mm256_set1_pd(4)), steps)));
        const __m128i b0 = _mm256_cvttpd_epi32(l0), b1 = _mm256_cvttpd_epi32(l1);   // ⌊l⌋, l ≥ 0
        const __m128 r0 = _mm256_cvtpd_ps(_mm256_sub_pd(l0, _mm256_cvtepi32_pd(b0)));
        const __m128 r1 = _mm256_cvtpd_ps(_mm256_sub_pd(l1, _mm256_cvtepi32_pd(b1)));
        const __m256i words = lk_hairline_whole_columns8(_mm256_set_m128(r1, r0), vw2, vd, vinvd);
        const __m256i u0 = _mm256_add_epi64(_mm256_set1_epi64x(i), _mm256_setr_epi64x(0, 1, 2, 3));
        const __m256i u1 = _mm256_add_epi64(u0, _mm256_set1_epi64x(4));
        const __m256i o0 = _mm256_add_epi64(xmajor ? u0 : _mm256_mul_epu32(u0, vsu),
                                            xmajor ? _mm256_mul_epu32(_mm256_cvtepi32_epi64(b0), vsv) : _mm256_cvtepi32_epi64(b0));
        const __m256i o1 = _mm256_add_epi64(xmajor ? u1 : _mm256_mul_epu32(u1, vsu),
                                            xmajor ? _mm256_mul_epu32(_mm256_cvtepi32_epi64(b1), vsv) : _mm256_cvtepi32_epi64(b1));
        int64_t offset[8];
        _mm256_storeu_si256((__m256i *)offset, o0);
        _mm256_storeu_si256((__m256i *)(offset + 4), o1);
        const __m256i kk[4] = {_mm256_permutevar8x32_epi32(words, pair0), _mm256_permutevar8x32_epi32(words, pair1),
                               _mm256_permutevar8x32_epi32(words, pair2), _mm256_permutevar8x32_epi32(words, pair3)};
        for (int m = 0; m < 8; m += 2) {
            uint32_t *p0 = pixels + offset[m], *p1 = pixels + offset[m + 1];
            const __m256i dst = _mm256_set_m128i(lk_hairline_load4(p1, sv, xmajor), lk_hairline_load4(p0, sv, xmajor));
            const __m256i out = lk_hairline_over8(dst, kk[m / 2], src, alpha, opaque);
            lk_hairline_store4(p0, sv, _mm256_castsi256_si128(out), xmajor);
            lk_hairline_store4(p1, sv, _mm256_extracti128_si256(out, 1), xmajor);
        }
    }
    return i;
}

/// lk_hairline_whole_avx2_body for the direction (`su` 1: x-major, else y-major, the other
/// stride the bitmap's width) and colour at hand, each case its own loop.
__attribute__((target("avx2"))) static ptrdiff_t
lk_hairline_whole_avx2(uint32_t *pixels, ptrdiff_t su, ptrdiff_t sv, ptrdiff_t from, ptrdiff_t to, double base, double k,
                       float w2, float d, float invd, uint32_t color) {
    const int opaque = color >> 24 == 255;
    if (su == 1) {
        return opaque ? lk_hairline_whole_avx2_body(pixels, sv, from, to, base, k, w2, d, invd, color, 1, 1)
                      : lk_hairline_whole_avx2_body(pixels, sv, from, to, base, k, w2, d, invd, color, 1, 0);
    }
    return opaque ? lk_hairline_whole_avx2_body(pixels, su, from, to, base, k, w2, d, invd, color, 0, 1)
                  : lk_hairline_whole_avx2_body(pixels, su, from, to, base, k, w2, d, invd, color, 0, 0);
}
#endif

#endif
