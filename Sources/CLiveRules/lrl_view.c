/*
** The read-only views rules see of their checked inputs.
**
** A view is a read-only proxy of the host's data (lrs_makeproxy, LRS_PROXY_HOST) whose writes
** raise naming the field. The checked table behind it gets its type's shared metatable (which
** lrl_schema_prepare, lrl_descriptor.c, keeps in the type's descriptor), whose __index,
** lrl_viewmiss, answers reads of absent keys: nil for a declared optional field, an error with a
** suggestion for anything else. Each table notes its parent table and its key there (under
** private light userdata keys that pairs skips), so errors name the whole path, in Lua's 1-based
** indices: `state.meetings[2].titel`.
*/
#include "lrl_descriptor.h"
#include "lrl_view.h"

const char lrl_parentkey = 0;
const char lrl_keykey = 0;

/* Pushes the table behind the view at p. [-0, +1, -] */
static void lrl_pushreal(lua_State *L, int p) {
  lua_getmetatable(L, p);
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

/* Pushes the path of the checked table at t: its root name, then `.field` or `[index]` per step.
** [-0, +1, m] */
static void lrl_pushpath(lua_State *L, int t) {
  int base = lua_gettop(L);
  lua_pushvalue(L, t);
  int steps = 0;
  while (lua_type(L, -1) == LUA_TTABLE && steps < LRL_SCHEMA_DEPTH) {
    int table = lua_gettop(L);
    lua_rawgetp(L, table, &lrl_keykey);
    lua_rawgetp(L, table, &lrl_parentkey);
    lua_remove(L, table);  /* leaves key, parent */
    steps++;
  }
  lua_pop(L, 1);  /* the nil past the root */
  int top = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = top; i > base; i--) {
    if (lua_type(L, i) == LUA_TNUMBER) lua_pushfstring(L, "[%I]", lua_tointeger(L, i));
    else if (i == top) lua_pushvalue(L, i);  /* the root name */
    else lua_pushfstring(L, ".%s", lua_tostring(L, i));
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  lua_copy(L, -1, base + 1);
  lua_settop(L, base + 1);
}

/* Pushes the path of the view at p: its table's path, or the name a plain view carries.
** [-0, +1, m] */
static void lrl_pushviewpath(lua_State *L, int p) {
  lrl_pushreal(L, p);
  lua_rawgetp(L, -1, &lrl_keykey);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_getmetatable(L, p);
    lua_rawgetp(L, -1, &lrl_keykey);
    lua_remove(L, -2);
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  lrl_pushpath(L, lua_gettop(L));
  lua_remove(L, -2);
}

/* lua_CFunction: __newindex(view, key, value) of a view: rule inputs are read-only, so it
** raises, naming the view's path and key. */
static int lrl_viewwrite(lua_State *L) {
  lrs_pushwhere(L);
  lrl_pushviewpath(L, 1);
  lua_pushfstring(L, "%s: rule inputs are read-only (copy what you need into a local table)",
                  lrs_tolstring(L, 2, NULL));
  lua_remove(L, -2);
  lua_pushliteral(L, ".");
  lua_insert(L, -2);
  lua_concat(L, 4);
  return lua_error(L);
}

void lrl_makeview(lua_State *L, int t) {
  lua_pushvalue(L, t);
  lua_pushcfunction(L, lrl_viewwrite);
  lrs_makeproxy(L, LRS_PROXY_HOST);
  lua_replace(L, t);
}

int lrl_viewmiss(lua_State *L) {
  int d = lua_upvalueindex(1);
  lua_Integer kind = lrl_slotint(L, d, LRL_D_KIND);
  if (kind == LRL_KIND_ARRAY && lua_type(L, 2) == LUA_TNUMBER) return 0;  /* past the end: nil */
  if (kind == LRL_KIND_OBJECT && lua_type(L, 2) == LUA_TSTRING) {
    lua_rawgeti(L, d, LRL_D_CHILD);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL) return 0;  /* an absent optional field: nil */
  }
  lua_settop(L, 2);
  lrs_pushwhere(L);
  lrl_pushpath(L, 1);                               /* where path */
  size_t lk;
  const char *key = lrs_tolstring(L, 2, &lk);       /* where path key */
  if (kind == LRL_KIND_ARRAY) {
    lua_rawgeti(L, d, LRL_D_CHILD);
    lua_rawgeti(L, -1, LRL_D_NAME);                 /* where path key element name */
    lua_remove(L, -2);
    lua_pushfstring(L, ": this is a list of %s; index it with numbers, not '%s'",
                    lua_tostring(L, -1), key);
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_concat(L, 3);
    return lua_error(L);
  }
  lua_rawgeti(L, d, LRL_D_NAME);                    /* where path key name */
  lua_pushfstring(L, ".%s: no such field in %s", key, lua_tostring(L, -1));
  lua_replace(L, -2);                               /* where path key message */
  lua_rawgeti(L, d, LRL_D_ORDER);
  lrl_pushhint(L, lua_gettop(L), key, lk);          /* where path key message order hint */
  lua_replace(L, -2);
  lua_remove(L, -3);                                /* where path message hint */
  lua_concat(L, 4);
  return lua_error(L);
}
