/*
** The small-block pool's fast paths, inlined into the allocator (lrs_state.c): a block from its
** class's free list, and a block back onto it. The slow paths are in lrs_pool.c.
*/
#ifndef LRS_POOL_H
#define LRS_POOL_H

#include "CLuaShim.h"

/* The class of a small size (1...LRS_POOL_LARGEST). */
static inline size_t lrs_class(size_t size) { return (size - 1) / LRS_POOL_GRANULE; }

/* A block of size bytes carved from the newest slab, or a new one; NULL when no slab can be had. */
void *lrs_pool_carve(lrs_pool *pool, size_t size);

/* A block of size bytes (1...LRS_POOL_LARGEST): its class's free list, else a slab. */
static inline void *lrs_pool_take(lrs_pool *pool, size_t size) {
  size_t class = lrs_class(size);
  void *block = pool->free[class];
  if (block == NULL) return lrs_pool_carve(pool, size);
  pool->free[class] = *(void **)block;
  return block;
}

/* Returns a block of size bytes (1...LRS_POOL_LARGEST) to its free list. */
static inline void lrs_pool_give(lrs_pool *pool, void *block, size_t size) {
  size_t class = lrs_class(size);
  *(void **)block = pool->free[class];
  pool->free[class] = block;
}

#endif
