/*
** Budgets: the instruction count hook, C work charging and the budget errors.
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "CLuaShim.h"

/* The largest count the hook takes in one slice. */
#define LRS_MAX_SLICE (INT_MAX / 2)

static void lrs_hook(lua_State *L, lua_Debug *ar);

/* The events the hook gets: counts, and lines while coverage is recorded. */
static int lrs_hookmask(lrs_context *ctx) {
  return ctx->coverage ? LUA_MASKCOUNT | LUA_MASKLINE : LUA_MASKCOUNT;
}

/* Arms the count hook for the next slice of ctx->instructions_left (one instruction while
** metering). Serving, with nothing to record or raise, it takes the hook off instead: the VM
** then runs at full speed, and only lrs_raisesoon puts it back. */
static void lrs_armslice(lua_State *L, lrs_context *ctx) {
  if (ctx->serving && !ctx->coverage && !ctx->metering && !ctx->overdue &&
      ctx->exceeded == LRS_WITHIN_BUDGET) {
    lua_sethook(L, NULL, 0, 0);
    return;
  }
  int64_t left = ctx->instructions_left;
  int slice = left > LRS_MAX_SLICE ? LRS_MAX_SLICE
              : (left < 1 || ctx->metering || ctx->overdue ? 1 : (int)left);
  ctx->hook_slice = slice;
  lua_sethook(L, lrs_hook, lrs_hookmask(ctx), slice);
}

void lrs_armhook(lua_State *L) {
  lrs_armslice(L, lrs_ctx(L));
}

void lrs_freshinstructions(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->held || ctx->exceeded != LRS_WITHIN_BUDGET) return;
  ctx->instructions_before += ctx->instruction_limit - ctx->instructions_left;
  ctx->instructions_left = ctx->instruction_limit;
  ctx->steps_left = ctx->step_limit;
  lrs_armslice(L, ctx);
}

/* A count event, after each slice. Once the budget is spent it re-arms every instruction and
** raises, so a rule's pcall cannot swallow the error and keep running. Also raises a budget the
** allocator found spent, and the deadline the watchdog found passed (lrs_raisesoon). */
static void lrs_counthook(lua_State *L, lrs_context *ctx) {
  if (ctx->overdue && ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = LRS_EXCEEDED_DEADLINE;
  if (ctx->exceeded != LRS_WITHIN_BUDGET) {
    lua_sethook(L, lrs_hook, lrs_hookmask(ctx), 1);
    lrs_budget_error(L, (lrs_exceeded)ctx->exceeded);
  }
  ctx->instructions_left -= ctx->hook_slice;
  lrs_armslice(L, ctx);
  if (ctx->instructions_left <= 0) lrs_budget_error(L, LRS_EXCEEDED_INSTRUCTIONS);
}

/* The hook: line events record coverage, count events spend the instruction budget. */
static void lrs_hook(lua_State *L, lua_Debug *ar) {
  if (ar->event == LUA_HOOKLINE)
    lrs_recordline(L, ar);
  else
    lrs_counthook(L, lrs_ctx(L));
}

void lrs_charge(lua_State *L, int64_t cost) {
  lrs_context *ctx = lrs_ctx(L);
  if (!ctx->enforcing) return;
  if (ctx->overdue) lrs_budget_error(L, LRS_EXCEEDED_DEADLINE);  /* long C work stops here too */
  if (cost < 0) cost = 0;
  if (cost > ctx->steps_left) lrs_budget_error(L, LRS_EXCEEDED_STEPS);
  ctx->steps_left -= cost;
}

void lrs_raisesoon(lrs_context *ctx) {
  ctx->hook_slice = 1;
  lua_sethook(ctx->main, lrs_hook, lrs_hookmask(ctx), 1);
}

/* Finds the innermost Lua function with a current line; 0 when there is none. */
static int lrs_innermost(lua_State *L, lua_Debug *ar) {
  for (int level = 0; lua_getstack(L, level, ar); level++) {
    lua_getinfo(L, "Sl", ar);
    if (ar->currentline > 0) return 1;
  }
  return 0;
}

void lrs_notewhere(lrs_context *ctx) {
  lua_Debug ar;
  if (lrs_innermost(ctx->main, &ar))
    snprintf(ctx->where, sizeof ctx->where, "%s:%d: ", ar.short_src, ar.currentline);
  else
    memcpy(ctx->where, ctx->holding, sizeof ctx->where);
}

void lrs_pushwhere(lua_State *L) {
  lua_Debug ar;
  if (lrs_innermost(L, &ar))
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
  else
    lua_pushliteral(L, "");
}

int lrs_budget_error(lua_State *L, lrs_exceeded which) {
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = which;
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;  /* the message must be buildable even at the memory cap */
  lrs_pushwhere(L);
  switch (which) {
    case LRS_EXCEEDED_INSTRUCTIONS:
      lua_pushfstring(L, "instruction budget exceeded (%I instructions)",
                      (lua_Integer)ctx->instruction_limit);
      break;
    case LRS_EXCEEDED_STEPS:
      lua_pushfstring(L, "C work budget exceeded (%I steps)", (lua_Integer)ctx->step_limit);
      break;
    case LRS_EXCEEDED_DEADLINE:
      lua_pushfstring(L, "deadline exceeded (%I ms of CPU time)", (lua_Integer)(ctx->deadline_ns / 1000000));
      break;
    case LRS_EXCEEDED_STRING:
      lua_pushfstring(L, "string too long (limit %I bytes)", (lua_Integer)ctx->string_limit);
      break;
    default:
      lua_pushfstring(L, "memory budget exceeded (%I bytes)", (lua_Integer)ctx->memory_limit);
      break;
  }
  lua_concat(L, 2);
  ctx->enforcing = enforcing;
  return lua_error(L);
}
