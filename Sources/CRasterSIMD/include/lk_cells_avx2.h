// The cell deposit of lk_coverage_cells.h compiled a second time for CPUs with AVX2 and BMI2,
// chosen at run time (lk_cpu_has_avx2_bmi2): the same C, operation for operation, so the same
// cells, but its scalar double arithmetic in VEX three-operand form (fewer register copies),
// ⌈v⌉ and ⌊v⌋ of a row's span by one rounding instruction (SSE4.1's roundsd, which AVX2
// implies) instead of a truncation, a conversion back and a compare, the bit masks by BMI2's
// shifts (no count through cl), and the row's whole bit words stored in place (no memset call,
// whose clobbered registers cost spills around the row loop).
// The edge functions are lk_cells_edges.h instantiated a second time with a target attribute and
// an _avx2 suffix (the helpers they inline take on the target); the baseline path is unchanged
// and the tests hold the two to the same cells and bits.
#ifndef LK_CELLS_AVX2_H
#define LK_CELLS_AVX2_H

#include "lk_coverage_cells.h"
#include "lk_solid_spans_avx2.h"

#if LK_HAVE_AVX2_KERNELS
/// Whether this CPU has BMI1 and BMI2 (CPUID leaf 7), besides AVX2 (lk_cpu_has_avx2).
static inline int lk_cpu_detect_bmi2(void) {
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 3)) != 0 && (b & (1u << 8)) != 0;
}

/// 1 where the AVX2 deposit may run: AVX2 (lk_cpu_has_avx2) and BMI1/BMI2 (cached).
static inline int lk_cpu_has_avx2_bmi2(void) {
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        v = lk_cpu_has_avx2() && lk_cpu_detect_bmi2();
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

// lk_cells_deposit_avx2 … lk_cells_add_polygons_avx2: call only where lk_cpu_has_avx2_bmi2().
#define LK_CELLS_EDGES_NAME(n) n##_avx2
#define LK_CELLS_EDGES_TARGET __attribute__((target("avx2,bmi,bmi2"), no_builtin("memset")))
#define LK_CELLS_EDGES_ROUNDSD 1
#include "lk_cells_edges.h"
#endif

/// Adds every contour of a polygon set (lk_cells_add_polygons): with AVX2 where the CPU has it
/// unless `portable` asks for the baseline code; `check` tests every cell range on both paths.
static inline void lk_cells_add_polygons_any(const lk_cells *c, const double *xy, ptrdiff_t count,
                                             const ptrdiff_t *starts, ptrdiff_t contours, int check, int portable) {
#if LK_HAVE_AVX2_KERNELS
    if (!portable && lk_cpu_has_avx2_bmi2()) {
        if (check) lk_cells_add_polygons_avx2(c, xy, count, starts, contours, 1);
        else lk_cells_add_polygons_avx2(c, xy, count, starts, contours, 0);
        return;
    }
#endif
    if (check) lk_cells_add_polygons(c, xy, count, starts, contours, 1);
    else lk_cells_add_polygons(c, xy, count, starts, contours, 0);
}

#endif
