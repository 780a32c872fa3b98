/*
** The small-block pool of one state: Lua's tables, strings and closures are mostly small and
** short-lived, so blocks of up to LRS_POOL_LARGEST bytes come from per-size free lists carved out
** of slabs, not from malloc. A state is used by one thread at a time, so nothing here locks.
*/
#include <stdlib.h>
#include <string.h>
#include "lrs_pool.h"

/* A slab: the next slab, then the blocks. */
typedef struct lrs_slab {
  struct lrs_slab *next;
  max_align_t blocks[];
} lrs_slab;

void *lrs_pool_carve(lrs_pool *pool, size_t size) {
  size_t bytes = (lrs_class(size) + 1) * LRS_POOL_GRANULE;
  if ((size_t)(pool->end - pool->next) < bytes) {
    lrs_slab *slab = malloc(sizeof(lrs_slab) + LRS_POOL_SLAB);
    if (slab == NULL) return NULL;
    slab->next = pool->slabs;
    pool->slabs = slab;
    pool->slab_count++;
    pool->next = (char *)slab->blocks;
    pool->end = pool->next + LRS_POOL_SLAB;
  }
  void *block = pool->next;
  pool->next += bytes;
  return block;
}

void *lrs_pool_realloc(lrs_pool *pool, void *ptr, size_t osize, size_t nsize) {
  size_t old = ptr ? osize : 0;
  int was_small = old != 0 && old <= LRS_POOL_LARGEST;
  if (nsize == 0) {
    if (was_small) lrs_pool_give(pool, ptr, old);
    else free(ptr);
    return NULL;
  }
  if (nsize > LRS_POOL_LARGEST) {
    if (!was_small) return realloc(ptr, nsize);
    void *block = malloc(nsize);
    if (block == NULL) return NULL;
    memcpy(block, ptr, old);
    lrs_pool_give(pool, ptr, old);
    return block;
  }
  if (was_small && lrs_class(old) == lrs_class(nsize)) return ptr;
  void *block = lrs_pool_take(pool, nsize);
  /* Lua requires shrinking to succeed: keeping the larger block is allowed (the process is out of
  ** memory here; that block is later pooled, and not freed when the state closes). */
  if (block == NULL) return nsize < old ? ptr : NULL;
  if (ptr != NULL) {
    memcpy(block, ptr, old < nsize ? old : nsize);
    if (was_small) lrs_pool_give(pool, ptr, old);
    else free(ptr);
  }
  return block;
}

void lrs_pool_release(lrs_pool *pool) {
  while (pool->slabs != NULL) {
    lrs_slab *slab = pool->slabs;
    pool->slabs = slab->next;
    free(slab);
  }
  *pool = (lrs_pool){0};
}
