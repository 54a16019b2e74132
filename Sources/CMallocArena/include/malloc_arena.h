#ifndef ARTMAP_MALLOC_ARENA_H
#define ARTMAP_MALLOC_ARENA_H

/// Makes every thread allocate from glibc's main arena (mallopt M_ARENA_MAX = 1), so memory one thread frees
/// is reused by the others. Returns 1 when set, 0 where the C library has no such setting.
int artmap_malloc_single_arena(void);

#endif
