// Exact-area coverage accumulation into a cell buffer (the font-rs / FreeType "signed area +
// cover" family), the per-edge and per-cell work of Raster's CoverageAccumulator.
//
// Every edge adds, to the cells of each pixel row it crosses, the signed area it sweeps to its
// right, expressed as deltas: the running sum of a row's deltas from left to right is the
// winding-weighted covered fraction of each pixel. Edges are first clipped to the band's rows
// and their x clamped to the drawn columns; the part of an edge left of the first column
// becomes a vertical edge on it (its cover still counts for every pixel to its right), the part
// right of the last column a vertical edge there (it affects no drawn pixel).
//
// Why C: the deposit runs once per pixel row of every edge and its inner ramp once per cell.
// In C its float-to-integer conversions are single truncations (every coordinate is clipped to
// the target first, so they are in range by construction) and its index arithmetic carries no
// overflow traps, the speed Swift reached only with -Ounchecked, while Swift callers still
// inline it at -O. The arithmetic is the same, operation for operation, as the Swift version it
// replaced (FP contraction off), so the coverage is bit-identical.
//
// Bounds: rows stay within the band and columns within left…right + 1 because every split
// point is clamped to the clipped segment (lk_mix) and every row's exit x to the columns. With
// `check` non-zero (debug builds and the sanitized fuzz run pass it), every row's cell range is
// also tested before writing, and a stray index stops the program with a message.
#ifndef LK_COVERAGE_CELLS_H
#define LK_COVERAGE_CELLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF

/// One band of the cell buffer and the area drawn in it.
typedef struct lk_cells {
    /// `rows × stride` float deltas, all zero between fills.
    float *cells;
    /// One bit per cell, `words_per_row` words per row: the cells written since the last sweep.
    uint64_t *bits;
    /// Per row, the first touched cell and one past the last side by side: row ri's at
    /// row_range[2·ri] and row_range[2·ri + 1] (empty: lo ≥ hi). One pointer for both keeps a
    /// register free in the deposit's row loop, and a row's pair shares one cache line.
    int32_t *row_range;
    ptrdiff_t stride, words_per_row, rows;
    /// Device row and column of cell (0, 0).
    ptrdiff_t top, left;
    /// Drawn area in device pixels: rows y_top..<y_bottom, columns x_left..<x_right (integers).
    double y_top, y_bottom, x_left, x_right;
    /// The bounds of the deposit's unclamped row loop (lk_cells_deposit: an edge whose x stays
    /// within x_left_in…x_right_in), found once per band by lk_cells_band: x_left + 1, and
    /// x_right − 1 where x_right ≤ 2³⁰ and the band has under 2²⁰ rows, else −∞ (no edge).
    double x_left_in, x_right_in;
} lk_cells;

/// A band of `rows` rows of `stride` cells (`words_per_row` bit words each) from device row
/// `top`, drawing columns left..<right, its deposit's loop bounds derived (lk_cells.x_left_in).
static inline lk_cells lk_cells_band(float *cells, uint64_t *bits, int32_t *row_range, ptrdiff_t stride,
                                     ptrdiff_t words_per_row, ptrdiff_t rows, ptrdiff_t top, ptrdiff_t left,
                                     ptrdiff_t right) {
    const double l = (double)left, r = (double)right;
    lk_cells c = { cells, bits, row_range, stride, words_per_row, rows, top, left,
                   (double)top, (double)(top + rows), l, r,
                   l + 1, r <= 1073741824.0 && rows < 1048576 ? r - 1 : -__builtin_inf() };
    return c;
}

/// A row of the band as a sweep takes it: its touched cells lo..<hi (none: lo ≥ hi), its cells
/// and its bit words.
typedef struct lk_swept_row {
    ptrdiff_t lo, hi;
    float *cell;
    uint64_t *bit;
} lk_swept_row;

/// Takes row `ri` of `c` for a sweep: its touched range and storage, the range marked empty
/// again for the next fill (the sweep zeroes the cells and clears the bits it reads).
__attribute__((always_inline)) static inline lk_swept_row lk_cells_take_row(const lk_cells *c, ptrdiff_t ri) {
    int32_t *const range = c->row_range + 2 * ri;
    lk_swept_row r = { range[0], range[1], c->cells + ri * c->stride, c->bits + ri * c->words_per_row };
    if (r.lo < r.hi) { range[0] = INT32_MAX; range[1] = INT32_MIN; }
    return r;
}

