/*
** Protected calls and text-only loading: the only ways the host runs Lua code.
*/
#include "CLuaShim.h"

/* Message handler: turns the error value into its message and leaves the stack traceback, a
** separate string, in registry[LRS_TRACEBACK]. Invokes no metamethod (a hostile __tostring
** cannot run here); non-string errors are named by type, and ctx->where gets the place a
** module's first run raised one (lrs_noteraise). [-1, +1, -] */
static int lrs_traceback(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;  /* the traceback must be buildable even at the memory cap */
  lrs_raisedwhere(L, 1, ctx->where, sizeof ctx->where);  /* a module's value raised at load */
  if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
    lua_settop(L, 1);
    lua_tostring(L, 1);
  } else {
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, NULL, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, LRS_TRACEBACK);
  ctx->enforcing = enforcing;
  return 1;
}

/* Begins a top-level call or load: the budget error it may end in is its own, and the budgets
** get a fresh allowance unless a hold keeps the one in force (what it spent stays spent). */
static void lrs_begin(lua_State *L, lrs_context *ctx) {
  ctx->exceeded = LRS_WITHIN_BUDGET;
  ctx->where[0] = '\0';
  ctx->holding[0] = '\0';
  ctx->memory_peak = ctx->memory_used;
  ctx->instructions_before = 0;
  if (ctx->held) return;
  ctx->instructions_left = ctx->instruction_limit;
  ctx->steps_left = ctx->step_limit;
  lrs_armhook(L);
}

int lrs_pcall(lua_State *L, int nargs, int nresults) {
  lrs_context *ctx = lrs_ctx(L);
  int base = lua_gettop(L) - nargs;
  int enforcing = ctx->enforcing;
  int outermost = ctx->call_depth == 0;
  lua_State *outer = NULL;
  if (outermost) {
    outer = lrs_callbegins(ctx);
    lrs_begin(L, ctx);
  }
  lua_pushcfunction(L, lrs_traceback);
  lua_insert(L, base);
  ctx->call_depth++;
  ctx->enforcing = 1;
  int status = lua_pcall(L, nargs, nresults, base);
  ctx->enforcing = enforcing;
  ctx->call_depth--;
  if (outermost) lrs_callends(ctx, outer);
  lua_remove(L, base);
  if (status == LUA_ERRMEM && ctx->exceeded == LRS_WITHIN_BUDGET)
    ctx->exceeded = LRS_EXCEEDED_MEMORY;
  return status;
}

/* Charges the compile of a pack's chunk of length bytes to the steps; when they cannot cover
** it, pushes the steps budget error at the chunk's line 1 instead and returns 0. [-0, +(0|1), m] */
static int lrs_chargecompile(lua_State *L, lrs_context *ctx, size_t length, const char *chunkname) {
  int64_t cost = (int64_t)length * LRS_COMPILE_STEPS;
  if (cost <= ctx->steps_left) {
    ctx->steps_left -= cost;
    return 1;
  }
  ctx->exceeded = LRS_EXCEEDED_STEPS;
  lua_pushfstring(L, "%s:1: C work budget exceeded (%I steps)", chunkname + (*chunkname == '@'),
                  (lua_Integer)ctx->step_limit);
  return 0;
}

int lrs_loadtext(lua_State *L, const char *source, size_t length, const char *chunkname, int pure) {
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  if (ctx->call_depth == 0) lrs_begin(L, ctx);
  lrs_notechunk(L, chunkname);
  if (pure && !lrs_chargecompile(L, ctx, length, chunkname)) return LUA_ERRRUN;
  ctx->enforcing = 1;
  int status = luaL_loadbufferx(L, source, length, chunkname, "t");
  ctx->enforcing = enforcing;
  if (status == LUA_OK && pure && (status = lrs_checkchunk(L)) != LUA_OK) {
    lua_replace(L, -2);  /* the message replaces the chunk */
    if (status == LUA_ERRRUN) status = LUA_ERRSYNTAX;
  }
  if (status == LUA_ERRMEM && ctx->exceeded == LRS_WITHIN_BUDGET)
    ctx->exceeded = LRS_EXCEEDED_MEMORY;
  return status;
}

int lrs_holdbudgets(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->held || ctx->call_depth > 0) return 0;
  ctx->held_serving = ctx->serving;
  ctx->serving = 0;
  lrs_begin(L, ctx);
  ctx->held = 1;
  return 1;
}

void lrs_releasebudgets(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  if (!ctx->held) return;
  ctx->held = 0;
  ctx->serving = ctx->held_serving;
  lrs_armhook(L);
}
