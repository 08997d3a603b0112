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
// With AVX-512 (unless LAYERKIT_NO_AVX512 is set) a narrow row of more than LK_DENSE_WIDE_ROW cells
// takes two of those blocks per step, sixteen lanes under opmasks (lk_sweep_dense_avx512), the same
// additions in the same order, so the same pixels as the AVX2 path; the row loop is then compiled a
// second time with AVX-512 (lk_sweep_nonzero_rows.h), wide rows by the AVX2 windows within it.
// Measured on an Intel Xeon with AVX-512 on the fills scene's 200 translucent stars (most rows 30
// to 64 pixels wide) in a C harness of the scene's fills: 1.26 against 1.32 ms a frame, the best of
// twelve alternated runs each (a synthetic kernel benchmark of such rows had shown the opposite, 41
// against 37 ns a row: the scene is what counts).
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
// lk_sweep_nonzero_avx2: the row loop of lk_sweep_nonzero_rows.h with AVX2, narrow rows by
// lk_sweep_row_dense_lanes_avx2.
#define LK_SWEEP_ROWS_NAME(n) n##_avx2
#define LK_SWEEP_ROWS_TARGET __attribute__((target("avx2"), no_builtin("memset")))
#define LK_SWEEP_ROWS_WIDE 0
#include "lk_sweep_nonzero_rows.h"
#endif

#if LK_HAVE_AVX512_KERNELS
// lk_sweep_nonzero_avx512: the same loop compiled with AVX-512, narrow rows by
// lk_sweep_row_dense_lanes_avx512 (sixteen cells a step); wide rows as the AVX2 loop's.
#define LK_SWEEP_ROWS_NAME(n) n##_avx512
#define LK_SWEEP_ROWS_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512vl"), no_builtin("memset")))
#define LK_SWEEP_ROWS_WIDE 1
#include "lk_sweep_nonzero_rows.h"
#endif

/// Paints the band's accumulated cells with `color` (premultiplied ARGB) into `pixels` (rows of
/// `width` pixels; the band's device rows and columns left..<right lie inside it) and clears them.
///
/// Runs longer than a pixel are painted at once (lk_span_solid); runs of one pixel (the
/// anti-aliased edges, where the coverage changes from pixel to pixel) are queued while they are
/// adjacent and painted together as one masked span, four pixels per vector step.
static inline void lk_sweep_solid(const lk_cells *c, uint32_t *pixels, ptrdiff_t width, ptrdiff_t right,
                                  int even_odd, uint32_t color, int portable) {
#if LK_HAVE_AVX512_KERNELS
    if (!even_odd && !portable && lk_cpu_has_avx512()) {
        lk_sweep_nonzero_avx512(c, pixels, width, right, color);
        return;
    }
#endif
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
