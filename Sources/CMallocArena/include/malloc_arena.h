#ifndef ARTMAP_MALLOC_ARENA_H
#define ARTMAP_MALLOC_ARENA_H

/// Makes every thread allocate from glibc's main arena (mallopt M_ARENA_MAX = 1), so memory one thread frees
/// is reused by the others. Returns 1 when set, 0 where the C library has no such setting.
int artmap_malloc_single_arena(void);

/// Gives the pages of freed memory back to the system (glibc's malloc_trim(0)): after a phase that freed
/// hundreds of megabytes in pieces below the mmap threshold, they would otherwise count as the process's until
/// reused. Returns 1 when memory was released, 0 otherwise or where the C library cannot.
int artmap_malloc_trim(void);

/// Gives every allocation of 1 MiB or more its own mapping (mallopt M_MMAP_THRESHOLD), returned to the system
/// the moment it is freed: glibc otherwise raises the threshold as large blocks are freed, up to 32 MiB, and
/// a long import's arrays of a few megabytes each then stay in the heap after use. Returns 1 when set.
int artmap_malloc_map_large(void);

#endif
