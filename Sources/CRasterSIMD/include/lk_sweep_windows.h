// A wide row of the non-zero sweep (its touched cells spread over more columns than a narrow
// row's) as windows of eight-cell blocks with solid runs between them: the touched cells come
// in clusters (an edge's crossing of the row touches two to a few cells), and the pixels between
// two clusters all have the coverage of the sum carried out of the first.
//
// Windows: a window starts at a touched cell and is swept in blocks of eight cells from there
// (lk_sweep_dense.h's blocked prefix sum, coverage and masked composite, one step per block);
// after each block, the next touched cell (found in the row's written bits with a trailing-zero
// count) is either within LK_WINDOW_GAP cells of the block's end, and the window goes on with the
// next block, or farther, and the window ends: the pixels from the block's end to that cell get
// the coverage of the carried sum as one solid run (lk_span_solid; none at coverage 0), and a new
// window starts at the cell with the carried sum. After the last window the row's deltas sum to
// zero, so nothing follows it. (The AVX2 path looks past untouched bit words four at a time
// and runs of full coverage in an opaque colour go straight to its eight-pixel store; the
// windows, blocks and pixels are the same.) The block boundaries, hence the order of the
// additions, depend only on the touched cells and LK_WINDOW_GAP, and every path (AVX2, SSE2,
// plain C) takes the same windows and blocks, so the three paint the same bits. Against the
// scalar left-to-right sum a sum can differ in its last bits (lk_sweep_dense.h), which moves a
// coverage byte only where v·255 + 0.5 lies within about 10⁻⁵ of an integer.
//
// A pixel's arithmetic is the sweep's: a block's pixels through the masked source-over (coverage
// 0 leaves a pixel as it was), a run's through the solid span at the same coverage, which gives
// the same value pixel for pixel (lk_solid_spans.h).
//
// Memory: as lk_sweep_dense.h. A block starts at or before a touched cell, so it ends at most
// seven cells past the row's last touched one: within the row of the rasterizer's cell buffer
// (seven spare zero cells per row). Runs are clipped to the drawn columns; the row's bit words
// are cleared at the end. The AVX2 loop prefetches the next row's pixels at the columns of each
// block and translucent run (lk_prefetch_row_ahead in lk_sweep_dense.h), which reads nothing
// and changes no pixel.
#ifndef LK_SWEEP_WINDOWS_H
#define LK_SWEEP_WINDOWS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "lk_solid_spans.h"
#include "lk_sweep_dense.h"

#pragma STDC FP_CONTRACT OFF

/// Untouched cells after a block from which a window ends and a solid run takes over (fewer are
/// swept as blocks: a block costs about as much as a run's set-up).
#define LK_WINDOW_GAP 8

/// The first touched cell at or after `from` in a row's bit words (`last`: its last word), or −1.
__attribute__((always_inline)) static inline ptrdiff_t lk_window_next(const uint64_t *bit, ptrdiff_t from,
                                                                      ptrdiff_t last) {
    ptrdiff_t w = from >> 6;
    if (w > last) return -1;
    uint64_t word = bit[w] & (~(uint64_t)0 << (from & 63));
    while (word == 0) {
        if (++w > last) return -1;
        word = bit[w];
    }
    return (w << 6) | __builtin_ctzll(word);
}

/// Paints the run of pixels from..<to (clipped to `columns`) at the coverage of `sum`.
__attribute__((always_inline)) static inline void lk_window_run(uint32_t *dst, ptrdiff_t from, ptrdiff_t to,
                                                                ptrdiff_t columns, float sum, uint32_t color,
                                                                int portable) {
    const uint32_t cov = lk_dense_byte(sum);
    const ptrdiff_t z = to < columns ? to : columns;
    if (cov != 0 && from < z) lk_span_solid(dst + from, z - from, cov, color, portable);
}

