/*
** Swift functions called from Lua: the error trampoline.
*/
#include "CLuaShim.h"

/* Calls the Swift function in upvalue 1 through ctx->dispatch. The host runs with the memory
** budget off (its allocations never fail, so nothing longjmps through Swift); a -1 from it means
** an error value is on top, which is raised here, in C, with the chunk:line of the innermost Lua
** function (the rule, also when the call came through a C function such as require). */
static int lrs_callhost(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  void *box = lua_touserdata(L, lua_upvalueindex(1));
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;
  int results = ctx->dispatch(L, box);
  if (results < 0 && lua_type(L, -1) == LUA_TSTRING) {
    lrs_pushwhere(L);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  ctx->enforcing = enforcing;
  if (results < 0) return lua_error(L);
  return results;
}

void lrs_pushhostfunction(lua_State *L, void *box) {
  lua_pushlightuserdata(L, box);
  lua_pushcclosure(L, lrs_callhost, 1);
}