/// ⌊v⌋ for 0 ≤ v < 2⁶³ (truncation is floor there): one cvttsd2si on x86-64.
static inline ptrdiff_t lk_floor_nonnegative(double v) {
#if defined(__SSE2__) && defined(__x86_64__)
    return (ptrdiff_t)_mm_cvttsd_si64(_mm_set_sd(v));
#else
    return (v >= 0 && v < 9223372036854775808.0) ? (ptrdiff_t)v : 0;
#endif
}

/// ⌈v⌉ for 0 ≤ v < 2⁶³.
static inline ptrdiff_t lk_ceil_nonnegative(double v) {
    ptrdiff_t i = lk_floor_nonnegative(v);
    return (double)i < v ? i + 1 : i;
}

/// `a + (b − a)·t` without overflow for huge finite a, b, clamped to the closed interval between
/// a and b: `a·(1 − t) + b·t` rounded can land an ulp outside it, and a split point outside the
/// already clipped segment would deposit into the row before the band (NaN gives a).
static inline double lk_mix(double a, double b, double t) {
    double v = a * (1 - t) + b * t;
    double lo = a < b ? a : b, hi = a < b ? b : a;
    return v >= lo ? (v <= hi ? v : hi) : lo;
}

/// Parameter of v between a and b, clamped to 0…1 (0 for degenerate or overflowing input).
static inline double lk_fraction(double v, double a, double b) {
    double t = (v - a) / (b - a);
    return t > 0 ? (t < 1 ? t : 1) : 0;
}

/// Reports a cell range outside the buffer and stops (only reached with checking on).
static void lk_cells_out_of_range(const lk_cells *c, ptrdiff_t row, ptrdiff_t lo, ptrdiff_t hi) {
    fprintf(stderr, "CoverageAccumulator: cells %td..<%td of row %td outside the buffer (%td rows of %td cells)\n",
            lo, hi, row, c->rows, c->stride);
    abort();
}

/// Adds `d` to `n` consecutive cells (the constant middle of a row's ramp). With SSE2 it steps
/// four cells at a time and the lanes of the last step past `n` add zero, so there is no
/// one-cell tail loop whose length (0…3, different on every row) the branch predictor misses.
/// Those lanes reach at most three cells past the ramp: the row's last two cells of this edge
/// (written after the ramp) and the one after them, which the row's stride always holds
/// (`x1i + 2 ≤ stride`). Adding +0 leaves every value as it is (a −0 becomes +0, which sums the
/// same), so the cells are bit-identical to the one-cell loop's.
static inline void lk_cells_ramp(float *p, ptrdiff_t n, float d) {
#if defined(__SSE2__)
    const __m128 v = _mm_set1_ps(d);
    const __m128i lane = _mm_set_epi32(3, 2, 1, 0);
    for (ptrdiff_t i = 0; i < n; i += 4) {
        const __m128i left = _mm_set1_epi32((int32_t)(n - i));        // cells left from i, ≥ 1
        const __m128 on = _mm_castsi128_ps(_mm_cmpgt_epi32(left, lane));
        _mm_storeu_ps(p + i, _mm_add_ps(_mm_loadu_ps(p + i), _mm_and_ps(v, on)));
    }
#else
    for (ptrdiff_t i = 0; i < n; i++) p[i] += d;
#endif
}

/// Sets the written bits of cells lo..<hi of one row (`b`: the row's bit words).
static inline void lk_cells_mark(uint64_t *b, ptrdiff_t lo, ptrdiff_t hi) {
    const ptrdiff_t n = hi - lo, sh = lo & 63;
    if (sh + n <= 64) {                          // one word (1 ≤ n ≤ 64): the usual case
        b[lo >> 6] |= (~(uint64_t)0 >> (64 - n)) << sh;
        return;
    }
    ptrdiff_t w0 = lo >> 6, w1 = (hi - 1) >> 6;
    uint64_t first = ~(uint64_t)0 << (lo & 63);
    uint64_t last = ~(uint64_t)0 >> (63 - ((hi - 1) & 63));
    if (w0 == w1) { b[w0] |= first & last; return; }
    b[w0] |= first;
    for (ptrdiff_t w = w0 + 1; w < w1; w++) {
        b[w] = ~(uint64_t)0;
        // An empty asm that may change w, so the compiler cannot turn the loop into a call of
        // memset: the call's clobbered registers cost the deposit's row loop spills and reloads
        // on every row, and no_builtin("memset") on the caller does not reach this helper (the
        // loop is recognised before the helper is inlined).
        __asm__("" : "+r"(w));
    }
    b[w1] |= last;
}

