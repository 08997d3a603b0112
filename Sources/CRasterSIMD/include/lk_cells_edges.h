// The edge half of the cell deposit (lk_coverage_cells.h): an edge clipped to a band's rows,
// split at its drawn columns, and stepped row by row into lk_cells_row. This file is a
// template without an include guard: lk_coverage_cells.h includes it for the baseline code
// (names as written, LK_CELLS_EDGES_TARGET empty, LK_CELLS_EDGES_ROUNDSD 0) and
// lk_cells_avx2.h again for AVX2 (names suffixed _avx2, target("avx2"), and a row's ⌊lo⌋ and
// ⌈hi⌉ by roundsd). Both instantiations are the same arithmetic, operation for operation.
//
// Expects LK_CELLS_EDGES_NAME(n) (a function's name), LK_CELLS_EDGES_TARGET (attributes) and
// LK_CELLS_EDGES_ROUNDSD (0 or 1), and undefines them at its end.

/// Accumulates an edge lying inside the drawn area, top to bottom (ya ≤ yb), `dir` ±1. The
/// first and last rows (partly crossed) are peeled off the loop over the rows crossed whole, so
/// that loop steps x by the slope and the row's cell, bit and range pointers by their strides;
/// every row gets the arithmetic of the one-loop form, operation for operation.
LK_CELLS_EDGES_TARGET static inline void LK_CELLS_EDGES_NAME(lk_cells_deposit)(
    const lk_cells *band, double xa, double ya, double xb, double yb, double dir, int check) {
    if (!(yb > ya)) return;
    // The band's fields as locals, read once: the bit words' stores (uint64_t) may alias the
    // band's integer fields, so fields read through `band` would be loaded again on every row.
    const ptrdiff_t left = band->left, stride = band->stride, words = band->words_per_row;
    const ptrdiff_t r0 = lk_floor_nonnegative(ya);
    const ptrdiff_t ri = r0 - band->top;
    float *row = band->cells + ri * stride;
    uint64_t *bits = band->bits + ri * words;
    int32_t *range = band->row_range + 2 * ri;
    const double l = band->x_left, r = band->x_right;
    if (yb <= (double)(r0 + 1)) {
        // Inside one row (one edge in seven on the many_strokes scene): the first row below
        // with rowTop = ya (r0 = ⌊ya⌋), rowBottom = yb (⌈yb⌉ ≤ r0 + 1) and xn = xb, the same
        // operations, without the slope's division.
        lk_cells_row(band, row, bits, range, left, xa, lk_cells_clamp(xb, l, r), (yb - ya) * dir, check,
                     LK_CELLS_EDGES_ROUNDSD);
        return;
    }
    const double dxdy = (xb - xa) / (yb - ya);
    const ptrdiff_t r1 = lk_ceil_nonnegative(yb);         // ≥ r0 + 2
    double x = xa;
    {
        // The first row, from ya to the row's bottom: the one-row form's rowTop = max(ya, r0)
        // is ya (r0 = ⌊ya⌋) and its rowBottom = min(yb, r0 + 1) is r0 + 1 (yb lies below it
        // here), so the same dy without the compares.
        const double dy = (double)(r0 + 1) - ya;
        const double xn = lk_cells_clamp(x + dxdy * dy, l, r);
        lk_cells_row(band, row, bits, range, left, x, xn, dy * dir, check, LK_CELLS_EDGES_ROUNDSD);
        x = xn;
    }
    // The rows the edge crosses whole, r0 + 1 ..< r1 − 1, counted down (one register fewer
    // than a row index and its end across the row's arithmetic): rowTop = yi, rowBottom =
    // yi + 1, dy = 1 exactly. Where
    // the edge keeps a pixel from both drawn sides, its x below 2³⁰ and under 2²⁰ rows (all
    // four tests in the band's x_left_in and x_right_in, found once per band: an edge spans at
    // most the band's rows, r1 − r0 ≤ rows), the stepped x stays within a pixel of the line (each of under 2²⁰ additions rounds by at most
    // 2⁻²³, and dxdy's own rounding moves the sum by far less), so x + dxdy never leaves the
    // columns and the clamp is the identity: that loop leaves it out of the chain carried from
    // row to row (one addition instead of an addition, a min and a max).
    const double lo_x = xa < xb ? xa : xb, hi_x = xa < xb ? xb : xa;
    // The row loops step the cell and bit pointers by byte strides: one addition each, where
    // the element strides cost a load and a scaled address on every row once spilled.
    const ptrdiff_t rowBytes = stride * (ptrdiff_t)sizeof(float), bitBytes = words * (ptrdiff_t)sizeof(uint64_t);
    if (lo_x >= band->x_left_in && hi_x <= band->x_right_in) {
        for (ptrdiff_t k = r1 - r0 - 2; k > 0; k--) {
            row = (float *)((char *)row + rowBytes); bits = (uint64_t *)((char *)bits + bitBytes); range += 2;
            const double xn = x + dxdy;
            lk_cells_row(band, row, bits, range, left, x, xn, dir, check, LK_CELLS_EDGES_ROUNDSD);
            x = xn;
        }
    } else {
        for (ptrdiff_t k = r1 - r0 - 2; k > 0; k--) {
            row = (float *)((char *)row + rowBytes); bits = (uint64_t *)((char *)bits + bitBytes); range += 2;
            const double xn = lk_cells_clamp(x + dxdy, l, r);
            lk_cells_row(band, row, bits, range, left, x, xn, dir, check, LK_CELLS_EDGES_ROUNDSD);
            x = xn;
        }
    }
    {
        // The last row, from its top to yb: rowTop = max(ya, r1 − 1) is r1 − 1 (ya < r0 + 1 ≤
        // r1 − 1) and rowBottom = min(yb, r1) is yb (r1 = ⌈yb⌉), the same dy without the compares.
        row += stride; bits += words; range += 2;
        const double dy = yb - (double)(r1 - 1);
        const double xn = lk_cells_clamp(xb, l, r);
        lk_cells_row(band, row, bits, range, left, x, xn, dy * dir, check, LK_CELLS_EDGES_ROUNDSD);
    }
}