/// A wide row by windows without AVX2: blocks through `lk_dense_block_sse2` (or plain C with
/// `portable`) and each block's pixels through the masked span. Arguments as
/// `lk_sweep_row_windows`.
static inline void lk_sweep_windows_blocks(float *cell, const uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi,
                                           uint32_t *dst, ptrdiff_t columns, uint32_t color, int portable) {
    const ptrdiff_t last = (hi - 1) >> 6;
    float carry = 0;
    ptrdiff_t i = lo;
    for (;;) {
        float block[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        uint8_t cov[8];
        const ptrdiff_t k = hi - i < 8 ? hi - i : 8;
        memcpy(block, cell + i, (size_t)k * sizeof(float));
        memset(cell + i, 0, (size_t)k * sizeof(float));
#if defined(__SSE2__)
        if (!portable) lk_dense_block_sse2(block, &carry, cov);
        else lk_dense_block_portable(block, &carry, cov);
#else
        lk_dense_block_portable(block, &carry, cov);
#endif
        const ptrdiff_t p = columns - i < 8 ? columns - i : 8;
        if (p > 0) {
            if (portable) lk_span_masked_portable(dst + i, p, cov, color);
#if defined(__SSE2__)
            else lk_span_masked_sse2(dst + i, p, cov, color);
#endif
        }
        i += 8;
        const ptrdiff_t j = lk_window_next(bit, i, last);
        if (j < 0) return;
        if (j - i >= LK_WINDOW_GAP) {
            lk_window_run(dst, i, j, columns, carry, color, portable);
            i = j;
        }
    }
}

#if LK_HAVE_AVX2_KERNELS
/// `lk_window_next` with AVX2: past the first word, the untouched words (the inside of a ring,
/// the gap between two shapes) are skipped four at a time with one 256-bit test, only words
/// up to `last` read.
__attribute__((target("avx2"), always_inline)) static inline ptrdiff_t lk_window_next_avx2(const uint64_t *bit,
                                                                                           ptrdiff_t from,
                                                                                           ptrdiff_t last) {
    ptrdiff_t w = from >> 6;
    if (w > last) return -1;
    uint64_t word = bit[w] & (~(uint64_t)0 << (from & 63));
    if (word == 0) {
        w++;
        for (; w + 3 <= last; w += 4) {
            const __m256i v = _mm256_loadu_si256((const __m256i *)(bit + w));
            if (!_mm256_testz_si256(v, v)) break;
        }
        for (;; w++) {
            if (w > last) return -1;
            word = bit[w];
            if (word != 0) break;
        }
    }
    return (w << 6) | __builtin_ctzll(word);
}

/// `lk_window_clear_bits` with AVX2: four words per store, the last four (when there are that
/// many) by one more store over them, fewer by single stores. (Written out so that the compiler
/// does not turn the ragged end into a masked-store loop: masked stores are many times slower
/// than plain ones on some processors.)
__attribute__((target("avx2"), always_inline)) static inline void lk_window_clear_bits_avx2(uint64_t *bit, ptrdiff_t lo,
                                                                                           ptrdiff_t hi) {
    const ptrdiff_t first = lo >> 6, last = (hi - 1) >> 6;
    if (last - first >= 3) {
        for (ptrdiff_t w = first; w + 3 < last; w += 4) _mm256_storeu_si256((__m256i *)(bit + w), _mm256_setzero_si256());
        _mm256_storeu_si256((__m256i *)(bit + last - 3), _mm256_setzero_si256());
        return;
    }
    bit[first] = 0;
    bit[last] = 0;
    if (last - first == 2) bit[first + 1] = 0;
}

/// `lk_window_run` in the AVX2 row loop, at the coverage byte `cov` of the carried sum: a run
/// of full coverage in an opaque colour (a stroke's or a shape's solid inside) straight to the
/// AVX2 store, without the span's CPU check and coverage tests; any other through
/// `lk_span_solid`, the same columns of the next row prefetched first (with `ahead`,
/// lk_prefetch_row_ahead): its pixels are read, where a store's are only written. (The AVX-512
/// store, a call away from this AVX2 code, made the ring's frame slower, not faster.)
__attribute__((target("avx2"), always_inline)) static inline void lk_window_run_avx2(uint32_t *dst, ptrdiff_t from,
                                                                                    ptrdiff_t to, ptrdiff_t columns,
                                                                                    uint32_t cov, uint32_t color,
                                                                                    const lk_dense_avx2_consts *k,
                                                                                    ptrdiff_t ahead) {
    const ptrdiff_t z = to < columns ? to : columns;
    if (cov == 0 || from >= z) return;
    if (k->opaque && cov == 255 && z - from >= 8) { lk_span_store_avx2(dst + from, z - from, color); return; }
    lk_prefetch_row_ahead(dst, ahead, from, z);
    lk_span_solid(dst + from, z - from, cov, color, 0);
}

/// The window loop of `lk_sweep_windows_lanes_avx2`; `inside` (a constant): every block's eight
/// cells and pixels lie in the row's buffer and drawn columns, so blocks skip the room tests.
/// Otherwise a block that starts at or before `fit` (eight cells and eight drawn pixels from it)
/// still takes the short step, whose loads, sums and pixels are then lk_dense_step_avx2's: only
/// the blocks at the row's right end pay the room tests (a shape's rows that reach the right
/// side of its box, such as the ring's middle rows, are otherwise inside for all blocks but
/// their last).
/// A run's coverage is the last lane of the block before it (the carried sum's byte).
__attribute__((target("avx2"), always_inline)) static inline void lk_sweep_windows_loop_avx2(
    float *cell, const uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t cellRoom, uint32_t *dst,
    ptrdiff_t columns, ptrdiff_t room, const lk_dense_avx2_consts *k, uint32_t color, int inside, ptrdiff_t ahead) {
    const ptrdiff_t last = (hi - 1) >> 6;
    const ptrdiff_t fit = (columns < cellRoom ? columns : cellRoom) - 8;
    __m256 carry = _mm256_setzero_ps();
    ptrdiff_t i = lo;
    for (;;) {
        __builtin_prefetch(dst + ahead + i, 1, 3);   // the block's first pixel, next row (lk_prefetch_row_ahead)
        const __m256i b = inside || i <= fit
                              ? lk_dense_step_inside_avx2(cell + i, dst + i, k, &carry)
                              : lk_dense_step_avx2(cell + i, hi - i, cellRoom - i, dst + i, columns - i, room - i, k, &carry);
        i += 8;
        const ptrdiff_t j = lk_window_next_avx2(bit, i, last);
        if (j < 0) return;
        if (j - i >= LK_WINDOW_GAP) {
            lk_window_run_avx2(dst, i, j, columns, (uint32_t)_mm256_extract_epi32(b, 7), color, k, ahead);
            i = j;
        }
    }
}

/// A wide row by windows with AVX2, each block one `lk_dense_step_avx2` (`k`: the colour's
/// lanes). `cellRoom` cells from `cell` lie in the row's buffer and `room` pixels from `dst` in
/// the bitmap's row. Leaves the row's bit words to the caller (for callers compiled with AVX2).
/// Blocks start at touched cells, below `hi`, so when hi + 7 is within both the buffer's row and
/// the drawn columns every block is inside them (the rasterizer's rows away from the right edge).
__attribute__((target("avx2"), always_inline)) static inline void lk_sweep_windows_lanes_avx2(
    float *cell, const uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t cellRoom, uint32_t *dst,
    ptrdiff_t columns, ptrdiff_t room, const lk_dense_avx2_consts *k, uint32_t color, ptrdiff_t ahead) {
    if (hi + 7 <= cellRoom && hi + 7 <= columns) {
        lk_sweep_windows_loop_avx2(cell, bit, lo, hi, cellRoom, dst, columns, room, k, color, 1, ahead);
    } else {
        lk_sweep_windows_loop_avx2(cell, bit, lo, hi, cellRoom, dst, columns, room, k, color, 0, ahead);
    }
}

/// `lk_sweep_windows_lanes_avx2` for `color`.
__attribute__((target("avx2"))) static inline void lk_sweep_windows_avx2(float *cell, const uint64_t *bit, ptrdiff_t lo,
                                                                         ptrdiff_t hi, ptrdiff_t cellRoom,
                                                                         uint32_t *dst, ptrdiff_t columns,
                                                                         ptrdiff_t room, uint32_t color) {
    const lk_dense_avx2_consts k = lk_dense_avx2_setup(color);
    lk_sweep_windows_lanes_avx2(cell, bit, lo, hi, cellRoom, dst, columns, room, &k, color, 0);
}
#endif

/// Clears the bit words of cells lo ..< hi.
__attribute__((always_inline)) static inline void lk_window_clear_bits(uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi) {
    for (ptrdiff_t w = lo >> 6; w <= (hi - 1) >> 6; w++) bit[w] = 0;
}

/// One row under the non-zero rule by windows: cells lo ..< hi of the row's cells `cell`
/// (`stride` of them, zero outside the touched ones, cell lo touched) summed and cleared, their
/// bits `bit` cleared, and pixels lo ..< min(hi, columns) of the row's pixels `dst` (the pixel
/// of cell 0; `room` ≥ columns pixels in the bitmap's row, which the AVX2 path may rewrite with
/// their own values) painted with `color`. AVX2 where the CPU has it, unless `portable`. (The
/// few bit words are cleared with plain stores, not a call of memset.)
__attribute__((no_builtin("memset"))) static inline void lk_sweep_row_windows(float *cell, uint64_t *bit, ptrdiff_t lo,
                                                                             ptrdiff_t hi, ptrdiff_t stride,
                                                                             uint32_t *dst, ptrdiff_t columns,
                                                                             ptrdiff_t room, uint32_t color,
                                                                             int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2()) {
        lk_sweep_windows_avx2(cell, bit, lo, hi, stride, dst, columns, room, color);
    } else {
        lk_sweep_windows_blocks(cell, bit, lo, hi, dst, columns, color, portable);
    }
#else
    (void)stride; (void)room;
    lk_sweep_windows_blocks(cell, bit, lo, hi, dst, columns, color, portable);
#endif
    lk_window_clear_bits(bit, lo, hi);
}

#endif
