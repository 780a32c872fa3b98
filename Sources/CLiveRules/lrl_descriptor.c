/*
** The schema descriptor: a sequence the host builds from the pack's schema (slots LRL_D_* in
** CLiveRules.h), read here by the checker (lrl_check.c) and the views (lrl_view.c) alike.
** Preparing a descriptor tree gives each object and array descriptor, in LRL_D_META, the
** metatable its checked tables share: its __index is the views' answer to a read of an absent
** key (lrl_viewmiss), closed over the descriptor.
*/
#include "lrl_descriptor.h"
#include "lrl_view.h"

lua_Integer lrl_slotint(lua_State *L, int d, int slot) {
  lua_rawgeti(L, d, slot);
  lua_Integer value = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return value;
}

void lrl_pushhint(lua_State *L, int n, const char *key, size_t lk) {
  if (lrs_pushdidyoumean(L, n, key, lk)) return;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, " (it has: ");
  lua_Integer count = (lua_Integer)lua_rawlen(L, n);
  for (lua_Integer i = 1; i <= count; i++) {
    if (i > 1) luaL_addstring(&b, ", ");
    lua_rawgeti(L, n, i);
    luaL_addvalue(&b);
  }
  luaL_addstring(&b, ")");
  luaL_pushresult(&b);
}

int lrl_schema_prepare(lua_State *L) {
  int d = 1;
  luaL_checktype(L, d, LUA_TTABLE);
  lua_Integer kind = lrl_slotint(L, d, LRL_D_KIND);
  if (kind == LRL_KIND_OBJECT || kind == LRL_KIND_ARRAY) {
    if (lua_rawgeti(L, d, LRL_D_META) == LUA_TTABLE) return 1;  /* prepared already */
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, d);
    lua_pushcclosure(L, lrl_viewmiss, 1);
    lua_setfield(L, -2, "__index");
    lua_rawseti(L, d, LRL_D_META);
    if (kind == LRL_KIND_ARRAY) {
      lua_pushcfunction(L, lrl_schema_prepare);
      lua_rawgeti(L, d, LRL_D_CHILD);
      lua_call(L, 1, 0);
    } else {
      lua_rawgeti(L, d, LRL_D_CHILD);
      int fields = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, fields)) {
        lua_pushcfunction(L, lrl_schema_prepare);
        lua_insert(L, -2);
        lua_call(L, 1, 0);
      }
    }
  }
  lua_settop(L, 1);
  return 1;
}
