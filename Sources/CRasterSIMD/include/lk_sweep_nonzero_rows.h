// The row loop of the vector non-zero sweep (lk_coverage_sweep.h): every touched row of a band,
// narrow ones densely (lk_sweep_dense.h) and wide ones by windows (lk_sweep_windows.h), in one
// function, so the colour's lanes are set up once per band and no row pays a call; an opaque
// colour's copy composites its blocks through the shorter opaque form.
//
// This file is a template without an include guard, like lk_cells_edges.h: lk_coverage_sweep.h
// includes it once for AVX2 (lk_sweep_nonzero_avx2: narrow rows eight cells a step) and once
// for AVX-512 (lk_sweep_nonzero_avx512: narrow rows of more than LK_DENSE_WIDE_ROW cells
// sixteen cells a step, with opmasks; narrower rows, one or two eight-cell blocks, and wide
// rows the AVX2 code, compiled into the AVX-512 function: a thin stroke's row is one step
// either way, and the AVX2 form's is the shorter). Both take the same blocks of additions, so
// both paint the same pixels. Why a second copy of the loop rather than a call
// per row: a narrow row's dense sweep is a few steps (a star's tip, a thin stroke), and the
// call's clobbered vector registers would cost the colour's lanes reloaded on every row.
//
// Expects LK_SWEEP_ROWS_NAME(n) (a function's name), LK_SWEEP_ROWS_TARGET (attributes) and
// LK_SWEEP_ROWS_WIDE (0: AVX2 narrow rows, 1: AVX-512 narrow rows), and undefines them.

/// The rows of `lk_sweep_nonzero` with the colour's lanes `k` (inlined twice, so that
/// `k->opaque` is a constant in each copy).
LK_SWEEP_ROWS_TARGET __attribute__((always_inline)) static inline void LK_SWEEP_ROWS_NAME(lk_sweep_nonzero_rows)(
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
#if LK_SWEEP_ROWS_WIDE
    lk_dense_avx512_consts k16 = lk_dense_avx512_setup(color);
    k16.opaque = k.opaque;
#endif
    const ptrdiff_t ahead = lk_sweep_prefetch_rows() * width;
    float *cell = layout.cells;
    uint64_t *bit = layout.bits;
    uint32_t *dst = pixels + layout.top * width + left;
    for (; range < rangeEnd; range += 2, cell += stride, bit += words, dst += width) {
        const ptrdiff_t lo = range[0], hi = range[1];
        if (lo >= hi) continue;
        range[0] = INT32_MAX; range[1] = INT32_MIN;       // lk_cells_take_row
        if (hi - lo <= LK_DENSE_ROW) {
#if LK_SWEEP_ROWS_WIDE
            if (hi - lo > LK_DENSE_WIDE_ROW) {
                lk_sweep_row_dense_lanes_avx512(cell, bit, lo, hi, dst, columns, &k16, ahead);
                continue;
            }
#endif
            lk_sweep_row_dense_lanes_avx2(cell, bit, lo, hi, stride, dst, columns, room, &k, ahead, 1);
        } else {
            lk_sweep_windows_lanes_avx2(cell, bit, lo, hi, stride, dst, columns, room, &k, color, ahead);
            lk_window_clear_bits_avx2(bit, lo, hi);
        }
    }
}

/// `lk_sweep_solid` under the non-zero rule with vector lanes (see the header).
LK_SWEEP_ROWS_TARGET static void LK_SWEEP_ROWS_NAME(lk_sweep_nonzero)(const lk_cells *c, uint32_t *pixels,
                                                                    ptrdiff_t width, ptrdiff_t right, uint32_t color) {
    lk_dense_avx2_consts k = lk_dense_avx2_setup(color);
    if (k.opaque) {
        k.opaque = 1;
        LK_SWEEP_ROWS_NAME(lk_sweep_nonzero_rows)(c, pixels, width, right, color, &k);
    } else {
        k.opaque = 0;
        LK_SWEEP_ROWS_NAME(lk_sweep_nonzero_rows)(c, pixels, width, right, color, &k);
    }
}

#undef LK_SWEEP_ROWS_NAME
#undef LK_SWEEP_ROWS_TARGET
#undef LK_SWEEP_ROWS_WIDE
