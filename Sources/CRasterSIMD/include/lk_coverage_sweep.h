// The coverage sweep of a solid fill: each touched row of a band's cell buffer becomes runs of
// constant coverage, painted with a colour source-over (lk_span_solid), and the cells and bits
// it read are cleared for the next fill.
//
// Rule: the running sum of a row's deltas, left to right, is the signed covered fraction of each
// pixel; its magnitude is clamped to 1 (non-zero) or folded to the distance from the nearest even
// integer (even-odd), and rounded to a coverage byte ⌊v·255 + 0.5⌋. Only written cells (their bits)
// change the sum, so the sweep jumps from one to the next with trailing-zero counts and paints the
// pixels between two of them as one run; after a row's last written cell the deltas sum to zero,
// so only that pixel remains.
//
// A narrow row under the non-zero rule (its touched cells within LK_DENSE_ROW columns: a thin
// stroke, the tip of a shape) is swept densely instead, on every path (lk_sweep_dense.h): the
// running sum over every cell from the first touched one, eight cells per step as a blocked
// prefix sum, and the row painted as masked pixels. An untouched cell adds +0; a pixel of
// coverage 0 is left unchanged by the masked composite (s = 0, d·255/255 = d); full coverage
// gives the solid span's pixel (s = colour). The blocked order of the additions can move a sum
// in its last bits against the run-by-run order (see that header), the same on each path.
//
// A wider row under the non-zero rule is swept by windows of the same eight-cell blocks, each
// starting at a touched cell, with the pixels across a gap of untouched cells between two
// windows painted as one solid run at the carried sum's coverage (lk_sweep_windows.h), on every
// path; its sums are blocked the same way, so they too can differ from the scalar order's in
// their last bits.
//
// This is Raster's generic sweep (Canvas.sweep) specialised in C for the case every fill and
// stroke without an anti-aliased clip takes; its float arithmetic is the same, operation for
// operation, except for the blocked sums of the non-zero rule's rows, so outside those the two
// paint the same pixels.
#ifndef LK_COVERAGE_SWEEP_H
#define LK_COVERAGE_SWEEP_H

#include "lk_coverage_cells.h"
#include "lk_solid_spans.h"
#include "lk_sweep_dense.h"
#include "lk_sweep_windows.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/// ⌊v·255 + 0.5⌋ for v in 0…1 (one truncation; the callers clamp v, NaN included).
static inline uint32_t lk_coverage_byte(float v) {
    return (uint32_t)(int32_t)(v * 255.0f + 0.5f);
}

/// Single pixels queued for one masked span (lk_span_masked) at most.
#define LK_EDGE_RUN 64

/// Paints the queued edge pixels `edge[0..<count]` from column `from` (clipped at `right`).
__attribute__((always_inline)) static inline void lk_sweep_flush(uint32_t *dst, ptrdiff_t from, ptrdiff_t right, const uint8_t *edge,
                                  ptrdiff_t count, uint32_t color, int portable) {
    ptrdiff_t n = from + count <= right ? count : right - from;
    if (n <= 0) return;
    if (portable) lk_span_masked_portable(dst + from, n, edge, color);
    else lk_span_masked(dst + from, n, edge, color);
}

