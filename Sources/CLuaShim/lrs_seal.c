/*
** Read-only tables and sealed globals.
**
** A read-only table is an empty proxy whose metatable reads through to the real table and raises
** on writes; `#`, pairs and ipairs see the real contents. Proxies are remembered in a weak set so
** the sandbox's rawset can refuse them.
*/
#include "CLuaShim.h"

#define LRS_READONLY "lrs.readonly"  /* weak-keyed set of read-only proxies and sealed globals */

/* Pushes the weak set of read-only tables, creating it on first use. [-0, +1, m] */
static void lrs_readonlyset(lua_State *L) {
  if (luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_READONLY)) return;
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

int lrs_isreadonly(lua_State *L, int index) {
  index = lua_absindex(L, index);
  if (lrs_isview(L, index)) return 1;
  lrs_readonlyset(L);
  lua_pushvalue(L, index);
  int readonly = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return readonly;
}

/* Adds the table at index to the read-only set. [-0, +0, m] */
static void lrs_markreadonly(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_readonlyset(L);
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

/* __len of a proxy: the raw length of the real table in upvalue 1. */
static int lrs_proxylen(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, lua_upvalueindex(1)));
  return 1;
}

/* __pairs of a proxy: the real table in upvalue 1, in the defined order. The iterator keeps the
** real table to itself: nothing a rule can reach hands it out. */
static int lrs_proxypairs(lua_State *L) {
  lrs_pushorderedpairs(L, lua_upvalueindex(1), 0);
  return 3;
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

/* Replaces the table on top by a read-only proxy whose writes go to refuse (upvalue 1: what).
** [-1, +1, m] */
static void lrs_makeproxy(lua_State *L, lua_CFunction refuse, const char *what) {
  int real = lua_gettop(L);
  lua_createtable(L, 0, 0);                 /* proxy */
  lua_createtable(L, 0, 5);                 /* its metatable */
  lua_pushvalue(L, real);
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, what);
  lua_pushcclosure(L, refuse, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, real);
  lua_pushcclosure(L, lrs_proxylen, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, real);
  lua_pushcclosure(L, lrs_proxypairs, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lrs_markreadonly(L, -1);
  lua_replace(L, real);
}

void lrs_readthrough(lua_State *L, int index) {
  if (!lua_getmetatable(L, index)) return;  /* the common case: a table the rule built */
  lua_pop(L, 1);
  if (lrs_pushbehind(L, index)) lua_replace(L, index);
}

void lrs_makereadonly(lua_State *L, const char *what) {
  lrs_makeproxy(L, lrs_refusewrite, what);
}

void lrs_makefrozen(lua_State *L) {
  lrs_makeproxy(L, lrs_refusefrozen, "");
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

/* Replaces frozen[name] (frozen on top), when it is a table, by its read-only proxy.
** [-0, +0, m] */
static void lrs_freezelibrary(lua_State *L, const char *name) {
  if (lua_getfield(L, -1, name) == LUA_TTABLE) {
    lrs_makereadonly(L, name);
    lua_setfield(L, -2, name);
  } else {
    lua_pop(L, 1);
  }
}

int lrs_sealglobals(lua_State *L) {
  int roots = lua_gettop(L);
  for (int i = 1; i <= roots; i++) lrs_freeze(L, i);
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);  /* 1: globals (keeps its identity) */
  int globals = lua_gettop(L);
  lua_createtable(L, 0, 32);                            /* 2: frozen: what the globals held */
  int frozen = globals + 1;
  lua_pushnil(L);
  while (lua_next(L, globals)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, frozen);
  }
  lua_pushnil(L);
  while (lua_next(L, frozen)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, globals);
  }
  static const char *const libraries[] = {"string", "table", "math", "utf8", NULL};
  for (const char *const *name = libraries; *name; name++) lrs_freezelibrary(L, *name);

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
  lrs_markreadonly(L, globals);
  lrs_freeze(L, globals);                                /* what rules left in the globals */
  lua_settop(L, globals - 1);
  return 0;
}
