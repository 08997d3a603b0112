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
// Where the band is short enough that a column's fourth row is always empty
// (lk_hairline_rows.h: d + 2h ≤ 1.99, every slope up to about 0.74 at width 1), the columns take
// a cheaper form of the same floats: the fourth row's areas are not computed (its byte is 0,
// proved there) and the third row's terms drop clamps that return their operand or exactly 1.
// In every column the first row's upper term drops two maxima that return their operand, and at
// a band at least a pixel high its lower term, exactly +0, is not computed. The clamp of each
// coverage to 0…1 before rounding is left to the saturating packs (lk_hairline_bytes_of8_packed).
// The last one to seven columns come from one more eight-lane step, composited one at a time.
//
// Compositing goes eight pixels per step in 16-bit lanes: a column's four pixels fill one
// 128-bit half (four neighbours of a row when the major axis is y; four rows of a column when
// it is x, gathered and scattered with 32-bit inserts and extracts), two columns per step. Or,
// x-major with an empty fourth row, neighbouring columns go together from their upper first row
// (the lower columns' coverage moved down a row): two columns as four rows of two neighbouring
// pixels, one 64-bit load and store per row (rows_lo and rows_hi spread their bytes), or, at
// slopes up to 0.33, four columns as four rows of four pixels, one 128-bit load and store per row
// (quad01 and quad23, two steps). The coverage bytes are spread over their pixels' 16-bit lanes by
// one cross-lane permutation and two byte shuffles per step. A pixel of such a step that its
// column does not cover is composited at coverage 0, which leaves it as it is. An opaque colour's
// alpha·k/255 is k itself, so its inverse alpha needs no multiply.
#ifndef LK_HAIRLINE_AVX2_H
#define LK_HAIRLINE_AVX2_H

#include "lk_hairline_rows.h"
#include "lk_solid_spans_avx2.h"

#pragma STDC FP_CONTRACT OFF

#if LK_HAVE_AVX2_KERNELS
/// T(e) − T(f) of lk_hairline.h's rule (lk_hairline_band4's operations, eight lanes) where e ≥ 1
/// (rows b+2…b+4 of a whole column): with d ≤ 1 and 1/d ≥ 1 (a whole column's rise is at most 1),
/// max(e, 0) is e, max(e − d, 0) is e − d and e·(1/d) ≥ 1 clamps to exactly 1, so T(e) is
/// e + (e − d), the same float as the general form.
__attribute__((target("avx2"))) static inline __m256 lk_hairline_band8_high(__m256 e, __m256 w2, __m256 d, __m256 invd) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 f = _mm256_sub_ps(e, w2);
    const __m256 te = _mm256_add_ps(e, _mm256_sub_ps(e, d));
    const __m256 tf = _mm256_mul_ps(_mm256_add_ps(_mm256_max_ps(f, zero), _mm256_max_ps(_mm256_sub_ps(f, d), zero)),
                                    _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(f, invd), zero), one));
    return _mm256_sub_ps(te, tf);
}

