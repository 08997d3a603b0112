// A narrow row of the non-zero sweep (its touched cells within a few dozen columns: a thin
// stroke, the tip of a shape), eight cells per step: the running sum of the row's deltas as a
// blocked prefix sum, each pixel's coverage from it, and, with AVX2, the eight pixels
// composited in the same step, with no coverage buffer in between.
//
// Order of the additions (every path takes exactly these, so the sums are the same bits on
// each): the row is cut into blocks of eight cells from its first touched cell, c0…c7, and the
// running sum s carried into the block. Within each half of four cells a prefix sum by halving
// steps, t_i = c_i + c_{i−1}, then u_i = t_i + t_{i−2} (a missing predecessor adds +0); the
// high half then adds the low half's total, w_i = u_i + u_3 (i ≥ 4; the low half adds +0);
// finally x_i = w_i + s, and x_7 is the sum carried on. Float addition is not associative, so
// this is not the scalar left-to-right order of lk_coverage_sweep.h's other paths: a sum can
// differ from the scalar one in its last bits, which moves a coverage byte only where
// v·255 + 0.5 lies within about 10⁻⁵ of an integer. (The −0 that a +0 addition turns into +0
// disappears in the absolute value.) That is what an eight-lane step with AVX2's in-lane byte
// shifts computes: two shifted adds, one add of lane 3 broadcast to the high half, one add of
// the carry.
//
// With AVX-512 a step takes two blocks, sixteen lanes (lk_sweep_dense_avx512): the prefix sums
// of both blocks' halves side by side, then the low block's carry added to its lanes and the
// low block's last sum to the high block's, the same additions in the same order.
//
// Coverage: v = min(|x|, 1) (NaN gives 1), byte ⌊v·255 + 0.5⌋ by truncation (the sweep's rule).
// Compositing: lk_solid_spans.h's masked source-over, pixel for pixel; a pixel of coverage 0 is
// left as it was.
//
// Memory: every block reads and clears eight cells and composites eight pixels. Past the row's
// touched cells the cells are zero (the buffer is zero outside touched cells, and each row of
// the rasterizer's buffer has seven spare cells past its last column), so where the row has
// room, which is always in that buffer, the AVX2 path loads and stores all eight lanes;
// its pixels past the row's get coverage 0 and keep their values, so where the bitmap's row has
// room it stores all eight (rewriting a pixel outside the drawn columns with its own value);
// otherwise the block's lanes past the row are masked off in the loads and stores (masked
// stores are many times slower than plain ones on some processors, so only the rows at the
// bitmap's right edge take them). The AVX-512 path masks every load and store to the row's
// cells and drawn pixels (opmask forms are single instructions). The SSE2 and portable paths
// copy every partial block through a local array. No cell outside the row and no pixel outside
// the bitmap's row is touched, and no pixel outside the drawn columns changes.
#ifndef LK_SWEEP_DENSE_H
#define LK_SWEEP_DENSE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "lk_solid_spans.h"

#pragma STDC FP_CONTRACT OFF

/// Rows whose touched cells span at most this many columns are swept densely (at most 64, so
/// that a row's written bits lie in one word or two).
#define LK_DENSE_ROW 64

/// The coverage byte of a running sum: ⌊min(|x|, 1)·255 + 0.5⌋, NaN as full coverage.
static inline uint8_t lk_dense_byte(float x) {
    float v = fabsf(x);
    if (!(v <= 1)) v = 1;
    return (uint8_t)(int32_t)(v * 255.0f + 0.5f);
}

/// One block of eight cells `c` (zero past the row) in the order of the header, plain floats:
/// the coverage bytes of its eight pixels into `cov`, the carried sum updated.
static inline void lk_dense_block_portable(const float *c, float *carry, uint8_t *cov) {
    float t[8], u[8];
    for (int i = 0; i < 8; i++) t[i] = c[i] + ((i & 3) >= 1 ? c[i - 1] : 0.0f);
    for (int i = 0; i < 8; i++) u[i] = t[i] + ((i & 3) >= 2 ? t[i - 2] : 0.0f);
    const float s = *carry, u3 = u[3];
    float x = 0;
    for (int i = 0; i < 8; i++) {
        x = (u[i] + (i >= 4 ? u3 : 0.0f)) + s;
        cov[i] = lk_dense_byte(x);
    }
    *carry = x;
}

