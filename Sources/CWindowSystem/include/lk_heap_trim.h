#ifndef LAYERKIT_LK_HEAP_TRIM_H
#define LAYERKIT_LK_HEAP_TRIM_H
// glibc's malloc_trim, which Swift's Glibc module does not import (it lives in <malloc.h>):
// gives the pages of freed heap blocks back to the system. Elsewhere it does nothing.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void lk_heap_trim(void) { (void)malloc_trim(0); }
#else
static inline void lk_heap_trim(void) {}
#endif
#endif