/// A coverage lane's byte before packing (int32 lanes): ⌊c·255 + 0.5⌋ without clamping c to
/// 0…1 first, as lk_hairline_bytes_of does. The packs that follow (signed 32 → 16 bits, then
/// unsigned 16 → 8 bits) saturate to 0…255, which gives the clamped byte for every c the kernel
/// produces (|c| < 16, so c·255 + 0.5 stays well inside the int32 range): c < 0 truncates to 0
/// or below, packed to 0, as clamping to 0 gives ⌊0.5⌋ = 0; c > 1 gives c·255 + 0.5 ≥ 255.5 (the
/// rounded product is monotonic in c), at least 255 after truncation, packed to 255, as clamping
/// to 1 gives ⌊255.5⌋ = 255; in 0…1 the operations are the same.
__attribute__((target("avx2"))) static inline __m256i lk_hairline_bytes_of8_packed(__m256 cov) {
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(cov, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

/// T(e) − T(f) of the rule where e ≥ 2, f ≥ d + 0.0099 and d ≤ 1 (row b+3 of a column
/// whose band is short, lk_hairline_three_rows): besides lk_hairline_band8_high's terms,
/// max(f, 0) is f, max(f − d, 0) is f − d and f·(1/d) clamps to exactly 1 (see
/// lk_hairline_three_rows), so T(f) is f + (f − d), the same float as the general form.
__attribute__((target("avx2"))) static inline __m256 lk_hairline_band8_top(__m256 e, __m256 w2, __m256 d) {
    const __m256 f = _mm256_sub_ps(e, w2);
    return _mm256_sub_ps(_mm256_add_ps(e, _mm256_sub_ps(e, d)), _mm256_add_ps(f, _mm256_sub_ps(f, d)));
}

/// T(e) of the rule where e = fl(1 − (L − b)) ≥ +0 (row b+1): max(e, 0) is e and
/// max(e·(1/d), 0) is e·(1/d) ≥ +0, bit for bit (maxps returns the second operand, +0, only
/// where the first is not greater, which for a value ≥ +0 means +0 itself).
__attribute__((target("avx2"))) static inline __m256 lk_hairline_low8(__m256 e, __m256 d, __m256 invd) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    return _mm256_mul_ps(_mm256_add_ps(e, _mm256_max_ps(_mm256_sub_ps(e, d), zero)),
                         _mm256_min_ps(_mm256_mul_ps(e, invd), one));
}

/// T(e) − T(f) of the rule for row b+1 (e = fl(1 − (L − b)) ≥ +0), T(e) by
/// lk_hairline_low8; with `flat` (a band at least one pixel high, 2h ≥ 1) T(e) alone: then
/// f = e − 2h ≤ 0, max(f, 0) and max(f − d, 0) are +0, f·(1/d) ≤ 0 clamps to +0, T(f) is
/// +0·+0 = +0 and T(e) − (+0) is T(e). The same float as the general form either way.
__attribute__((target("avx2"), always_inline)) static inline __m256 lk_hairline_band8_first(__m256 e, __m256 w2, __m256 d,
                                                                                           __m256 invd, int flat) {
    const __m256 te = lk_hairline_low8(e, d, invd);
    if (flat) return te;
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 f = _mm256_sub_ps(e, w2);
    const __m256 tf = _mm256_mul_ps(_mm256_add_ps(_mm256_max_ps(f, zero), _mm256_max_ps(_mm256_sub_ps(f, d), zero)),
                                    _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(f, invd), zero), one));
    return _mm256_sub_ps(te, tf);
}

/// Rows by lanes to lanes by rows within each half: the byte lanes k1…k4 (int32, one column per
/// lane) packed k1 | k2 << 8 | k3 << 16 | k4 << 24 per column (the SSE2 kernel's interleave).
__attribute__((target("avx2"))) static inline __m256i lk_hairline_interleave8(__m256i k1, __m256i k2, __m256i k3,
                                                                              __m256i k4) {
    const __m256i x = _mm256_packus_epi16(_mm256_packs_epi32(k1, k3), _mm256_packs_epi32(k2, k4));
    const __m256i y = _mm256_unpacklo_epi8(x, _mm256_srli_si256(x, 8));
    return _mm256_unpacklo_epi16(y, _mm256_srli_si256(y, 8));
}