#if defined(__SSE2__)
/// `lk_dense_block_portable` with SSE2, the block as two halves of four lanes.
static inline void lk_dense_block_sse2(const float *c, float *carry, uint8_t *cov) {
    __m128 a = _mm_loadu_ps(c), b = _mm_loadu_ps(c + 4);
    a = _mm_add_ps(a, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(a), 4)));
    b = _mm_add_ps(b, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(b), 4)));
    a = _mm_add_ps(a, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(a), 8)));
    b = _mm_add_ps(b, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(b), 8)));
    b = _mm_add_ps(b, _mm_shuffle_ps(a, a, 0xFF));
    a = _mm_add_ps(a, _mm_setzero_ps());
    const __m128 s = _mm_set1_ps(*carry);
    a = _mm_add_ps(a, s);
    b = _mm_add_ps(b, s);
    *carry = _mm_cvtss_f32(_mm_shuffle_ps(b, b, 0xFF));
    const __m128 sign = _mm_set1_ps(-0.0f), one = _mm_set1_ps(1.0f), k255 = _mm_set1_ps(255.0f),
                 half = _mm_set1_ps(0.5f);
    const __m128i ka = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_min_ps(_mm_andnot_ps(sign, a), one), k255), half));
    const __m128i kb = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_min_ps(_mm_andnot_ps(sign, b), one), k255), half));
    const __m128i k16 = _mm_packs_epi32(ka, kb);
    _mm_storel_epi64((__m128i *)cov, _mm_packus_epi16(k16, k16));
}
#endif

/// A narrow row by blocks of eight, without AVX2: `cells` cells from `cell` summed in the
/// header's order and cleared, then `pixels` pixels from `dst` composited from their coverage
/// (`pixels` ≤ `cells` ≤ LK_DENSE_ROW). `portable` chooses plain C throughout, else SSE2.
static inline void lk_sweep_dense_blocks(float *cell, ptrdiff_t cells, uint32_t *dst, ptrdiff_t pixels,
                                         uint32_t color, int portable) {
    uint8_t cov[LK_DENSE_ROW + 8];
    float carry = 0;
    for (ptrdiff_t i = 0; i < cells; i += 8) {
        float block[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        const ptrdiff_t k = cells - i < 8 ? cells - i : 8;
        memcpy(block, cell + i, (size_t)k * sizeof(float));
        memset(cell + i, 0, (size_t)k * sizeof(float));
#if defined(__SSE2__)
        if (!portable) { lk_dense_block_sse2(block, &carry, cov + i); continue; }
#endif
        lk_dense_block_portable(block, &carry, cov + i);
    }
    if (pixels <= 0) return;
    if (portable) lk_span_masked_portable(dst, pixels, cov, color);
    else lk_span_masked_sse2(dst, pixels, cov, color);
}

#if LK_HAVE_AVX2_KERNELS
/// Lanes 0 ..< k all ones, the rest zero (0 ≤ k ≤ 8).
__attribute__((target("avx2"))) static inline __m256i lk_dense_lanes(ptrdiff_t k) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/// The AVX2 lanes' constants of one row: the colour as 16-bit lanes, whether it is opaque, and
/// the coverage rule's.
typedef struct lk_dense_avx2_consts {
    __m256i color;
    __m256 sign, one, k255, half;
    /// The colour in every 32-bit lane, and 255 − its alpha in every 16-bit lane (a block of
    /// full coverage: lk_dense_step_full_avx2).
    __m256i pixel, ia;
    int opaque;
} lk_dense_avx2_consts;

__attribute__((target("avx2"))) static inline lk_dense_avx2_consts lk_dense_avx2_setup(uint32_t color) {
    lk_dense_avx2_consts k;
    k.color = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    k.sign = _mm256_set1_ps(-0.0f); k.one = _mm256_set1_ps(1.0f);
    k.k255 = _mm256_set1_ps(255.0f); k.half = _mm256_set1_ps(0.5f);
    k.pixel = _mm256_set1_epi32((int)color);
    k.ia = _mm256_set1_epi16((short)(255 - (color >> 24)));
    k.opaque = color >> 24 == 255;
    return k;
}

/// A block's eight pixels `d` composited from their coverage lanes: through the opaque colour's
/// shorter form where `k->opaque` (the same pixels; lk_solid_spans_avx2.h).
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_composite_avx2(
    __m256i d, __m256i klo, __m256i khi, const lk_dense_avx2_consts *k) {
    return k->opaque ? lk_masked_eight_lanes_opaque_avx2(d, klo, khi, k->color)
                     : lk_masked_eight_lanes_avx2(d, klo, khi, k->color);
}

/// A block's cells `x` summed in the header's order onto `*carry` (every lane becomes the
/// block's last sum) and their coverage bytes, one per 32-bit lane (lane 7 is the carried sum's).
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_coverage_avx2(
    __m256 x, const lk_dense_avx2_consts *k, __m256 *carry) {
    x = _mm256_add_ps(x, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(x), 4)));
    x = _mm256_add_ps(x, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(x), 8)));
    const __m256 low = _mm256_permute2f128_ps(x, x, 0x08);      // low half zero, high half x's low half
    x = _mm256_add_ps(x, _mm256_shuffle_ps(low, low, 0xFF));   // + u_3 above, + 0 below
    x = _mm256_add_ps(x, *carry);
    *carry = _mm256_permutevar8x32_ps(x, _mm256_set1_epi32(7));
    const __m256 v = _mm256_min_ps(_mm256_andnot_ps(k->sign, x), k->one);
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, k->k255), k->half));
}

