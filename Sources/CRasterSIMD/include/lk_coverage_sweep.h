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
// A wider row under the non-zero rule is swept by clusters of consecutive touched cells (the
// set bits of a word, found with two trailing-zero counts): the cluster's cells are summed four
// per SSE2 step into the queue of single pixels, and the run before the cluster is painted as
// before (lk_sweep_row_clusters). Same sums, same bytes, same pixel arithmetic.
//
// This is Raster's generic sweep (Canvas.sweep) specialised in C for the case every fill and
// stroke without an anti-aliased clip takes; its float arithmetic is the same, operation for
// operation, except for the blocked sums of narrow rows, so outside those the two paint the
// same pixels.
#ifndef LK_COVERAGE_SWEEP_H
#define LK_COVERAGE_SWEEP_H

#include "lk_coverage_cells.h"
#include "lk_solid_spans.h"
#include "lk_sweep_dense.h"
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
/// Bytes a row's queue of single pixels holds before it is painted (clusters of touched cells
/// are queued whole, so up to a word's 64 cells at once).
#define LK_CLUSTER_QUEUE 128

/// Queues `cov` as the pixel of cell `at`, painting the queue first when `at` does not continue
/// it or `more` further pixels would not fit.
__attribute__((always_inline)) static inline void lk_sweep_queue(uint32_t *dst, ptrdiff_t left, ptrdiff_t right,
                                                                 uint8_t *edge, ptrdiff_t *start, ptrdiff_t *count,
                                                                 ptrdiff_t at, uint32_t cov, ptrdiff_t more,
                                                                 uint32_t color) {
    if (*count != 0 && (*start + *count != at || *count + 1 + more > LK_CLUSTER_QUEUE)) {
        lk_sweep_flush(dst, *start + left, right, edge, *count, color, 0);
        *count = 0;
    }
    if (*count == 0) *start = at;
    edge[(*count)++] = (uint8_t)cov;
}

/// One wide row under the non-zero rule, by clusters of consecutive touched cells: the run of
/// constant coverage before a cluster is painted as a span (or queued, one pixel long), and the
/// cluster's cells, each a pixel of its own coverage, go to the queue four per vector step
/// (lk_sweep_four.h: the scalar sums in the scalar order). The cluster's first pixel is queued
/// even at coverage 0, which leaves it unchanged; the last one starts the next run. So every
/// pixel gets the coverage and the arithmetic of the scalar sweep.
static inline void lk_sweep_row_clusters(float *cell, uint64_t *bit, ptrdiff_t lo, ptrdiff_t hi, uint32_t *dst,
                                         ptrdiff_t left, ptrdiff_t right, uint32_t color) {
    uint8_t edge[LK_CLUSTER_QUEUE];
    float sum = 0;
    ptrdiff_t runStart = 0, edgeStart = 0, edgeCount = 0;
    uint32_t runCov = 0;
    const ptrdiff_t wEnd = (hi - 1) >> 6;
    for (ptrdiff_t w = lo >> 6; w <= wEnd; w++) {
        uint64_t word = bit[w];
        bit[w] = 0;
        while (word != 0) {
            const int b = __builtin_ctzll(word);
            const uint64_t ones = ~(word >> b);
            const int len = ones != 0 ? __builtin_ctzll(ones) : 64;    // all ones only when b = 0
            word = b + len >= 64 ? 0 : word & (~(uint64_t)0 << (b + len));
            const ptrdiff_t p = (w << 6) | b;
            if (p == runStart + 1) {
                if (runCov != 0 || edgeCount != 0)
                    lk_sweep_queue(dst, left, right, edge, &edgeStart, &edgeCount, runStart, runCov, len, color);
            } else if (runCov != 0 && p > runStart) {
                if (edgeCount != 0) {
                    lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, 0);
                    edgeCount = 0;
                }
                const ptrdiff_t a = runStart + left, z0 = p + left, z = z0 < right ? z0 : right;
                if (a < z) lk_span_solid(dst + a, z - a, runCov, color, 0);
            }
            sum += cell[p]; cell[p] = 0;
            float v = fabsf(sum);
            if (!(v <= 1)) v = 1;
            runCov = lk_coverage_byte(v);
            runStart = p;
            if (len > 1) {
                const ptrdiff_t end = p + len;
                lk_sweep_queue(dst, left, right, edge, &edgeStart, &edgeCount, p, runCov, len - 1, color);
                ptrdiff_t i = p + 1;
                for (; i + 4 <= end; i += 4) {
                    const uint32_t four = lk_sweep_four_nonzero(cell + i, &sum);
                    memcpy(edge + edgeCount, &four, 4);
                    edgeCount += 4;
                }
                for (; i < end; i++) {
                    sum += cell[i]; cell[i] = 0;
                    float u = fabsf(sum);
                    if (!(u <= 1)) u = 1;
                    edge[edgeCount++] = (uint8_t)lk_coverage_byte(u);
                }
                runCov = edge[--edgeCount];
                runStart = end - 1;
            }
        }
    }
    // After the last written cell the row's deltas sum to zero: only that pixel remains.
    if (runCov != 0) lk_sweep_queue(dst, left, right, edge, &edgeStart, &edgeCount, runStart, runCov, 0, color);
    if (edgeCount != 0) lk_sweep_flush(dst, edgeStart + left, right, edge, edgeCount, color, 0);
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
        if (!even_odd && hi - lo <= LK_DENSE_ROW) {
            lk_sweep_row_dense(cell, bit, lo, hi, stride, dst + left, right - left, width - left, color, portable);
            continue;
        }
#if defined(__SSE2__)
        if (!portable && !even_odd) {
            lk_sweep_row_clusters(cell, bit, lo, hi, dst, left, right, color);
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
