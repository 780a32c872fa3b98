/*
** Swift functions called from Lua: the error trampoline.
*/
#include "CLuaShim.h"

/* Calls the Swift function in upvalue 1 through ctx->dispatch. The host runs with the memory
** budget off (its allocations never fail, so nothing longjmps through Swift); a -1 from it means
** an error value is on top, which is raised here, in C, with the chunk:line of the innermost Lua
** function (the rule, also when the call came through a C function such as require). The work
** the function reported (ctx->host_steps), with LRS_HOST_CALL_STEPS for the call itself, is
** charged here once it returns, so a host function's cost counts against the step budget like
** the string library's. */
static int lrs_callhost(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  void *box = lua_touserdata(L, lua_upvalueindex(1));
  int enforcing = ctx->enforcing;
  int64_t outer_steps = ctx->host_steps;  /* a host function further out, waiting on this call */
  ctx->enforcing = 0;
  ctx->host_steps = 0;
  int results = ctx->dispatch(L, box);
  int64_t steps = ctx->host_steps;
  ctx->host_steps = outer_steps;
  if (results < 0 && lua_type(L, -1) == LUA_TSTRING) {
    lrs_pushwhere(L);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  ctx->enforcing = enforcing;
  if (results < 0) return lua_error(L);
  lrs_charge(L, LRS_HOST_CALL_STEPS + steps);
  return results;
}

void lrs_pushhostfunction(lua_State *L, void *box) {
  lua_pushlightuserdata(L, box);
  lua_pushcclosure(L, lrs_callhost, 1);
}