/// How many rows ahead the vector sweep prefetches the pixels it will composite
/// (lk_prefetch_row_ahead): 1, or LAYERKIT_SWEEP_PREFETCH_ROWS from the environment (at most 4;
/// 0 points the prefetches at the row being swept, which is prefetching off in effect), read
/// once per process, for measuring it on other machines.
static inline ptrdiff_t lk_sweep_prefetch_rows(void) {
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        const char *e = getenv("LAYERKIT_SWEEP_PREFETCH_ROWS");
        v = 1;
        if (e != NULL && e[0] >= '0' && e[0] <= '4' && e[1] == 0) v = e[0] - '0';
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

#if LK_HAVE_AVX2_KERNELS
/// The rows of `lk_sweep_nonzero_avx2` with the colour's lanes `k` (inlined twice, so that
/// `k->opaque` is a constant in each copy).
__attribute__((target("avx2"), always_inline, no_builtin("memset"))) static inline void lk_sweep_nonzero_rows_avx2(
    const lk_cells *c, uint32_t *pixels, ptrdiff_t width, ptrdiff_t right, uint32_t color,
    const lk_dense_avx2_consts *kp) {
    // The band's layout copied, and the row's cells, bits and pixels stepped by their strides:
    // the bit words' stores (uint64_t) may alias the layout's integer fields, which the compiler
    // would otherwise load again, with the row's addresses multiplied out, on every row (a thin
    // stroke's frame sweeps a short row per pixel row, where that was a third of the row's work).
    // The rows are walked by their range pointer up to the band's end (no row index and count
    // live across the row), and the narrow rows rely on the buffer's seven spare cells
    // (`spare`: Fill.swift lays every row out with them), so `stride` is read only to step.
    const lk_cells layout = *c;
    const ptrdiff_t left = layout.left, stride = layout.stride, words = layout.words_per_row;
    int32_t *range = layout.row_range;
    const int32_t *const rangeEnd = range + 2 * layout.rows;
    const ptrdiff_t columns = right - left, room = width - left;
    const lk_dense_avx2_consts k = *kp;
    const ptrdiff_t ahead = lk_sweep_prefetch_rows() * width;
    float *cell = layout.cells;
    uint64_t *bit = layout.bits;
    uint32_t *dst = pixels + layout.top * width + left;
    for (; range < rangeEnd; range += 2, cell += stride, bit += words, dst += width) {
        const ptrdiff_t lo = range[0], hi = range[1];
        if (lo >= hi) continue;
        range[0] = INT32_MAX; range[1] = INT32_MIN;       // lk_cells_take_row
        if (hi - lo <= LK_DENSE_ROW) {
            lk_sweep_row_dense_lanes_avx2(cell, bit, lo, hi, stride, dst, columns, room, &k, ahead, 1);
        } else {
            lk_sweep_windows_lanes_avx2(cell, bit, lo, hi, stride, dst, columns, room, &k, color, ahead);
            lk_window_clear_bits_avx2(bit, lo, hi);
        }
    }
}

/// `lk_sweep_solid` under the non-zero rule with AVX2: the same rows, narrow ones by blocks
/// (lk_sweep_dense.h) and wide ones by windows (lk_sweep_windows.h), in one function, so the
/// colour's lanes are set up once per band and no row pays a call; an opaque colour's copy
/// composites its blocks through the shorter opaque form.
__attribute__((target("avx2"), no_builtin("memset"))) static void lk_sweep_nonzero_avx2(const lk_cells *c, uint32_t *pixels,
                                                                                     ptrdiff_t width, ptrdiff_t right,
                                                                                     uint32_t color) {
    lk_dense_avx2_consts k = lk_dense_avx2_setup(color);
    if (k.opaque) {
        k.opaque = 1;
        lk_sweep_nonzero_rows_avx2(c, pixels, width, right, color, &k);
    } else {
        k.opaque = 0;
        lk_sweep_nonzero_rows_avx2(c, pixels, width, right, color, &k);
    }
}
#endif

/// Paints the band's accumulated cells with `color` (premultiplied ARGB) into `pixels` (rows of
/// `width` pixels; the band's device rows and columns left..<right lie inside it) and clears them.
///
/// Runs longer than a pixel are painted at once (lk_span_solid); runs of one pixel (the
/// anti-aliased edges, where the coverage changes from pixel to pixel) are queued while they are
/// adjacent and painted together as one masked span, four pixels per vector step.
static inline void lk_sweep_solid(const lk_cells *c, uint32_t *pixels, ptrdiff_t width, ptrdiff_t right,
                                  int even_odd, uint32_t color, int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!even_odd && !portable && lk_cpu_has_avx2()) {
        lk_sweep_nonzero_avx2(c, pixels, width, right, color);
        return;
    }
#endif
    const ptrdiff_t left = c->left, stride = c->stride;
    uint8_t edge[LK_EDGE_RUN];
    for (ptrdiff_t ri = 0; ri < c->rows; ri++) {
        const lk_swept_row r = lk_cells_take_row(c, ri);
        const ptrdiff_t lo = r.lo, hi = r.hi;
        if (lo >= hi) continue;
        float *cell = r.cell;
        uint64_t *bit = r.bit;
        uint32_t *dst = pixels + (c->top + ri) * width;
        if (!even_odd && hi - lo <= LK_DENSE_ROW) {
            lk_sweep_row_dense(cell, bit, lo, hi, stride, dst + left, right - left, width - left, color, portable);
            continue;
        }
        if (!even_odd) {
            lk_sweep_row_windows(cell, bit, lo, hi, stride, dst + left, right - left, width - left, color, portable);
            continue;
        }
        float sum = 0;
        ptrdiff_t runStart = 0;
        uint32_t runCov = 0;
        ptrdiff_t edgeStart = 0, edgeCount = 0;     // queued single pixels, from cell edgeStart
        const ptrdiff_t wEnd = (hi - 1) >> 6;
        for (ptrdiff_t w = lo >> 6; w <= wEnd; w++) {
            uint64_t word = bit[w];
            bit[w] = 0;
            while (word != 0) {
                ptrdiff_t p = (w << 6) | __builtin_ctzll(word);
                word &= word - 1;
                if (p == runStart + 1) {
                    if (runCov != 0 || edgeCount != 0) {
                        if (edgeCount != 0 && (edgeStart + edgeCount != runStart || edgeCount == LK_EDGE_RUN)) {
                            lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, portable);
                            edgeCount = 0;
                        }
                        if (edgeCount == 0) edgeStart = runStart;
                        edge[edgeCount++] = (uint8_t)runCov;
                    }
                } else if (runCov != 0 && p > runStart) {
                    if (edgeCount != 0) {
                        lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, portable);
                        edgeCount = 0;
                    }
                    const ptrdiff_t a = runStart + left, z0 = p + left, z = z0 < right ? z0 : right;
                    if (a < z) lk_span_solid(dst + a, z - a, runCov, color, portable);
                }
                sum += cell[p]; cell[p] = 0;
                float v = fabsf(sum);
                if (even_odd) {
                    v -= 2 * (float)lk_floor_nonnegative(v * 0.5f);
                    if (v > 1) v = 2 - v;
                    if (!(v >= 0)) v = 0;                          // NaN
                } else if (!(v <= 1)) {
                    v = 1;
                }
                runCov = lk_coverage_byte(v);
                runStart = p;
            }
        }
        // After the last written cell the row's deltas sum to zero: only that pixel remains.
        if (runCov != 0) {
            if (edgeCount != 0 && (edgeStart + edgeCount != runStart || edgeCount == LK_EDGE_RUN)) {
                lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, portable);
                edgeCount = 0;
            }
            if (edgeCount == 0) edgeStart = runStart;
            edge[edgeCount++] = (uint8_t)runCov;
        }
        if (edgeCount != 0) lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, portable);
    }
}

#endif