/// Eight whole columns' four coverage bytes each (lanes 0–3 of the low half and 0–3 of the
/// high half: columns 0–3 and 4–7), packed k0 | k1 << 8 | k2 << 16 | k3 << 24 per 32-bit lane.
/// `vl` is each column's L − b in 0…1, `vd` at most 1.
/// The first row's areas by lk_hairline_band8_first (`flat`: 2h ≥ 1), the same floats.
__attribute__((target("avx2"), always_inline)) static inline __m256i
lk_hairline_whole_columns8(__m256 vl, __m256 vw2, __m256 vd, __m256 vinvd, int flat) {
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 e1 = _mm256_sub_ps(_mm256_set1_ps(1), vl);
    const __m256 a1 = _mm256_mul_ps(lk_hairline_band8_first(e1, vw2, vd, vinvd, flat), half);
    const __m256 a2 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(2), vl), vw2, vd, vinvd), half);
    const __m256 a3 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(3), vl), vw2, vd, vinvd), half);
    const __m256 a4 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(4), vl), vw2, vd, vinvd), half);
    return lk_hairline_interleave8(lk_hairline_bytes_of8_packed(_mm256_sub_ps(a1, _mm256_setzero_ps())),
                                   lk_hairline_bytes_of8_packed(_mm256_sub_ps(a2, a1)),
                                   lk_hairline_bytes_of8_packed(_mm256_sub_ps(a3, a2)),
                                   lk_hairline_bytes_of8_packed(_mm256_sub_ps(a4, a3)));
}

/// lk_hairline_whole_columns8 of a band that lk_hairline_three_rows finds within three rows:
/// the fourth byte is 0 (proved there) and not computed, the third row's areas take
/// lk_hairline_band8_top, and the first row's lk_hairline_band8_first (`flat`: 2h ≥ 1). The
/// same bytes as lk_hairline_whole_columns8.
__attribute__((target("avx2"), always_inline)) static inline __m256i
lk_hairline_three_columns8(__m256 vl, __m256 vw2, __m256 vd, __m256 vinvd, int flat) {
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 e1 = _mm256_sub_ps(_mm256_set1_ps(1), vl);
    const __m256 a1 = _mm256_mul_ps(lk_hairline_band8_first(e1, vw2, vd, vinvd, flat), half);
    const __m256 a2 = _mm256_mul_ps(lk_hairline_band8_high(_mm256_sub_ps(_mm256_set1_ps(2), vl), vw2, vd, vinvd), half);
    const __m256 a3 = _mm256_mul_ps(lk_hairline_band8_top(_mm256_sub_ps(_mm256_set1_ps(3), vl), vw2, vd), half);
    return lk_hairline_interleave8(lk_hairline_bytes_of8_packed(_mm256_sub_ps(a1, _mm256_setzero_ps())),
                                   lk_hairline_bytes_of8_packed(_mm256_sub_ps(a2, a1)),
                                   lk_hairline_bytes_of8_packed(_mm256_sub_ps(a3, a2)), _mm256_setzero_si256());
}

/// x·k/255 exactly rounded in each 16-bit lane (lk_hairline_div255's high multiply).
__attribute__((target("avx2"))) static inline __m256i lk_hairline_div255_avx2(__m256i x, __m256i k) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128)),
                              _mm256_set1_epi16(257));
}

/// Eight pixels `d` at the coverage bytes of `kk` (two columns' packed words in its bytes 0–7,
/// both halves alike) with the colour `src` in 16-bit lanes and its alpha in `alpha`:
/// source-over with lk_scale's rounding. `spread_lo` and `spread_hi` give each pixel of the
/// low and high byte unpacks its coverage byte of `kk`, over its four lanes.
__attribute__((target("avx2"), always_inline)) static inline __m256i
lk_hairline_over8(__m256i d, __m256i kk, __m256i spread_lo, __m256i spread_hi, __m256i src, __m256i alpha, int opaque) {
    const __m256i zero = _mm256_setzero_si256(), ff = _mm256_set1_epi16(255);
    const __m256i klo = _mm256_shuffle_epi8(kk, spread_lo), khi = _mm256_shuffle_epi8(kk, spread_hi);
    const __m256i slo = lk_hairline_div255_avx2(src, klo), shi = lk_hairline_div255_avx2(src, khi);
    // An opaque colour's alpha·k/255 is k itself.
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

/// Two neighbouring pixels of each of four rows `w` apart from `p` (rows 0 and 1 in the low
/// half, 2 and 3 in the high one): one 64-bit load per row.
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_hairline_load2x4(const uint32_t *p, ptrdiff_t w) {
    const __m128d lo = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p)), (const double *)(p + w));
    const __m128d hi = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(p + 2 * w))), (const double *)(p + 3 * w));
    return _mm256_set_m128i(_mm_castpd_si128(hi), _mm_castpd_si128(lo));
}

