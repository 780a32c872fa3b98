/*
** State lifecycle: the limited allocator, the instruction hook, creation and closing.
*/
#include <stdio.h>
#include <stdlib.h>
#include "lrs_pool.h"

/* Bytes Lua adds to a string's length for its header; a generous bound for TString. */
#define LRS_STRING_HEADER 64

/* Lua 5.4's largest short string as allocated: its header (offsetof(TString, contents)), 40 bytes
** (LUAI_MAXSHORTLEN) and the terminator. */
#define LRS_SHORT_STRING (24 + 40 + 1)

/* The allocator over ctx. While rules run (ctx->enforcing) it refuses growth past the memory cap
** and strings past the string cap (noting where, for the error), and charges the bytes of every
** object made to the C work budget (1 step per 64 bytes) so copy-heavy loops end. Only what the
** rules' own operations make is charged, so that no charge depends on what ran before: not a
** short string (interned: one is made only when no equal string lives yet, dead or not), nor
** the growth of a table's parts, the stack, the call list or the string table (which the
** collector shrinks when it runs). When the steps run out it does
** not refuse (Lua would retry after collecting) but has the hook raise at the next instruction.
** While the host marshals it never refuses: host data is bounded by its input, and Swift must
** never see a memory error. When ptr is NULL, osize is the type tag of the object being made. */
static void *lrs_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  lrs_context *ctx = (lrs_context *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    if (old != 0 && old <= LRS_POOL_LARGEST) lrs_pool_give(&ctx->pool, ptr, old);
    else free(ptr);
    ctx->memory_used -= old;
    return NULL;
  }
  if (ctx->enforcing && nsize > old) {
    size_t grow = nsize - old;
    if (ptr == NULL && osize == LUA_TSTRING && nsize > ctx->string_limit + LRS_STRING_HEADER) {
      if (ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = LRS_EXCEEDED_STRING;
      lrs_notewhere(ctx);
      return NULL;
    }
    if (ctx->memory_used + grow > ctx->memory_limit) {
      lrs_notewhere(ctx);
      return NULL;
    }
    if (ptr == NULL && osize != 0 && !(osize == LUA_TSTRING && nsize <= LRS_SHORT_STRING))
      ctx->steps_left -= (int64_t)(grow >> 6);
    if (ctx->steps_left < 0 && ctx->exceeded == LRS_WITHIN_BUDGET) {
      ctx->exceeded = LRS_EXCEEDED_STEPS;
      lrs_raisesoon(ctx);
    }
  }
  void *block = old == 0 && nsize <= LRS_POOL_LARGEST ? lrs_pool_take(&ctx->pool, nsize)
                                                      : lrs_pool_realloc(&ctx->pool, ptr, osize, nsize);
  if (block == NULL) return NULL;
  ctx->memory_used = ctx->memory_used - old + nsize;
  if (ctx->memory_used > ctx->memory_peak) ctx->memory_peak = ctx->memory_used;
  return block;
}

void lrs_closestate(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->serving) {  /* finalizers run in lua_close: count them, as no deadline watches there */
    ctx->serving = 0;
    lrs_armhook(L);
  }
  lua_close(L);
  lrs_unwatchstate(ctx);
  lrs_pool_release(&ctx->pool);
}

/* Reached only if an error escapes every protected call: a host bug, never a rule's doing. */
static int lrs_panic(lua_State *L) {
  const char *message = lua_tostring(L, -1);
  fprintf(stderr, "LiveRules: unprotected Lua error: %s\n", message ? message : "(no message)");
  abort();
  return 0;
}

lua_State *lrs_newstate(lrs_context *ctx) {
  ctx->memory_used = 0;
  ctx->memory_peak = 0;
  ctx->enforcing = 0;
  ctx->call_depth = 0;
  ctx->exceeded = LRS_WITHIN_BUDGET;
  ctx->coverage = 0;
  ctx->instructions_left = ctx->instruction_limit;
  ctx->steps_left = ctx->step_limit;
  ctx->pool = (lrs_pool){0};
  lua_State *L = lua_newstate(lrs_alloc, ctx);
  if (L == NULL) {
    lrs_pool_release(&ctx->pool);
    return NULL;
  }
  *(lrs_context **)lua_getextraspace(L) = ctx;
  ctx->main = L;
  ctx->where[0] = '\0';
  ctx->holding[0] = '\0';
  lua_atpanic(L, lrs_panic);
  lua_gc(L, LUA_GCGEN, 0, 0);  /* rules make many short-lived tables: collect the young often, the helpers rarely */
  if (!lrs_watchstate(ctx) || ctx->deadline_ns <= 0) ctx->serving = 0;  /* nothing else would stop it */
  return L;
}
