// CWindowSystem is header-only (include/CWindowSystem.h: a static inline function that the
// Swift caller compiles); this file gives the package manager a source to build the module from.
#include "CWindowSystem.h"