/// Stores what lk_hairline_load2x4 loaded.
__attribute__((target("avx2"), always_inline)) static inline void lk_hairline_store2x4(uint32_t *p, ptrdiff_t w, __m256i v) {
    const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
    const uint64_t lo1 = (uint64_t)_mm_extract_epi64(lo, 1), hi1 = (uint64_t)_mm_extract_epi64(hi, 1);
    _mm_storel_epi64((__m128i *)p, lo);
    memcpy(p + w, &lo1, 8);
    _mm_storel_epi64((__m128i *)(p + 2 * w), hi);
    memcpy(p + 3 * w, &hi1, 8);
}

/// Columns' packed words (`b` their first rows) moved up a byte per row their first row lies
/// below `upper`, the first row of the group they are composited with: each then starts at
/// `upper` (the bytes moved out are the empty fourth rows, lk_hairline_rows.h).
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_hairline_words_from(__m256i words, __m256i b,
                                                                                           __m256i upper) {
    return _mm256_sllv_epi32(words, _mm256_slli_epi32(_mm256_sub_epi32(b, upper), 3));
}

/// The pixel offsets u + upper·`width` of four column groups: the groups' first rows `upper`
/// in the int32 lanes 0, 2, 4, 6, their first columns `i` + `steps` (64-bit lanes).
__attribute__((target("avx2"), always_inline)) static inline void lk_hairline_group_offsets(int64_t *offset, __m256i upper,
                                                                                           __m256i width, ptrdiff_t i,
                                                                                           __m256i steps) {
    const __m256i o = _mm256_add_epi64(_mm256_mul_epu32(upper, width), _mm256_add_epi64(_mm256_set1_epi64x(i), steps));
    _mm256_storeu_si256((__m256i *)offset, o);
}

/// The first rows b (int32 lanes, in `*rows`) and packed coverage words of the eight whole
/// columns whose indices are `c0` and `c1` (as doubles): L = base + k·i in double lanes, its
/// floor by truncation (L ≥ 0), L − b rounded to single precision, then the bytes (`three`,
/// `flat`: as lk_hairline_whole_avx2_body's).
__attribute__((target("avx2"), always_inline)) static inline __m256i
lk_hairline_words8(__m256d c0, __m256d c1, __m256d vbase, __m256d vk, __m256 vw2, __m256 vd, __m256 vinvd, int three,
                   int flat, __m256i *rows) {
    const __m256d l0 = _mm256_add_pd(vbase, _mm256_mul_pd(vk, c0));
    const __m256d l1 = _mm256_add_pd(vbase, _mm256_mul_pd(vk, c1));
    const __m128i b0 = _mm256_cvttpd_epi32(l0), b1 = _mm256_cvttpd_epi32(l1);   // ⌊l⌋, l ≥ 0
    const __m128 r0 = _mm256_cvtpd_ps(_mm256_sub_pd(l0, _mm256_cvtepi32_pd(b0)));
    const __m128 r1 = _mm256_cvtpd_ps(_mm256_sub_pd(l1, _mm256_cvtepi32_pd(b1)));
    const __m256 rel = _mm256_set_m128(r1, r0);
    *rows = _mm256_set_m128i(b1, b0);
    return three ? lk_hairline_three_columns8(rel, vw2, vd, vinvd, flat) : lk_hairline_whole_columns8(rel, vw2, vd, vinvd, flat);
}

