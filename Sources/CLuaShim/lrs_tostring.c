/*
** How rules see a value as text: as Lua's tostring, without addresses.
*/
#include "CLuaShim.h"

const char *lrs_tolstring(lua_State *L, int index, size_t *length) {
  index = lua_absindex(L, index);
  luaL_checkstack(L, 2, NULL);
  if (luaL_callmeta(L, index, "__tostring")) {
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
    return lua_tolstring(L, -1, length);
  }
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: case LUA_TSTRING: case LUA_TBOOLEAN: case LUA_TNIL:
      return luaL_tolstring(L, index, length);  /* no address in these */
    default: {
      int name = luaL_getmetafield(L, index, "__name");  /* pushes the field unless it is nil */
      if (name != LUA_TSTRING) {
        if (name != LUA_TNIL) lua_pop(L, 1);
        lua_pushstring(L, luaL_typename(L, index));
      }
      return lua_tolstring(L, -1, length);
    }
  }
}
