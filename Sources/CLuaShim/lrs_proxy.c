/*
** Read-only proxies: the one way the host hands a table to rules without letting them change it.
**
** A proxy is an empty table whose metatable reads through to the real table (__index), forwards
** `#` and pairs to it (pairs in the defined order, without private light userdata keys) and hands
** every write to a refusing function the maker chose (__newindex). Its __len is recognised by
** identity, so telling a proxy from any other table costs one metatable read. Freezing
** (lrs_freeze.c), the sealed library tables (lrs_seal.c) and the host's input views all use it;
** the kind says whose data the real table is.
*/
#include "CLuaShim.h"

/* Pushes the real table behind the proxy at p. [-0, +1, -] */
static void lrs_pushreal(lua_State *L, int p) {
  lua_getmetatable(L, p);
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

/* __len of a proxy: the raw length of its real table. */
static int lrs_proxylen(lua_State *L) {
  lrs_pushreal(L, 1);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

/* __pairs of a proxy (argument 1): its real table in the defined order, without private keys.
** The iterator keeps the real table to itself: nothing a rule can reach hands it out. */
static int lrs_proxypairs(lua_State *L) {
  luaL_argcheck(L, lrs_proxykindof(L, 1) >= 0, 1, "not a read-only table");
  lrs_pushreal(L, 1);
  lrs_pushorderedpairs(L, -1, 1);
  return 3;
}

/* __pairs of a proxy of the host's data: the same function under another identity, which is how
** lrs_proxykindof tells the kinds apart. */
static int lrs_hostpairs(lua_State *L) {
  return lrs_proxypairs(L);
}

void lrs_makeproxy(lua_State *L, lrs_proxykind kind) {
  int real = lua_gettop(L) - 1;
  lua_createtable(L, 0, 0);                 /* proxy */
  lua_createtable(L, 0, 5);                 /* its metatable */
  lua_pushvalue(L, real);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, real + 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, lrs_proxylen);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, kind == LRS_PROXY_HOST ? lrs_hostpairs : lrs_proxypairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_replace(L, real);
  lua_settop(L, real);
}

int lrs_proxykindof(lua_State *L, int index) {
  if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) return -1;
  lua_pushliteral(L, "__len");
  lua_rawget(L, -2);
  int proxy = lua_tocfunction(L, -1) == lrs_proxylen;
  lua_pop(L, 1);
  int kind = -1;
  if (proxy) {
    lua_pushliteral(L, "__pairs");
    lua_rawget(L, -2);
    kind = lua_tocfunction(L, -1) == lrs_hostpairs ? LRS_PROXY_HOST : LRS_PROXY_RULES;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return kind;
}
