#ifndef LAYERKIT_LK_HEAP_H
#define LAYERKIT_LK_HEAP_H
// glibc's malloc_trim and mallopt, which Swift's Glibc module does not import (they live in
// <malloc.h>): the window's heap policy. Elsewhere both do nothing.
#if defined(__GLIBC__)
#include <malloc.h>

/// Gives the pages of freed heap blocks back to the system.
static inline void lk_heap_trim(void) { (void)malloc_trim(0); }

/// Fixes the allocator's thresholds so the heap keeps its peak: blocks up to 32 MiB (the
/// largest mmap threshold on 64-bit systems) come from the heap, and free() never shrinks
/// its top. mallopt(3): "Dynamic adjustment of the mmap threshold is disabled if any of the
/// M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD, or M_MMAP_MAX parameters is set."
/// Returns 1 when both were set.
static inline int lk_heap_keep_peak(void) {
    return mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#else
static inline void lk_heap_trim(void) {}
static inline int lk_heap_keep_peak(void) { return 0; }
#endif
#endif
