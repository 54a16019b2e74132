#include "malloc_arena.h"

#include <stdlib.h> /* defines __GLIBC__ where it is glibc */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int artmap_malloc_single_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    return mallopt(M_ARENA_MAX, 1);
#else
    return 0;
#endif
}

int artmap_malloc_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

int artmap_malloc_map_large(void) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    return mallopt(M_MMAP_THRESHOLD, 1 << 20);
#else
    return 0;
#endif
}
