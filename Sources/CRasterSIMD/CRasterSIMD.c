// CRasterSIMD is header-only (include/CRasterSIMD.h: static inline kernels that the Swift
// callers inline); this file gives the package manager a source to build the module from.
#include "CRasterSIMD.h"