/// The byte shuffle spreading each pixel's coverage (0…255, one per 32-bit lane: pixels 0…3 in
/// the low half, 4…7 in the high half) to the 16-bit lanes of the destination's low byte unpack,
/// within each half; `lk_dense_to_hi` the same for the high unpack.
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_to_lo(void) {
    return _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1,
                            0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1);
}
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_to_hi(void) {
    return _mm256_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1,
                            8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1);
}

/// Eight pixels at `dst` composited at the coverage lanes `b`.
__attribute__((target("avx2"), always_inline)) static inline void lk_dense_composite8_avx2(
    uint32_t *dst, __m256i b, const lk_dense_avx2_consts *k) {
    const __m256i d = _mm256_loadu_si256((const __m256i *)dst);
    _mm256_storeu_si256((__m256i *)dst, lk_dense_composite_avx2(d, _mm256_shuffle_epi8(b, lk_dense_to_lo()),
                                                                _mm256_shuffle_epi8(b, lk_dense_to_hi()), k));
}

/// One block of eight cells at `cell` with AVX2: summed in the header's order onto `*carry`
/// (every lane becomes the block's last sum), cleared, its coverage bytes formed and its
/// pixels at `dst` composited. `cells` ≥ 1 cells from `cell` lie before the row's end and
/// `cellRoom` in the row's buffer (those past `cells` are zero); `pixels` of the block's
/// pixels are drawn and `pixelRoom` lie in the bitmap's row. A block that fits its room reads
/// and writes all eight lanes (extra cells add zero and stay zero; extra pixels get coverage 0,
/// which leaves them as they are); one that does not uses masked loads and stores. Returns the
/// block's coverage lanes.
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_step_avx2(
    float *cell, ptrdiff_t cells, ptrdiff_t cellRoom, uint32_t *dst, ptrdiff_t pixels, ptrdiff_t pixelRoom,
    const lk_dense_avx2_consts *k, __m256 *carry) {
    __m256 x;
    if (8 <= cellRoom) {
        x = _mm256_loadu_ps(cell);
        _mm256_storeu_ps(cell, _mm256_setzero_ps());
    } else {
        const __m256i lanes = lk_dense_lanes(cells);
        x = _mm256_maskload_ps(cell, lanes);
        _mm256_maskstore_ps(cell, lanes, _mm256_setzero_ps());
    }
    const __m256i b = lk_dense_coverage_avx2(x, k, carry);
    if (pixels >= 8) {
        lk_dense_composite8_avx2(dst, b, k);
    } else if (pixels > 0) {
        const __m256i lanes = lk_dense_lanes(pixels);
        const __m256i bp = _mm256_and_si256(b, lanes);                  // coverage 0 past the row's pixels
        if (8 <= pixelRoom) {
            lk_dense_composite8_avx2(dst, bp, k);
        } else {
            const __m256i d = _mm256_maskload_epi32((const int *)dst, lanes);
            _mm256_maskstore_epi32((int *)dst, lanes, lk_dense_composite_avx2(d, _mm256_shuffle_epi8(bp, lk_dense_to_lo()),
                                                                              _mm256_shuffle_epi8(bp, lk_dense_to_hi()), k));
        }
    }
    return b;
}