/// Parts right of the drawn columns become vertical edges on the right boundary (inlined into
/// its three callers: every edge passes here, and the call cost more than its tests).
LK_CELLS_EDGES_TARGET __attribute__((always_inline)) static inline void LK_CELLS_EDGES_NAME(lk_cells_split_right)(
    const lk_cells *c, double xa, double ya, double xb, double yb, double dir, int check) {
    const double r = c->x_right;
    if (xa <= r && xb <= r) { LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, xa, ya, xb, yb, dir, check); return; }
    if (xa >= r && xb >= r) { LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, r, ya, r, yb, dir, check); return; }
    const double ym = lk_mix(ya, yb, lk_fraction(r, xa, xb));
    if (xa > r) {
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, r, ya, r, ym, dir, check);
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, r, ym, xb, yb, dir, check);
    } else {
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, xa, ya, r, ym, dir, check);
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, r, ym, r, yb, dir, check);
    }
}

/// Parts left of the drawn columns become vertical edges on the left column.
LK_CELLS_EDGES_TARGET static inline void LK_CELLS_EDGES_NAME(lk_cells_split_left)(
    const lk_cells *c, double xa, double ya, double xb, double yb, double dir, int check) {
    const double l = c->x_left;
    if (xa >= l && xb >= l) { LK_CELLS_EDGES_NAME(lk_cells_split_right)(c, xa, ya, xb, yb, dir, check); return; }
    if (!(xa > l) && !(xb > l)) { LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, l, ya, l, yb, dir, check); return; }
    const double ym = lk_mix(ya, yb, lk_fraction(l, xa, xb));
    if (xa < l) {
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, l, ya, l, ym, dir, check);
        LK_CELLS_EDGES_NAME(lk_cells_split_right)(c, l, ym, xb, yb, dir, check);
    } else {
        LK_CELLS_EDGES_NAME(lk_cells_split_right)(c, xa, ya, l, ym, dir, check);
        LK_CELLS_EDGES_NAME(lk_cells_deposit)(c, l, ym, l, yb, dir, check);
    }
}

