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
// stroke, the tip of a shape) is swept densely instead: the running sum over every cell from the
// first touched one, four cells per SSE2 step (lk_sweep_four.h: the same additions in the same
// order, so the same sums and bytes), and the row painted as one masked span. An untouched cell
// adds +0, which leaves the sum as the run's; a pixel of coverage 0, which the run-by-run sweep
// skips, is left unchanged by the masked span (s = 0, d·255/255 = d); full coverage gives the
// solid span's pixel (s = colour). So the pixels are those of the run-by-run sweep, bit for bit.
//
// This is Raster's generic sweep (Canvas.sweep) specialised in C for the case every fill and
// stroke without an anti-aliased clip takes; its float arithmetic is the same, operation for
// operation, so the two paint the same pixels.
#ifndef LK_COVERAGE_SWEEP_H
#define LK_COVERAGE_SWEEP_H

#include "lk_coverage_cells.h"
#include "lk_solid_spans.h"
#include "lk_sweep_four.h"
#include <math.h>
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

#if defined(__SSE2__)
/// Rows whose touched cells span at most this many columns are swept densely.
#define LK_DENSE_ROW 32

/// One narrow row swept densely: the coverage of every cell lo..<hi (the running sum in the
/// scalar order, four cells per vector step), the cells and their bits cleared, and the pixels
/// painted as one masked span (an untouched cell repeats the previous coverage, as a run does;
/// a pixel of coverage 0 stays as it is). `dst` is the row's pixel of cell 0; `columns` the
/// drawn columns from there.
static inline void lk_sweep_row_dense(float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, uint32_t *dst,
                                      ptrdiff_t columns, uint32_t color) {
    uint8_t cov[LK_DENSE_ROW];
    float sum = 0;
    ptrdiff_t i = lo;
    for (; i + 4 <= hi; i += 4) {
        const uint32_t four = lk_sweep_four_nonzero(cell + i, &sum);
        memcpy(cov + (i - lo), &four, 4);
    }
    for (; i < hi; i++) {
        sum += cell[i]; cell[i] = 0;
        float v = fabsf(sum);
        if (!(v <= 1)) v = 1;
        cov[i - lo] = (uint8_t)lk_coverage_byte(v);
    }
    bit[lo >> 6] = 0;
    bit[(hi - 1) >> 6] = 0;
    const ptrdiff_t n = (hi < columns ? hi : columns) - lo;
    if (n > 0) lk_span_masked(dst + lo, n, cov, color);
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
    const ptrdiff_t left = c->left, stride = c->stride, words = c->words_per_row;
    uint8_t edge[LK_EDGE_RUN];
    for (ptrdiff_t ri = 0; ri < c->rows; ri++) {
        const ptrdiff_t lo = c->row_lo[ri], hi = c->row_hi[ri];
        if (lo >= hi) continue;
        c->row_lo[ri] = INT32_MAX; c->row_hi[ri] = INT32_MIN;
        float *cell = c->cells + ri * stride;
        uint64_t *bit = c->bits + ri * words;
        uint32_t *dst = pixels + (c->top + ri) * width;
#if defined(__SSE2__)
        if (!portable && !even_odd && hi - lo <= LK_DENSE_ROW) {
            lk_sweep_row_dense(cell, bit, lo, hi, dst + left, right - left, color);
            continue;
        }
#endif
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