/// `lk_dense_step_avx2` for a block whose eight cells and eight pixels all lie in the row and
/// its drawn columns (the caller has checked this once for the whole row): the same sums,
/// coverage and pixels, without the tests.
__attribute__((target("avx2"), always_inline)) static inline __m256i lk_dense_step_inside_avx2(
    float *cell, uint32_t *dst, const lk_dense_avx2_consts *k, __m256 *carry) {
    const __m256 x = _mm256_loadu_ps(cell);
    _mm256_storeu_ps(cell, _mm256_setzero_ps());
    const __m256i b = lk_dense_coverage_avx2(x, k, carry);
    lk_dense_composite8_avx2(dst, b, k);
    return b;
}

/// `lk_dense_step_inside_avx2` where a block's eight pixels are all at full coverage (a thick
/// stroke's or a small shape's inside) composited as a solid run's: the colour stored where it is
/// opaque, else s + d·ia/255 (lk_over_eight_avx2). At coverage 255 the masked source-over gives
/// exactly that (s = c·255/255 = c, its alpha the colour's), so the pixels are the same bits;
/// the test is one exclusive or and one vector test a block (every lane 255 exactly when b ^ 255
/// is zero: no all-ones register, which the sweep's row loops are short of).
__attribute__((target("avx2"), always_inline)) static inline void lk_dense_step_full_avx2(
    float *cell, uint32_t *dst, const lk_dense_avx2_consts *k, __m256 *carry) {
    const __m256 x = _mm256_loadu_ps(cell);
    _mm256_storeu_ps(cell, _mm256_setzero_ps());
    const __m256i b = lk_dense_coverage_avx2(x, k, carry);
    const __m256i notFull = _mm256_xor_si256(b, _mm256_set1_epi32(255));
    if (_mm256_testz_si256(notFull, notFull)) {
        if (k->opaque) _mm256_storeu_si256((__m256i *)dst, k->pixel);
        else _mm256_storeu_si256((__m256i *)dst, lk_over_eight_avx2(_mm256_loadu_si256((const __m256i *)dst), k->ia, k->pixel));
        return;
    }
    lk_dense_composite8_avx2(dst, b, k);
}

/// `lk_sweep_dense_blocks` with AVX2: each block of eight cells summed (the header's order), its
/// coverage bytes formed and its eight pixels composited in one step (lk_dense_step_avx2).
/// `cellRoom` cells from `cell` lie in the row (those past `cells` are zero) and `pixelRoom`
/// pixels from `dst` in the bitmap's row; `k` holds the colour's lanes. `spare` (a constant) is
/// 1 where the caller knows the row's buffer holds seven zero cells past its last touched one
/// (the rasterizer's rows: Fill.swift's stride), so that every block starting before `cells`
/// has its eight cells in the buffer: then `cellRoom` is not read (one live value and one test
/// fewer in the sweep's row loop; the same loads, sums and pixels).
__attribute__((target("avx2"), always_inline)) static inline void lk_sweep_dense_avx2(
    float *cell, ptrdiff_t cells, ptrdiff_t cellRoom, uint32_t *dst, ptrdiff_t pixels, ptrdiff_t pixelRoom,
    const lk_dense_avx2_consts *k, int spare) {
    __m256 carry = _mm256_setzero_ps();
    // The blocks whose eight pixels are all drawn first, without the room tests: there eight
    // cells lie in the row's buffer too (pixels ≤ cells ≤ cellRoom), so lk_dense_step_avx2
    // would take its full loads and store, the same sums and pixels (a narrow row has four or
    // five blocks, and the tests were a seventh of each).
    ptrdiff_t i = 0;
    for (; i + 8 <= pixels; i += 8) lk_dense_step_full_avx2(cell + i, dst + i, k, &carry);
    if (i >= cells) return;
    if (cells - i <= 8 && pixels > i && (spare || cellRoom - i >= 8) && pixelRoom - i >= 8) {
        // The usual last block (one, part of whose pixels are drawn, with room for all eight
        // lanes): lk_dense_step_avx2's full load and its lanes past the pixels at coverage 0,
        // without the loop's arguments and tests.
        const __m256 x = _mm256_loadu_ps(cell + i);
        _mm256_storeu_ps(cell + i, _mm256_setzero_ps());
        const __m256i b = lk_dense_coverage_avx2(x, k, &carry);
        lk_dense_composite8_avx2(dst + i, _mm256_and_si256(b, lk_dense_lanes(pixels - i)), k);
        return;
    }
    for (; i < cells; i += 8) {
        lk_dense_step_avx2(cell + i, cells - i, spare ? 8 : cellRoom - i, dst + i, pixels - i, pixelRoom - i, k, &carry);
    }
}

