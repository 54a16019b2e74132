#ifndef ARTMAP_CREADOSM_SHIM_H
#define ARTMAP_CREADOSM_SHIM_H
#include <readosm.h>

/// READOSM_ABORT as a function: Swift cannot see the macro's value through the module otherwise
/// when it is used as a callback's return value.
static inline int artmap_readosm_abort(void) { return READOSM_ABORT; }
static inline int artmap_readosm_ok(void) { return READOSM_OK; }
#endif
