// Hairlines: which of a whole column's four rows the band can cover, so that the kernel skips
// the work of a row whose coverage byte is known to be 0 (lk_hairline.h's rule and names).
//
// Rule: over a column the segment crosses whole, the band spans d + 2h rows from L, and
// L − b ∈ [0, 1) with b = ⌊L⌋, so where d + 2h ≤ 2 it ends below b + 3 and row b+3 is empty
// (at width 1, 2h = √(1 + k²) and d = |k|: every slope up to 0.75). In the kernel's single
// precision, with the float l = L − b ∈ [0, 1], 2h, d and 1/d (1e20 where d is below 1e-20) of
// lk_hairline_columns, `lk_hairline_three_rows` asks d + 2h ≤ 1.99 and d ≤ 0.99, and then:
//
// 1. At t = 3 and t = 4 the band's terms lose their clamps. e = fl(t − l) ≥ 2 (t − l ≥ 2, and
//    rounding is monotonic); f = fl(e − 2h) ≥ fl(2 − 2h) ≥ 2 − 2h − 2⁻²⁴ ≥ d + 0.0099. So e > 0,
//    f > 0, e − d and f − d round to positive floats, and f·(1/d) ≥ 1 (with 1/d = 1e20 trivially;
//    else fl(ak)·fl(1/ak) ≥ 1 − 2⁻²³ and (d + 0.0099)·(1/d) exceeds it by at least 0.0099, 1/d
//    being at least 1), so each clamp returns its operand or exactly 1, and
//    T(e) − T(f) = fl(fl(e + fl(e − d)) − fl(f + fl(f − d))): the same float the general form
//    gives, which the AVX2 kernel computes for row b+2's upper area without the clamps.
// 2. Row b+3's byte is 0. Exactly, e + (e − d) − (f + (f − d)) = 2(e − f) = 2·2h for both t;
//    in floats each of the six operations (results below 8) errs by at most 2⁻²¹, f's error
//    counting twice, so each T(e) − T(f) is 2·2h within 9·2⁻²² and A(4) − A(3) = half their
//    difference is within 2.2·10⁻⁶ of 0: c·255 + 0.5 lies in (0.499, 0.501), whose truncation
//    (of c, or of c clamped to 0…1) is 0. A pixel at coverage 0 keeps its value (x·255/255
//    rounds to x, and the scalar composite skips it), so a kernel that does not compute row
//    b+3, or composites it at coverage 0, writes the same pixels as one that does.
// 3. Neighbouring columns' first rows differ by at most one: their L differ by |k| ≤ 0.99 plus
//    the double-precision rounding of base + k·i, far below 0.01 for any column of a bitmap. So
//    the rows b…b+2 of two neighbouring columns lie within four rows from the upper b, and a
//    column's packed bytes moved up a byte for a first row one lower lose only the empty fourth.
//    Where d ≤ 0.33 the same holds for four neighbouring columns (their L differ by at most
//    3·0.33 plus rounding, below 1).
//
// And where 2h ≥ 1 (width 1), row b+1's lower term is zero: f = fl(1 − l) − 2h ≤ 0, so both
// maxima return +0 (SSE's maxps returns the second operand unless the first is greater), f·(1/d)
// ≤ 0 clamps to +0, T(f) = +0·+0 = +0 and T(e) − (+0) = T(e) exactly.
//
// HairlineTests holds the portable kernel's fourth byte to 0 over these bounds (slopes and
// widths up to them, l up to 1 included) and the kernels to the same pixels on both sides.
#ifndef LK_HAIRLINE_ROWS_H
#define LK_HAIRLINE_ROWS_H

/// Whether every whole column of a band with the kernel's 2h = `w2` and d = `d` (floats, d ≤ 1)
/// has an empty fourth row and first rows within one of its neighbours' (the rule above).
static inline int lk_hairline_three_rows(float w2, float d) {
    return (double)d + (double)w2 <= 1.99 && d <= 0.99f;
}

#endif