/// Asks for the cache lines of pixels from ..< to of the row `ahead` pixels after `dst` (the next
/// row: a shape's edges move little from one row to the next), one prefetch per 64-byte line.
/// `ahead` 0 points them at the row itself, whose lines the caller loads next anyway: no test of
/// `ahead` on every row. A prefetch changes no pixel and never faults, wherever it points.
/// Why: a frame's bitmap (800×600: 1.9 MB) outgrows a 1 MB level-2 cache (AMD Zen 4), and
/// without it the sweep waited on the outer cache at the first load of every block and run.
__attribute__((always_inline)) static inline void lk_prefetch_row_ahead(const uint32_t *dst, ptrdiff_t ahead,
                                                                        ptrdiff_t from, ptrdiff_t to) {
    const uint32_t *p = dst + ahead;
    for (ptrdiff_t i = from; i < to; i += 16) __builtin_prefetch(p + i, 1, 3);
    if (to > from) __builtin_prefetch(p + to - 1, 1, 3);
}

/// `lk_sweep_row_dense`'s AVX2 path, the colour's lanes `k` set up by the caller (for callers
/// compiled with AVX2); `ahead` as `lk_prefetch_row_ahead` (0: the row itself); `spare` as
/// `lk_sweep_dense_avx2` (then `stride` is not read).
__attribute__((target("avx2"), always_inline)) static inline void lk_sweep_row_dense_lanes_avx2(
    float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t stride, uint32_t *dst, ptrdiff_t columns,
    ptrdiff_t room, const lk_dense_avx2_consts *k, ptrdiff_t ahead, int spare) {
    bit[lo >> 6] = 0;                       // at most 64 cells: one word or two
    bit[(hi - 1) >> 6] = 0;
    const ptrdiff_t pixels = (hi < columns ? hi : columns) - lo;
    lk_prefetch_row_ahead(dst, ahead, lo, lo + pixels);
    lk_sweep_dense_avx2(cell + lo, hi - lo, stride - lo, dst + lo, pixels, room - lo, k, spare);
}

/// `lk_sweep_row_dense`'s AVX2 path for `color`.
__attribute__((target("avx2"))) static inline void lk_sweep_row_dense_avx2(float *cell, uint64_t *bit, ptrdiff_t lo,
                                                                           ptrdiff_t hi, ptrdiff_t stride, uint32_t *dst,
                                                                           ptrdiff_t columns, ptrdiff_t room,
                                                                           uint32_t color) {
    const lk_dense_avx2_consts k = lk_dense_avx2_setup(color);
    lk_sweep_row_dense_lanes_avx2(cell, bit, lo, hi, stride, dst, columns, room, &k, 0, 0);
}
#endif

/// Narrow rows of more cells than this take the AVX-512 steps where the CPU has them (fewer
/// take one or two AVX2 blocks, the same sums).
#define LK_DENSE_WIDE_ROW 16

