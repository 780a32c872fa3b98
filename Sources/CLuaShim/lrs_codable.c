/*
** Field keys for the Codable bridge. The tables are the host's own (no metatables) or are read
** raw, and the host calls these while the allocator does not refuse, so none of them can raise.
*/
#include <string.h>
#include "CLuaShim.h"

void lrs_pushkey(lua_State *L, const char *key, size_t length) {
  if (length > sizeof(uint64_t) * 2) {
    lua_pushlstring(L, key, length);
    return;
  }
  uint64_t bytes[2] = {0, 0};
  memcpy(bytes, key, length);
  uint64_t hash = (bytes[0] * 0x9E3779B97F4A7C15u) ^ (bytes[1] * 0xC2B2AE3D27D4EB4Fu) ^ length;
  lrs_cachedkey *entry = &lrs_ctx(L)->keys[(hash >> 40) & (LRS_KEY_CACHE - 1)];
  if (entry->reference != 0 && entry->length == length && entry->bytes[0] == bytes[0] &&
      entry->bytes[1] == bytes[1]) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, entry->reference);
    return;
  }
  lua_pushlstring(L, key, length);
  if (entry->reference != 0) luaL_unref(L, LUA_REGISTRYINDEX, entry->reference);
  lua_pushvalue(L, -1);
  entry->reference = luaL_ref(L, LUA_REGISTRYINDEX);
  entry->bytes[0] = bytes[0];
  entry->bytes[1] = bytes[1];
  entry->length = length;
}

int lrs_getfield(lua_State *L, int table, const char *key, size_t length) {
  lrs_pushkey(L, key, length);
  return lua_rawget(L, table);
}
