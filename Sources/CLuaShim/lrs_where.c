/*
** Positions in messages. Lua prefixes its messages with "chunk:line: ", and a message a rule
** writes may hold the same shape by chance ("next meeting at 10:30: room changed"). A message
** is taken as positioned only when it starts with the name of a chunk this state loaded, so the
** state keeps the names it was asked to load (registry[&lrs_chunkskey], a set).
*/
#include <stdio.h>
#include <string.h>
#include "CLuaShim.h"

static const char lrs_chunkskey = 0;  /* registry[&lrs_chunkskey]: {[chunk name] = true} */

/* Adds the chunk name argument 1 points to (a light userdata: a C string) to the set.
** [-0, +0, m] */
static int lrs_addchunk(lua_State *L) {
  const char *chunkname = lua_touserdata(L, 1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lrs_chunkskey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 16);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lrs_chunkskey);
  }
  lua_pushstring(L, chunkname + (*chunkname == '@' || *chunkname == '='));
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  return 0;
}

void lrs_notechunk(lua_State *L, const char *chunkname) {
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;  /* the host's bookkeeping: never refused at a rule's memory cap */
  lua_pushcfunction(L, lrs_addchunk);
  lua_pushlightuserdata(L, (void *)chunkname);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);  /* out of system memory: left unnoted */
  ctx->enforcing = enforcing;
}

int lrs_isknownchunk(lua_State *L, const char *name, size_t length) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lrs_chunkskey) != LUA_TTABLE) {
    lua_pop(L, 1);
    return 0;
  }
  int shortened = length >= 3 && memcmp(name, "...", 3) == 0;
  const char *tail = shortened ? name + 3 : name;
  size_t taillength = shortened ? length - 3 : length;
  int known = 0;
  lua_pushnil(L);
  while (!known && lua_next(L, -2)) {
    size_t held;
    const char *chunk = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &held) : NULL;
    if (chunk != NULL)
      known = shortened ? held >= taillength && memcmp(chunk + held - taillength, tail, taillength) == 0
                        : held == length && memcmp(chunk, name, length) == 0;
    lua_pop(L, 1);
  }
  lua_pop(L, known ? 2 : 1);  /* the set, and the key lua_next left when the loop stopped early */
  return known;
}

size_t lrs_wherelength(lua_State *L, const char *message) {
  for (const char *colon = strchr(message, ':'); colon != NULL; colon = strchr(colon + 1, ':')) {
    const char *p = colon + 1;
    while (*p >= '0' && *p <= '9') p++;
    if (p > colon + 1 && *p == ':' && lrs_isknownchunk(L, message, (size_t)(colon - message)))
      return (size_t)(p + 1 - message);
  }
  return 0;
}

static const char lrs_raisedkey = 0;  /* registry[&lrs_raisedkey]: {[error value] = "chunk:line: "} */

void lrs_setraisedwhere(lua_State *L, int index, const char *where) {
  index = lua_absindex(L, index);
  int type = lua_type(L, index);
  if (type == LUA_TSTRING || type == LUA_TNIL || (type == LUA_TNUMBER && lua_tonumber(L, index) != lua_tonumber(L, index)))
    return;  /* a message names its place; nil and NaN cannot be keys */
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;  /* the host's bookkeeping: never refused at a rule's memory cap */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lrs_raisedkey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lrs_raisedkey);
  }
  lua_pushvalue(L, index);
  lua_pushstring(L, where);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  ctx->enforcing = enforcing;
}

int lrs_noteraise(lua_State *L) {
  lua_settop(L, 1);
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline <= 0) continue;  /* error() itself, or another C function */
    char where[LUA_IDSIZE + 16];
    snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
    lrs_setraisedwhere(L, 1, where);
    break;
  }
  return 1;
}

void lrs_raisedwhere(lua_State *L, int index, char *where, size_t size) {
  index = lua_absindex(L, index);
  int type = lua_type(L, index);
  if (type == LUA_TSTRING || type == LUA_TNIL) return;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lrs_raisedkey) == LUA_TTABLE) {
    lua_pushvalue(L, index);
    if (lua_rawget(L, -2) == LUA_TSTRING) snprintf(where, size, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}