#if LK_HAVE_AVX512_KERNELS
/// The AVX-512 lanes' constants of a narrow row (lk_sweep_dense_avx512): the colour's channels
/// as 16-bit lanes (lk_masked_sixteen_avx512's `c`), the colour in every 32-bit lane and 255 −
/// its alpha in every 16-bit lane (a block of full coverage), whether it is opaque, and the
/// coverage rule's and the prefix sum's constants.
typedef struct lk_dense_avx512_consts {
    __m512i color, pixel, ia, magnitude, full, third, seventh, last;
    __m512 one, k255, half;
    int opaque;
} lk_dense_avx512_consts;

LK_AVX512_TARGET static inline lk_dense_avx512_consts lk_dense_avx512_setup(uint32_t color) {
    lk_dense_avx512_consts k;
    k.color = _mm512_unpacklo_epi8(_mm512_set1_epi32((int)color), _mm512_setzero_si512());
    k.pixel = _mm512_set1_epi32((int)color);
    k.ia = _mm512_set1_epi16((short)(255 - (color >> 24)));
    k.magnitude = _mm512_set1_epi32(0x7FFFFFFF);
    k.full = _mm512_set1_epi32(255);
    k.third = _mm512_set_epi32(11, 11, 11, 11, 11, 11, 11, 11, 3, 3, 3, 3, 3, 3, 3, 3);
    k.seventh = _mm512_set1_epi32(7);
    k.last = _mm512_set1_epi32(15);
    k.one = _mm512_set1_ps(1.0f); k.k255 = _mm512_set1_ps(255.0f); k.half = _mm512_set1_ps(0.5f);
    k.opaque = color >> 24 == 255;
    return k;
}

/// One step of lk_sweep_dense_avx512: the sixteen cells at `cell` under the lane mask `mc`
/// summed onto `*carry` and cleared, and the pixels at `dst` under `mp` composited.
LK_AVX512_TARGET __attribute__((always_inline)) static inline void lk_dense_step_avx512(
    float *cell, __mmask16 mc, uint32_t *dst, __mmask16 mp, const lk_dense_avx512_consts *k, __m512 *carry) {
    __m512 x = _mm512_maskz_loadu_ps(mc, cell);
    _mm512_mask_storeu_ps(cell, mc, _mm512_setzero_ps());
    // Within each quarter two shifted adds, then each block's third lane onto its high
    // quarter (+0 onto its low quarter), as lk_dense_coverage_avx2.
    x = _mm512_add_ps(x, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(x), 4)));
    x = _mm512_add_ps(x, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(x), 8)));
    x = _mm512_add_ps(x, _mm512_maskz_permutexvar_ps(0xF0F0, k->third, x));
    x = _mm512_mask_add_ps(x, 0x00FF, x, *carry);
    x = _mm512_mask_add_ps(x, 0xFF00, x, _mm512_permutexvar_ps(k->seventh, x));
    *carry = _mm512_permutexvar_ps(k->last, x);
    const __m512 v = _mm512_min_ps(_mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(x), k->magnitude)),
                                   k->one);
    const __m512i b = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, k->k255), k->half));
    if (_mm512_mask_cmpneq_epi32_mask(mp, b, k->full) == 0) {
        if (k->opaque) {
            _mm512_mask_storeu_epi32((void *)dst, mp, k->pixel);
        } else {
            const __m512i d = _mm512_maskz_loadu_epi32(mp, (const void *)dst);
            _mm512_mask_storeu_epi32((void *)dst, mp, lk_over_sixteen_avx512(d, k->ia, k->pixel));
        }
        return;
    }
    const __m512i d = _mm512_maskz_loadu_epi32(mp, (const void *)dst);
    _mm512_mask_storeu_epi32((void *)dst, mp, lk_masked_sixteen_avx512(d, _mm512_cvtepi32_epi8(b), k->color, k->opaque));
}