/// Whole columns `from`, `from` + 8, … while eight fit before `to`, then the rest one at a
/// time: column i's band has L = base + k·i (every row b…b+3 inside the clip, as lk_hairline.h's
/// middle range ensures), the shared 2h, d, 1/d, and `color` (premultiplied ARGB), in a bitmap
/// of rows `width` pixels apart. `xmajor`: u is x, so a pixel (u, v) is at pixels + u + v·width;
/// else at pixels + u·width + v. `three` (lk_hairline_three_rows holds): the columns' bytes by
/// lk_hairline_three_columns8 (`flat`: 2h ≥ 1), and where x is the major axis the columns go by
/// neighbouring pairs, four rows from the upper of the pair's two first rows (they differ by at
/// most one, d < 1), two pixels per row; with `quads` (d ≤ 0.33, so that the first rows of four
/// neighbouring columns differ by at most one: their L by at most 3·0.33 plus rounding) by four
/// columns, four rows of four pixels from the upper of their first rows. Returns `to`.
__attribute__((target("avx2"), always_inline)) static inline ptrdiff_t
lk_hairline_whole_avx2_body(uint32_t *pixels, ptrdiff_t width, ptrdiff_t from, ptrdiff_t to, double base, double k,
                            float w2, float d, float invd, uint32_t color, int xmajor, int opaque, int three, int flat,
                            int quads) {
    const ptrdiff_t su = xmajor ? 1 : width, sv = xmajor ? width : 1;
    const __m256d vbase = _mm256_set1_pd(base), vk = _mm256_set1_pd(k), steps = _mm256_setr_pd(0, 1, 2, 3);
    const __m256 vw2 = _mm256_set1_ps(w2), vd = _mm256_set1_ps(d), vinvd = _mm256_set1_ps(invd);
    const __m256i src = _mm256_broadcastsi128_si256(_mm_unpacklo_epi8(_mm_set1_epi32((int)color), _mm_setzero_si128()));
    const __m256i alpha = _mm256_set1_epi16((short)(color >> 24));
    // Offsets of the columns' first pixels in 64-bit lanes: u·su + b·sv, both factors below 2³²
    // (b ≥ 0 here; u and the strides are below the bitmap's width or height).
    const __m256i vsu = _mm256_set1_epi64x(su), vsv = _mm256_set1_epi64x(sv);
    // A pair's two words (bytes 0–3 and 4–7 of `kk`, both halves) spread over its pixels' 16-bit
    // lanes: one column per half (its four rows in a row of the bitmap, y the major axis; or four
    // rows x-major, four inserts), or, pairs of rows, rows 0 and 1 in the low half and 2 and 3 in
    // the high one with the pair's two columns in each row (x-major, `three`).
#define LK_B(n) n, -1, n, -1, n, -1, n, -1
    const __m256i column_lo = _mm256_setr_epi8(LK_B(0), LK_B(1), LK_B(4), LK_B(5));
    const __m256i column_hi = _mm256_setr_epi8(LK_B(2), LK_B(3), LK_B(6), LK_B(7));
    const __m256i rows_lo = _mm256_setr_epi8(LK_B(0), LK_B(4), LK_B(2), LK_B(6));
    const __m256i rows_hi = _mm256_setr_epi8(LK_B(1), LK_B(5), LK_B(3), LK_B(7));
    // Four columns' words (bytes 0–15, both halves) over two rows of their four pixels: rows 0 and
    // 1 (or 2 and 3) in the low and high half, columns 0 and 1 in the low unpack, 2 and 3 in the
    // high one.
    const __m256i quad01_lo = _mm256_setr_epi8(LK_B(0), LK_B(4), LK_B(1), LK_B(5));
    const __m256i quad01_hi = _mm256_setr_epi8(LK_B(8), LK_B(12), LK_B(9), LK_B(13));
    const __m256i quad23_lo = _mm256_setr_epi8(LK_B(2), LK_B(6), LK_B(3), LK_B(7));
    const __m256i quad23_hi = _mm256_setr_epi8(LK_B(10), LK_B(14), LK_B(11), LK_B(15));
#undef LK_B
    const int by_rows = xmajor && three;
    const __m256i spread_lo = by_rows ? rows_lo : column_lo, spread_hi = by_rows ? rows_hi : column_hi;
    ptrdiff_t i = from;
    // The columns' indices as doubles, i + 0…3 and i + 4…7 (exact: integers far below 2⁵³).
    __m256d c0 = _mm256_add_pd(_mm256_set1_pd((double)i), steps), c1 = _mm256_add_pd(c0, _mm256_set1_pd(4));
    for (; i + 8 <= to; i += 8, c0 = _mm256_add_pd(c0, _mm256_set1_pd(8)), c1 = _mm256_add_pd(c1, _mm256_set1_pd(8))) {
        __m256i b;
        __m256i words = lk_hairline_words8(c0, c1, vbase, vk, vw2, vd, vinvd, three, flat, &b);
        if (by_rows && quads) {
            // Each four (4q…4q + 3) from their upper first row, the others' words moved up a byte.
            const __m256i upper2 = _mm256_min_epi32(b, _mm256_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
            const __m256i upper = _mm256_min_epi32(upper2, _mm256_shuffle_epi32(upper2, _MM_SHUFFLE(1, 0, 3, 2)));
            words = lk_hairline_words_from(words, b, upper);
            // The fours' first columns are lanes 0 and 4 (64-bit lanes 0 and 2).
            int64_t offset[4];
            lk_hairline_group_offsets(offset, upper, vsv, i, _mm256_setr_epi64x(0, 0, 4, 0));
#define LK_QUAD(j, imm)                                                                                               \
            {                                                                                                         \
                uint32_t *p = pixels + offset[2 * j];                                                                 \
                const __m256i kk = _mm256_permute4x64_epi64(words, imm);                                              \
                const __m256i r01 = _mm256_loadu2_m128i((const __m128i *)(p + width), (const __m128i *)p);            \
                const __m256i r23 = _mm256_loadu2_m128i((const __m128i *)(p + 3 * width), (const __m128i *)(p + 2 * width)); \
                _mm256_storeu2_m128i((__m128i *)(p + width), (__m128i *)p,                                            \
                                     lk_hairline_over8(r01, kk, quad01_lo, quad01_hi, src, alpha, opaque));           \
                _mm256_storeu2_m128i((__m128i *)(p + 3 * width), (__m128i *)(p + 2 * width),                          \
                                     lk_hairline_over8(r23, kk, quad23_lo, quad23_hi, src, alpha, opaque));           \
            }
            LK_QUAD(0, 0x44) LK_QUAD(1, 0xEE)
#undef LK_QUAD
            continue;
        }
        if (by_rows) {
            // Each pair (2j, 2j + 1) from its upper first row: the column whose first row is one
            // lower has its word moved up a byte (its fourth byte, zero, drops out).
            const __m256i upper = _mm256_min_epi32(b, _mm256_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
            words = lk_hairline_words_from(words, b, upper);
            // The pairs' first columns are lanes 0, 2, 4, 6.
            int64_t offset[4];
            lk_hairline_group_offsets(offset, upper, vsv, i, _mm256_setr_epi64x(0, 2, 4, 6));
#define LK_PAIR(j, imm)                                                                                           \
            {                                                                                                     \
                uint32_t *p = pixels + offset[j];                                                                 \
                lk_hairline_store2x4(p, width, lk_hairline_over8(lk_hairline_load2x4(p, width),                   \
                                                                 _mm256_permute4x64_epi64(words, imm), spread_lo, \
                                                                 spread_hi, src, alpha, opaque));                 \
            }
            LK_PAIR(0, 0x00) LK_PAIR(1, 0x55) LK_PAIR(2, 0xAA) LK_PAIR(3, 0xFF)
#undef LK_PAIR
            continue;
        }
        const __m256i u0 = _mm256_add_epi64(_mm256_set1_epi64x(i), _mm256_setr_epi64x(0, 1, 2, 3));
        const __m256i u1 = _mm256_add_epi64(u0, _mm256_set1_epi64x(4));
        const __m256i b0 = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(b));
        const __m256i b1 = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(b, 1));
        const __m256i o0 = _mm256_add_epi64(xmajor ? u0 : _mm256_mul_epu32(u0, vsu), xmajor ? _mm256_mul_epu32(b0, vsv) : b0);
        const __m256i o1 = _mm256_add_epi64(xmajor ? u1 : _mm256_mul_epu32(u1, vsu), xmajor ? _mm256_mul_epu32(b1, vsv) : b1);
        int64_t offset[8];
        _mm256_storeu_si256((__m256i *)offset, o0);
        _mm256_storeu_si256((__m256i *)(offset + 4), o1);
#define LK_PAIR(j, imm)                                                                                                \
        {                                                                                                              \
            uint32_t *p0 = pixels + offset[2 * j], *p1 = pixels + offset[2 * j + 1];                                   \
            const __m256i dst = _mm256_set_m128i(lk_hairline_load4(p1, sv, xmajor), lk_hairline_load4(p0, sv, xmajor)); \
            const __m256i out = lk_hairline_over8(dst, _mm256_permute4x64_epi64(words, imm), spread_lo, spread_hi, src,  \
                                                  alpha, opaque);                                                      \
            lk_hairline_store4(p0, sv, _mm256_castsi256_si128(out), xmajor);                                           \
            lk_hairline_store4(p1, sv, _mm256_extracti128_si256(out, 1), xmajor);                                      \
        }
        LK_PAIR(0, 0x00) LK_PAIR(1, 0x55) LK_PAIR(2, 0xAA) LK_PAIR(3, 0xFF)
#undef LK_PAIR
    }
    if (i < to) {
        // The last one to seven columns: eight lanes' bytes (those past `to` unused), then one
        // column at a time, its four pixels in the low half (the high half's result dropped).
        __m256i b;
        const __m256i words = lk_hairline_words8(c0, c1, vbase, vk, vw2, vd, vinvd, three, flat, &b);
        int32_t rows[8];
        uint32_t packed[8];
        _mm256_storeu_si256((__m256i *)rows, b);
        _mm256_storeu_si256((__m256i *)packed, words);
        for (ptrdiff_t m = 0; m < to - i; m++) {
            uint32_t *p = pixels + (i + m) * su + (ptrdiff_t)rows[m] * sv;
            const __m256i out = lk_hairline_over8(_mm256_castsi128_si256(lk_hairline_load4(p, sv, xmajor)),
                                                  _mm256_set1_epi32((int)packed[m]), column_lo, column_hi, src, alpha, opaque);
            lk_hairline_store4(p, sv, _mm256_castsi256_si128(out), xmajor);
        }
        i = to;
    }
    return i;
}