/// One row's share of an edge: from x at the row's top (or the edge's start) to xn at its
/// bottom (or the edge's end), both already within the drawn columns, `d` the row's height
/// crossed times the direction. `row`, `bits` and `range` are one row's cells, written bits and
/// touched range (its pair in `c->row_range`), `left` is `c->left`: the caller keeps them in
/// registers from row to row, and `c` is read only where `check` is set. `roundsd` (a constant)
/// is 1 only where the caller is compiled for AVX2.
__attribute__((always_inline)) static inline void lk_cells_row(const lk_cells *c, float *row, uint64_t *bits,
                                                               int32_t *range, ptrdiff_t left, double x, double xn,
                                                               double d, int check, int roundsd) {
    const double lo = x < xn ? x : xn, hi = x < xn ? xn : x;
    ptrdiff_t lo0, hi0;
    double loF, hiC;
    if (roundsd) {
        // ⌊lo⌋ and ⌈hi⌉ rounded in the double registers (SSE4.1, inside AVX2 code only), then
        // truncated: the same integers and doubles as the branch below.
        loF = __builtin_floor(lo); hiC = __builtin_ceil(hi);
        lo0 = lk_floor_nonnegative(loF); hi0 = lk_floor_nonnegative(hiC);
    } else {
        lo0 = lk_floor_nonnegative(lo); hi0 = lk_ceil_nonnegative(hi);
        loF = (double)lo0; hiC = (double)hi0;
    }
    const ptrdiff_t x0i = lo0 - left, x1i = hi0 - left;           // buffer-relative cells
    if (check) {
        const ptrdiff_t ri = (range - c->row_range) / 2;
        if (ri < 0 || ri >= c->rows || x0i < 0 || x1i + 2 > c->stride) lk_cells_out_of_range(c, ri, x0i, x1i + 2);
    }
    ptrdiff_t touchedHi;
    if (x1i <= x0i + 1) {
        // Within one pixel: the trapezoid's area splits between this cell and the next.
        const double xmf = 0.5 * (x + xn) - loF;
        row[x0i] += (float)(d - d * xmf);
        row[x0i + 1] += (float)(d * xmf);
        touchedHi = x0i + 2;
        // Two cells, one word unless they straddle a word boundary.
        const ptrdiff_t sh = x0i & 63;
        if (sh != 63) {
            bits[x0i >> 6] |= (uint64_t)3 << sh;
        } else {
            bits[x0i >> 6] |= (uint64_t)1 << 63;
            bits[(x0i >> 6) + 1] |= 1;
        }
    } else {
        // Across several pixels: triangle in the first, linear ramp, triangle in the last.
        const double s = 1 / (hi - lo);
        const double x0f = lo - loF;
        const double a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
        const double x1f = hi - hiC + 1;
        const double am = 0.5 * s * x1f * x1f;
        row[x0i] += (float)(d * a0);
        if (x1i == x0i + 2) {
            row[x0i + 1] += (float)(d * (1 - a0 - am));
        } else {
            const double a1 = s * (1.5 - x0f);
            row[x0i + 1] += (float)(d * (a1 - a0));
            lk_cells_ramp(row + x0i + 2, x1i - 1 - (x0i + 2), (float)(d * s));
            const double a2 = a1 + (double)(x1i - x0i - 3) * s;
            row[x1i - 1] += (float)(d * (1 - a2 - am));
        }
        row[x1i] += (float)(d * am);
        touchedHi = x1i + 1;
        lk_cells_mark(bits, x0i, touchedHi);
    }
    // The row's touched range, widened without a branch (which edge first reaches a row, and
    // whether a later one widens it, is not predictable).
    const int32_t lo32 = (int32_t)x0i, hi32 = (int32_t)touchedHi;
    const int32_t rowLo = range[0], rowHi = range[1];
    range[0] = lo32 < rowLo ? lo32 : rowLo;
    range[1] = hi32 > rowHi ? hi32 : rowHi;
}

/// x clamped to the drawn columns l…r (rounding drift, or NaN: r).
__attribute__((always_inline)) static inline double lk_cells_clamp(double x, double l, double r) {
    x = x < r ? x : r;
    return x > l ? x : l;       // minsd, maxsd (x = l gives l: the same value, a zero's sign aside)
}

// The edges' clipping, splitting and row stepping, baseline instantiation (lk_cells_edges.h).
#define LK_CELLS_EDGES_NAME(n) n
#define LK_CELLS_EDGES_TARGET
#define LK_CELLS_EDGES_ROUNDSD 0
#include "lk_cells_edges.h"

#endif