/// One directed edge in device coordinates (finite) that is not wholly on or above the band's
/// top nor wholly on or below its bottom, clipped to the band's rows.
LK_CELLS_EDGES_TARGET static inline void LK_CELLS_EDGES_NAME(lk_cells_add_band_edge)(
    const lk_cells *c, double x0, double y0, double x1, double y1, int check) {
    if (y0 == y1) return;                       // horizontal edges sweep no area
    double xa = x0, ya = y0, xb = x1, yb = y1, dir = 1;
    if (ya > yb) { xa = x1; ya = y1; xb = x0; yb = y0; dir = -1; }
    if (ya < c->y_top) { xa = lk_mix(xa, xb, lk_fraction(c->y_top, ya, yb)); ya = c->y_top; }
    if (yb > c->y_bottom) { xb = lk_mix(xa, xb, lk_fraction(c->y_bottom, ya, yb)); yb = c->y_bottom; }
    LK_CELLS_EDGES_NAME(lk_cells_split_left)(c, xa, ya, xb, yb, dir, check);
}

/// One directed edge in device coordinates (finite), clipped to the band's rows.
LK_CELLS_EDGES_TARGET static inline void LK_CELLS_EDGES_NAME(lk_cells_add_edge)(
    const lk_cells *c, double x0, double y0, double x1, double y1, int check) {
    if ((y0 <= c->y_top && y1 <= c->y_top) || (y0 >= c->y_bottom && y1 >= c->y_bottom)) return;
    LK_CELLS_EDGES_NAME(lk_cells_add_band_edge)(c, x0, y0, x1, y1, check);
}

/// Adds every contour of a polygon set (each implicitly closed): `xy` holds `count` points as
/// x, y pairs; contour k spans points starts[k] ..< starts[k + 1] (the last one to `count`).
/// Contour bounds outside 0…count are clamped.
/// A run of points all on or above the band's top (or all on or below its bottom) closes edges
/// that lk_cells_add_edge would reject one by one: the loop steps over such a run by its y
/// values alone (one load and compare a point), and hands the other edges to
/// lk_cells_add_band_edge without testing them against the band a second time.
LK_CELLS_EDGES_TARGET static inline void LK_CELLS_EDGES_NAME(lk_cells_add_polygons)(
    const lk_cells *c, const double *xy, ptrdiff_t count, const ptrdiff_t *starts, ptrdiff_t contours, int check) {
    const double top = c->y_top, bottom = c->y_bottom;
    for (ptrdiff_t k = 0; k < contours; k++) {
        ptrdiff_t s = starts[k], e = k + 1 < contours ? starts[k + 1] : count;
        s = s < 0 ? 0 : (s > count ? count : s);
        e = e < s ? s : (e > count ? count : e);
        if (e - s < 2) continue;
        double px = xy[2 * (e - 1)], py = xy[2 * (e - 1) + 1];
        for (ptrdiff_t i = s; i < e; i++) {
            const double qx = xy[2 * i], qy = xy[2 * i + 1];
            if (py <= top && qy <= top) {
                while (i + 1 < e && xy[2 * i + 3] <= top) i++;
                px = xy[2 * i]; py = xy[2 * i + 1];
                continue;
            }
            if (py >= bottom && qy >= bottom) {
                while (i + 1 < e && xy[2 * i + 3] >= bottom) i++;
                px = xy[2 * i]; py = xy[2 * i + 1];
                continue;
            }
            LK_CELLS_EDGES_NAME(lk_cells_add_band_edge)(c, px, py, qx, qy, check);
            px = qx; py = qy;
        }
    }
}

#undef LK_CELLS_EDGES_NAME
#undef LK_CELLS_EDGES_TARGET
#undef LK_CELLS_EDGES_ROUNDSD