/// lk_hairline_whole_avx2_body for the direction (`su` 1: x-major, else y-major, the other
/// stride the bitmap's width), colour and band at hand, each case its own loop.
__attribute__((target("avx2"))) static ptrdiff_t
lk_hairline_whole_avx2(uint32_t *pixels, ptrdiff_t su, ptrdiff_t sv, ptrdiff_t from, ptrdiff_t to, double base, double k,
                       float w2, float d, float invd, uint32_t color) {
    const int opaque = color >> 24 == 255, xmajor = su == 1;
    const ptrdiff_t width = xmajor ? sv : su;
#define LK_BODY(x, o, t, f, q) \
    lk_hairline_whole_avx2_body(pixels, width, from, to, base, k, w2, d, invd, color, x, o, t, f, q)
#define LK_THREE(x, o, q) (w2 >= 1 ? LK_BODY(x, o, 1, 1, q) : LK_BODY(x, o, 1, 0, q))
#define LK_BANDS(x, o)                                                                            \
    (!lk_hairline_three_rows(w2, d) ? (w2 >= 1 ? LK_BODY(x, o, 0, 1, 0) : LK_BODY(x, o, 0, 0, 0)) \
     : x && d <= 0.33f              ? LK_THREE(x, o, 1)                                           \
                                    : LK_THREE(x, o, 0))
    if (xmajor) return opaque ? LK_BANDS(1, 1) : LK_BANDS(1, 0);
    return opaque ? LK_BANDS(0, 1) : LK_BANDS(0, 0);
#undef LK_BANDS
#undef LK_THREE
#undef LK_BODY
}
#endif

#endif
