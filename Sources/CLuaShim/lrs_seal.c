/*
** Read-only tables and sealed globals.
**
** A read-only table is a proxy (lrs_proxy.c) whose writes raise naming the table. The sealed
** globals are the globals table itself, kept in a weak set so the sandbox's rawset can refuse it.
** Before sealing, while a pack loads, the globals are guarded: what the host put there (the
** libraries, host functions) sits behind them and cannot be replaced, so no rule file changes
** what the host's own Lua or another rule gets.
*/
#include "CLuaShim.h"

#define LRS_SEALED "lrs.sealed"   /* weak-keyed set of sealed globals tables */
#define LRS_GUARDED "lrs.guarded" /* the host's globals, behind the guarded globals */
#define LRS_PLACES "lrs.places"   /* {[global] = "chunk:line: " where a pack's file first assigned it} */

/* Pushes the weak set of sealed globals, creating it on first use. [-0, +1, m] */
static void lrs_sealedset(lua_State *L) {
  if (luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_SEALED)) return;
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

int lrs_isreadonly(lua_State *L, int index) {
  if (lrs_proxykindof(L, index) >= 0) return 1;
  index = lua_absindex(L, index);
  lrs_sealedset(L);
  lua_pushvalue(L, index);
  int sealed = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return sealed;
}

/* Adds the globals table at index to the sealed set. [-0, +0, m] */
static void lrs_marksealed(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_sealedset(L);
  lua_pushvalue(L, index);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* __newindex of a read-only table named by upvalue 1. */
static int lrs_refusewrite(lua_State *L) {
  return luaL_error(L, "attempt to modify read-only table '%s' (field '%s')",
                    lua_tostring(L, lua_upvalueindex(1)), lrs_tolstring(L, 2, NULL));
}

int lrs_pushbehind(lua_State *L, int index) {
  if (!lrs_isreadonly(L, index) || !lua_getmetatable(L, index)) return 0;
  lua_pushliteral(L, "__index");
  int type = lua_rawget(L, -2);
  lua_remove(L, -2);
  if (type == LUA_TTABLE) return 1;
  lua_pop(L, 1);
  return 0;
}

/* __newindex of a frozen table (lrs_freeze.c). */
static int lrs_refusefrozen(lua_State *L) {
  return luaL_error(L, "cannot set field '%s': tables built when the pack loads are read-only "
                       "(build the table inside the rule function)", lrs_tolstring(L, 2, NULL));
}

void lrs_readthrough(lua_State *L, int index) {
  if (!lua_getmetatable(L, index)) return;  /* the common case: a table the rule built */
  lua_pop(L, 1);
  if (lrs_pushbehind(L, index)) lua_replace(L, index);
}

void lrs_makereadonly(lua_State *L, const char *what) {
  lua_pushstring(L, what);
  lua_pushcclosure(L, lrs_refusewrite, 1);
  lrs_makeproxy(L, LRS_PROXY_RULES);
}

void lrs_makefrozen(lua_State *L) {
  lua_pushcfunction(L, lrs_refusefrozen);
  lrs_makeproxy(L, LRS_PROXY_RULES);
}

/* Replaces frozen[name] (frozen on top), when it is a table, by its read-only proxy.
** [-0, +0, m] */
static void lrs_freezelibrary(lua_State *L, const char *name) {
  if (lua_getfield(L, -1, name) == LUA_TTABLE && !lrs_isreadonly(L, -1)) {
    lrs_makereadonly(L, name);
    lua_setfield(L, -2, name);
  } else {
    lua_pop(L, 1);
  }
}

/* Makes the library tables in the table on top read-only. [-0, +0, m] */
static void lrs_freezelibraries(lua_State *L) {
  static const char *const libraries[] = {"string", "table", "math", "utf8", NULL};
  for (const char *const *name = libraries; *name; name++) lrs_freezelibrary(L, *name);
}

/* Moves every field of the table at from into the table at to, raw. [-0, +0, m] */
static void lrs_movefields(lua_State *L, int from, int to) {
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, to);
  }
  lua_pushnil(L);
  while (lua_next(L, to)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, from);
  }
}

/* __newindex of the guarded globals: refuses the host's names (upvalue 1 holds them), assigns
** any other, noting where it was first assigned (registry[LRS_PLACES], for freezing's errors). */
static int lrs_guardedwrite(lua_State *L) {
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
    return luaL_error(L, "cannot replace global '%s': what the host provides stays as it is "
                         "(use a local of another name)", lrs_tolstring(L, 2, NULL));
  lua_pop(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    lrs_context *ctx = lrs_ctx(L);
    int enforcing = ctx->enforcing;
    ctx->enforcing = 0;                       /* the host's bookkeeping */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_PLACES);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) == LUA_TNIL) {
      lua_pushvalue(L, 2);
      lrs_pushwhere(L);
      lua_rawset(L, -4);
    }
    lua_pop(L, 2);
    ctx->enforcing = enforcing;
  }
  lua_rawset(L, 1);
  return 0;
}

int lrs_guardglobals(lua_State *L) {
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);  /* 1: globals */
  lua_createtable(L, 0, 64);                            /* 2: the host's globals */
  lrs_movefields(L, 1, 2);
  lrs_freezelibraries(L);
  lua_pushvalue(L, 2);
  lua_setfield(L, LUA_REGISTRYINDEX, LRS_GUARDED);
  lua_createtable(L, 0, 3);                             /* the globals' metatable */
  lua_pushvalue(L, 2);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, lrs_guardedwrite, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, 1);
  return 0;
}

/* __newindex of the sealed globals. */
static int lrs_refuseglobal(lua_State *L) {
  return luaL_error(L, "assignment to global '%s': globals are sealed once the pack has loaded "
                       "(declare it local)", lrs_tolstring(L, 2, NULL));
}

/* __index of the frozen globals: reading a global nobody defined is a mistake. */
static int lrs_undefinedglobal(lua_State *L) {
  return luaL_error(L, "undefined global '%s'", lrs_tolstring(L, 2, NULL));
}

int lrs_sealglobals(lua_State *L) {
  int roots = lua_gettop(L);
  for (int i = 1; i <= roots; i++) lrs_freeze(L, i);
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);  /* 1: globals (keeps its identity) */
  int globals = lua_gettop(L);
  lua_createtable(L, 0, 32);                            /* 2: frozen: what the globals held */
  int frozen = globals + 1;
  lrs_movefields(L, globals, frozen);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_PLACES);   /* what the pack's files assigned */
  lrs_freezeglobals(L, frozen, -1);
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, LRS_PLACES);
  if (lua_getfield(L, LUA_REGISTRYINDEX, LRS_GUARDED) == LUA_TTABLE) {  /* the host's, behind */
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, frozen);
    }
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LRS_GUARDED);
  }
  lua_pop(L, 1);
  lrs_freezelibraries(L);

  lua_createtable(L, 0, 1);                              /* frozen's metatable */
  lua_pushcfunction(L, lrs_undefinedglobal);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, frozen);
  lua_createtable(L, 0, 3);                              /* the globals' metatable */
  lua_pushvalue(L, frozen);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, lrs_refuseglobal);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, globals);
  lrs_marksealed(L, globals);
  lrs_freeze(L, globals);                                /* what rules left in the globals */
  lua_settop(L, globals - 1);
  return 0;
}