/// A narrow row with AVX-512, two of the header's eight-cell blocks per step: `cells` ≥ 1 cells
/// from `cell` summed in the header's order (the low block onto the carried sum, the high block
/// onto the low block's last sum: the same additions, operation for operation, as two
/// lk_dense_coverage_avx2 steps, so the same bits) and cleared, and `pixels` ≤ `cells` pixels
/// from `dst` composited from their coverage (lk_masked_sixteen_avx512; a step whose drawn
/// pixels are all at full coverage as lk_over_sixteen_avx512 or the opaque colour's store, the
/// same pixels). The steps whose sixteen pixels are all drawn take all lanes; the rest are
/// masked to the row's cells and drawn pixels (single instructions with AVX-512's opmasks, zero
/// lanes past the cells, as the buffer's zero cells are to the AVX2 path), so the row needs no
/// room past its end.
LK_AVX512_TARGET __attribute__((always_inline)) static inline void lk_sweep_dense_avx512(
    float *cell, ptrdiff_t cells, uint32_t *dst, ptrdiff_t pixels, const lk_dense_avx512_consts *k) {
    __m512 carry = _mm512_setzero_ps();
    ptrdiff_t i = 0;
    for (; i + 16 <= pixels; i += 16) lk_dense_step_avx512(cell + i, 0xFFFF, dst + i, 0xFFFF, k, &carry);
    for (; i < cells; i += 16) {
        const ptrdiff_t nc = cells - i, np = pixels - i;
        lk_dense_step_avx512(cell + i, lk_lanes16(nc < 16 ? nc : 16), dst + i,
                             np <= 0 ? 0 : lk_lanes16(np < 16 ? np : 16), k, &carry);
    }
}

/// `lk_sweep_row_dense`'s AVX-512 path, the colour's lanes `k` set up by the caller (for
/// callers compiled with AVX-512); `ahead` as `lk_prefetch_row_ahead`. Its masked loads and
/// stores need neither the row's stride nor the bitmap row's room.
LK_AVX512_TARGET __attribute__((always_inline)) static inline void lk_sweep_row_dense_lanes_avx512(
    float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, uint32_t *dst, ptrdiff_t columns,
    const lk_dense_avx512_consts *k, ptrdiff_t ahead) {
    bit[lo >> 6] = 0;                       // at most 64 cells: one word or two
    bit[(hi - 1) >> 6] = 0;
    const ptrdiff_t pixels = (hi < columns ? hi : columns) - lo;
    lk_prefetch_row_ahead(dst, ahead, lo, lo + pixels);
    lk_sweep_dense_avx512(cell + lo, hi - lo, dst + lo, pixels, k);
}

/// `lk_sweep_row_dense`'s AVX-512 path for `color`.
LK_AVX512_TARGET static inline void lk_sweep_row_dense_avx512(float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi,
                                                              uint32_t *dst, ptrdiff_t columns, uint32_t color) {
    const lk_dense_avx512_consts k = lk_dense_avx512_setup(color);
    lk_sweep_row_dense_lanes_avx512(cell, bit, lo, hi, dst, columns, &k, 0);
}
#endif

/// One narrow row under the non-zero rule: cells lo ..< hi of the row's cells `cell` (`stride`
/// of them, zero outside the touched range) summed and cleared, their bits cleared, and pixels
/// lo ..< min(hi, columns) of the row's pixels `dst` (the pixel of cell 0; `columns` drawn
/// columns from there, `room` ≥ columns pixels in the bitmap's row, which the AVX2 path may
/// rewrite with their own values) painted with `color`. AVX-512 where the CPU has it (and
/// LAYERKIT_NO_AVX512 is unset), at every row length (the sweep's own row loop sends rows of at
/// most LK_DENSE_WIDE_ROW cells to AVX2), else AVX2 where it has that, unless `portable`.
static inline void lk_sweep_row_dense(float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t stride,
                                      uint32_t *dst, ptrdiff_t columns, ptrdiff_t room, uint32_t color,
                                      int portable) {
#if LK_HAVE_AVX512_KERNELS
    if (!portable && lk_cpu_has_avx512()) {
        lk_sweep_row_dense_avx512(cell, bit, lo, hi, dst, columns, color);
        return;
    }
#endif
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) {
        lk_sweep_row_dense_avx2(cell, bit, lo, hi, stride, dst, columns, room, color);
        return;
    }
#endif
    (void)stride; (void)room;
    bit[lo >> 6] = 0;                       // at most 64 cells: one word or two
    bit[(hi - 1) >> 6] = 0;
    const ptrdiff_t pixels = (hi < columns ? hi : columns) - lo;
    lk_sweep_dense_blocks(cell + lo, hi - lo, dst + lo, pixels, color, portable);
}

#endif
