/*
** Field access for the Codable bridge: one call per field instead of three. The tables are the
** host's own (no metatables) or are read raw, and the host calls these while the allocator does
** not refuse, so none of them can raise.
*/
#include "CLuaShim.h"

void lrs_setfield(lua_State *L, int table, const char *key, size_t length) {
  lua_pushlstring(L, key, length);
  lua_insert(L, -2);
  lua_rawset(L, table);
}

void lrs_setstringfield(lua_State *L, int table, const char *key, size_t length,
                        const char *value, size_t value_length) {
  lua_pushlstring(L, key, length);
  lua_pushlstring(L, value, value_length);
  lua_rawset(L, table);
}

void lrs_setnumberfield(lua_State *L, int table, const char *key, size_t length, lua_Number value) {
  lua_pushlstring(L, key, length);
  lua_pushnumber(L, value);
  lua_rawset(L, table);
}

int lrs_getfield(lua_State *L, int table, const char *key, size_t length) {
  lua_pushlstring(L, key, length);
  return lua_rawget(L, table);
}
