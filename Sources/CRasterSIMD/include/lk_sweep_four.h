// Four consecutive written cells of the non-zero sweep at once (SSE2): their running sums,
// coverage bytes, and the cells cleared, in one vector step instead of four scalar ones.
//
// Rule (the scalar sweep's, lk_coverage_sweep.h): sum ← sum + cell, v = min(|sum|, 1) (NaN gives
// 1), coverage = ⌊v·255 + 0.5⌋ by truncation. The running sums are formed in the scalar order —
// lane 0 is sum + c0, then each lane adds its predecessor's total (c1 + s0, c2 + s1, c3 + s2),
// one lane per step under a mask — and IEEE addition is commutative, so every sum is the scalar
// sweep's bit for bit (a prefix sum by halving steps would re-associate the additions and could
// move a coverage by one). `_mm_min_ps(v, 1)` returns its second operand for NaN, the scalar
// rule's 1; the multiply and add are separate, rounded instructions as in the scalar code.
#ifndef LK_SWEEP_FOUR_H
#define LK_SWEEP_FOUR_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>

/// Adds cells[0..<4] to `*sum` one after another, clears them, and returns their four non-zero
/// coverage bytes packed little-endian (cell 0 in the low byte); `*sum` becomes the last sum.
static inline uint32_t lk_sweep_four_nonzero(float *cells, float *sum) {
    const __m128 c = _mm_loadu_ps(cells);
    _mm_storeu_ps(cells, _mm_setzero_ps());
    __m128 x = _mm_add_ss(c, _mm_set_ss(*sum));                                   // c0 + sum
    const __m128 lane1 = _mm_castsi128_ps(_mm_setr_epi32(0, -1, 0, 0));
    const __m128 lane2 = _mm_castsi128_ps(_mm_setr_epi32(0, 0, -1, 0));
    const __m128 lane3 = _mm_castsi128_ps(_mm_setr_epi32(0, 0, 0, -1));
    x = _mm_add_ps(x, _mm_and_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(x), 4)), lane1));   // c1 + s0
    x = _mm_add_ps(x, _mm_and_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(x), 4)), lane2));   // c2 + s1
    x = _mm_add_ps(x, _mm_and_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(x), 4)), lane3));   // c3 + s2
    *sum = _mm_cvtss_f32(_mm_shuffle_ps(x, x, 0xFF));
    // Lanes that added +0 keep their value; a −0 becoming +0 is lost in the absolute value.
    const __m128 v = _mm_min_ps(_mm_andnot_ps(_mm_set1_ps(-0.0f), x), _mm_set1_ps(1.0f));
    const __m128i k = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
    const __m128i k16 = _mm_packs_epi32(k, k);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(k16, k16));
}
#endif

#endif
