/*
** Freezing: what a pack builds while it loads becomes read-only, so that no presentation can
** leave anything behind for the next one.
**
** Rule files and pack modules run once, when the pack loads; what they build (tables of cases,
** constants, closures) is shared by every presentation that follows. Freezing walks what they
** reach — tables (keys, values, metatables) and the upvalues of Lua functions — and replaces every
** table by a read-only proxy of a frozen copy (lrs_makereadonly), so a write raises and rawset
** refuses. Upvalues are replaced in place (lua_setupvalue), so closures keep their identity; a
** function's _ENV is frozen too unless it is the globals, which lrs_sealglobals seals. What keeps
** state in a way no copy can freeze is refused: a function that assigns a variable it keeps
** between calls (a closure a factory returned, lrs_keptassignment) and an iterator
** (lrs_isiterator). The host's helper modules and everything they reach are marked as the
** host's and left alone: they keep private caches and guard what they hand out themselves.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CLuaShim.h"

#define LRS_MEMO "lrs.freeze.memo"     /* value -> its frozen replacement (itself when kept) */
#define LRS_SHADOWS "lrs.freeze.shadow"/* frozen proxy -> the frozen copy behind it */
#define LRS_FREEZE_DEPTH 180           /* deepest nesting frozen (C recursion) */

/* Where a value being frozen is held, for errors: upvalue `name` of the function defined at
** source:line, or (global set) the global `name` first assigned at source:line. */
typedef struct lrs_holder {
  const char *name;
  char source[LUA_IDSIZE];
  int line;
  int global;
} lrs_holder;

/* Notes the holder's place in ctx->holding, where the allocator's refusals are placed while no
** Lua function runs (lrs_notewhere); copies what it replaces into saved. */
static void lrs_hold(lua_State *L, const lrs_holder *holder, char *saved) {
  lrs_context *ctx = lrs_ctx(L);
  memcpy(saved, ctx->holding, sizeof ctx->holding);
  snprintf(ctx->holding, sizeof ctx->holding, "%s:%d: ", holder->source, holder->line);
}

/* Puts back what lrs_hold replaced. */
static void lrs_unhold(lua_State *L, const char *saved) {
  lrs_context *ctx = lrs_ctx(L);
  memcpy(ctx->holding, saved, sizeof ctx->holding);
}

/* Metamethod fields a frozen proxy does not copy from the original metatable: the proxy's own,
** and those rules may not have. */
static int lrs_ownfield(const char *name) {
  static const char *const own[] = {"__index", "__newindex", "__len", "__pairs", "__metatable",
                                    "__gc", "__mode", "__name", NULL};
  for (const char *const *p = own; *p; p++)
    if (strcmp(name, *p) == 0) return 1;
  return 0;
}

/* Pushes registry[name], creating it. [-0, +1, m] */
static int lrs_registrytable(lua_State *L, const char *name) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, name);
  return lua_gettop(L);
}

/* Pushes memo[value at index]; returns its type. [-0, +1, m] */
static int lrs_memoget(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_registrytable(L, LRS_MEMO);
  lua_pushvalue(L, index);
  int type = lua_rawget(L, -2);
  lua_remove(L, -2);
  return type;
}

/* memo[value at index] = value at replacement. [-0, +0, m] */
static void lrs_memoset(lua_State *L, int index, int replacement) {
  index = lua_absindex(L, index);
  replacement = lua_absindex(L, replacement);
  lrs_registrytable(L, LRS_MEMO);
  lua_pushvalue(L, index);
  lua_pushvalue(L, replacement);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

static void lrs_freezevalue(lua_State *L, int index, int depth, const lrs_holder *holder);

static void lrs_refuse(lua_State *L, const char *format, ...);

/* Raises when freezing goes deeper than any pack's data, at the holder when there is one.
** [-0, +0, v] */
static void lrs_checkdepth(lua_State *L, int depth, const lrs_holder *holder) {
  if (depth <= LRS_FREEZE_DEPTH) {
    luaL_checkstack(L, 12, "freezing the pack's data");
    return;
  }
  if (holder == NULL)
    lrs_refuse(L, "data built at load nests more than %d levels deep", LRS_FREEZE_DEPTH);
  lrs_refuse(L, holder->global ? "%s:%d: data built at load nests more than %d levels deep (in global "
                                 "'%s', assigned here)"
                               : "%s:%d: data built at load nests more than %d levels deep (in '%s', "
                                 "kept by the function defined here)",
             holder->source, holder->line, LRS_FREEZE_DEPTH, holder->name);
}

/* Whether the value at index is the globals table. [-0, +0, -] */
static int lrs_isglobals(lua_State *L, int index) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  int globals = lua_rawequal(L, index, -1);
  lua_pop(L, 1);
  return globals;
}

/* Replaces every upvalue of the Lua function at index (but the globals as _ENV) by its frozen
** value. [-0, +0, e] */
static void lrs_freezeupvalues(lua_State *L, int index, int depth) {
  lua_Debug ar;
  lua_pushvalue(L, index);
  lua_getinfo(L, ">S", &ar);
  lrs_holder holder = {NULL, "", ar.linedefined, 0};
  memcpy(holder.source, ar.short_src, sizeof holder.source);
  char saved[sizeof lrs_ctx(L)->holding];
  lrs_hold(L, &holder, saved);
  for (int n = 1;; n++) {
    const char *name = lua_getupvalue(L, index, n);
    if (name == NULL) break;
    int value = lua_gettop(L);
    if (strcmp(name, "_ENV") == 0 && lrs_isglobals(L, value)) {
      lua_pop(L, 1);
      continue;
    }
    holder.name = name;
    lrs_freezevalue(L, value, depth + 1, &holder);
    if (lua_rawequal(L, -1, value)) lua_pop(L, 2);
    else if (lua_setupvalue(L, index, n)) lua_pop(L, 1);
  }
  lrs_unhold(L, saved);
}

/* Replaces every value of the table at index (a host proxy's real table) by its frozen value,
** in place. [-0, +0, e] */
static void lrs_freezeentries(lua_State *L, int index, int depth, const lrs_holder *holder) {
  lua_pushnil(L);
  while (lua_next(L, index)) {
    int value = lua_gettop(L);
    lrs_freezevalue(L, value, depth + 1, holder);
    if (!lua_rawequal(L, -1, value)) {
      lua_pushvalue(L, value - 1);
      lua_insert(L, -2);
      lua_rawset(L, index);  /* an existing key: next stays valid */
    } else {
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

/* Builds the frozen proxy of the plain table at t and pushes it. [-0, +1, e] */
static void lrs_freezetable(lua_State *L, int t, int depth, const lrs_holder *holder) {
  lua_createtable(L, 0, 0);                       /* shadow: the frozen copy */
  int shadow = lua_gettop(L);
  lua_pushvalue(L, shadow);
  lrs_makefrozen(L);                              /* proxy */
  int proxy = lua_gettop(L);
  lrs_memoset(L, t, proxy);
  lrs_memoset(L, proxy, proxy);
  lrs_registrytable(L, LRS_SHADOWS);
  lua_pushvalue(L, proxy);
  lua_pushvalue(L, shadow);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, t)) {                        /* shadow[frozen key] = frozen value */
    lrs_freezevalue(L, -2, depth + 1, holder);
    lrs_freezevalue(L, -2, depth + 1, holder);
    lua_rawset(L, shadow);
    lua_pop(L, 1);
  }
  if (lua_getmetatable(L, t)) {                   /* the original metatable's behaviour */
    int original = lua_gettop(L);
    lua_getmetatable(L, proxy);
    int own = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, original)) {
      if (lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), "__index") == 0) {
        lua_createtable(L, 0, 1);                 /* shadow misses fall through to it */
        lrs_freezevalue(L, -2, depth + 1, holder);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, shadow);
      } else if (lua_type(L, -2) == LUA_TSTRING && !lrs_ownfield(lua_tostring(L, -2))) {
        lrs_freezevalue(L, -1, depth + 1, holder);
        lua_pushvalue(L, -3);
        lua_insert(L, -2);
        lua_rawset(L, own);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  lua_remove(L, shadow);
}

/* Marks the value at index, and everything it reaches, as the host's: freezing leaves it alone.
** [-0, +0, e] */
static void lrs_markvalue(lua_State *L, int index, int depth) {
  int type = lua_type(L, index);
  if (type != LUA_TTABLE && !(type == LUA_TFUNCTION && !lua_iscfunction(L, index))) return;
  lrs_checkdepth(L, depth, NULL);
  index = lua_absindex(L, index);
  if (lrs_memoget(L, index) != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lrs_memoset(L, index, index);
  if (type == LUA_TFUNCTION) {
    for (int n = 1; lua_getupvalue(L, index, n) != NULL; n++) {
      lrs_markvalue(L, -1, depth + 1);
      lua_pop(L, 1);
    }
    return;
  }
  lua_pushnil(L);
  while (lua_next(L, index)) {
    lrs_markvalue(L, -2, depth + 1);
    lrs_markvalue(L, -1, depth + 1);
    lua_pop(L, 1);
  }
  if (lua_getmetatable(L, index)) {
    lrs_markvalue(L, -1, depth + 1);
    lua_pop(L, 1);
  }
}

/* Raises the message, which names its own place (luaL_error would add the caller's). [-0, +1, v] */
static void lrs_refuse(lua_State *L, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  lua_pushvfstring(L, format, arguments);
  va_end(arguments);
  lua_error(L);
}

/* Raises for the Lua function at index when it assigns a variable it keeps between calls: at
** the assignment, or at the function holding it when that is in another file. [-0, +0, v] */
static void lrs_refusekept(lua_State *L, int index, const lrs_holder *holder) {
  char name[64];
  lua_Integer line = lrs_keptassignment(L, index, name, sizeof name);
  if (line == 0) return;
  lua_Debug ar;
  lua_pushvalue(L, index);
  lua_getinfo(L, ">S", &ar);
  const char *advice = "its value would carry from one presentation to the next (rules are pure: "
                       "make it a local of the function that assigns it, or compute it at the top "
                       "level)";
  if (holder != NULL && strcmp(holder->source, ar.short_src) != 0)
    lrs_refuse(L, holder->global ? "%s:%d: global '%s', assigned here, holds a function made while the "
                                   "pack loaded that assigns '%s' (%s:%d), which it keeps between calls: %s"
                                 : "%s:%d: the function defined here keeps '%s', a function made while "
                                   "the pack loaded that assigns '%s' (%s:%d), which it keeps between "
                                   "calls: %s",
               holder->source, holder->line, holder->name, name, ar.short_src, (int)line, advice);
  lrs_refuse(L, "%s:%d: a function made while the pack loaded%s%s%s assigns '%s', which it keeps "
             "between calls: %s", ar.short_src, (int)line, holder ? " (kept in '" : "",
             holder ? holder->name : "", holder ? "')" : "", name, advice);
}

/* Raises for an iterator at index, naming the function holding it. [-0, +0, v] */
static void lrs_refuseiterator(lua_State *L, int index, const lrs_holder *holder) {
  if (!lrs_isiterator(L, index)) return;
  const char *advice = "it would resume in the next presentation where the last one left off "
                       "(call pairs or gmatch inside the function that loops)";
  if (holder == NULL)
    lrs_refuse(L, "a table built while the pack loaded holds an iterator (from pairs or "
               "string.gmatch): %s", advice);
  lrs_refuse(L, holder->global ? "%s:%d: global '%s', assigned here, holds an iterator (from pairs "
                                 "or string.gmatch) made while the pack loaded: %s"
                               : "%s:%d: the function defined here keeps '%s', an iterator (from pairs "
                                 "or string.gmatch) made while the pack loaded: %s",
             holder->source, holder->line, holder->name, advice);
}

/* Pushes the frozen replacement of the value at index: itself for what is not a table, for the
** host's and for read-only tables (whose real tables are frozen in place); a frozen proxy for
** a plain table. Lua functions get their upvalues frozen. Raises for a function that keeps
** state (lrs_refusekept, lrs_refuseiterator). [-0, +1, e] */
static void lrs_freezevalue(lua_State *L, int index, int depth, const lrs_holder *holder) {
  index = lua_absindex(L, index);
  int type = lua_type(L, index);
  if (type == LUA_TFUNCTION && lua_iscfunction(L, index)) lrs_refuseiterator(L, index, holder);
  if (type != LUA_TTABLE && !(type == LUA_TFUNCTION && !lua_iscfunction(L, index))) {
    lua_pushvalue(L, index);
    return;
  }
  lrs_checkdepth(L, depth, holder);
  if (lrs_memoget(L, index) != LUA_TNIL) return;
  lua_pop(L, 1);
  if (type == LUA_TFUNCTION) {
    lrs_refusekept(L, index, holder);
    lrs_memoset(L, index, index);
    lrs_freezeupvalues(L, index, depth);
    lua_pushvalue(L, index);
    return;
  }
  if (lrs_isreadonly(L, index)) {                 /* a module's, the globals, the host's */
    lrs_memoset(L, index, index);
    if (lrs_proxykindof(L, index) != LRS_PROXY_HOST && lrs_pushbehind(L, index)) {
      lrs_freezeentries(L, lua_gettop(L), depth, holder);
      lua_pop(L, 1);
    }
    lua_pushvalue(L, index);
    return;
  }
  lrs_freezetable(L, index, depth, holder);
}

void lrs_markhost(lua_State *L, int index) {
  lrs_markvalue(L, index, 0);
}

void lrs_freezeglobals(lua_State *L, int index, int places) {
  index = lua_absindex(L, index);
  places = lua_absindex(L, places);
  lua_pushnil(L);
  while (lua_next(L, places)) {                                  /* name, "chunk:line: " */
    lrs_holder holder = {lua_tostring(L, -2), "?", 0, 1};       /* names: strings, never converted */
    const char *place = lua_tostring(L, -1);
    const char *colon = strrchr(place, ':');
    while (colon > place && colon[-1] >= '0' && colon[-1] <= '9') colon--;
    if (colon > place) {
      size_t length = (size_t)(colon - 1 - place);
      if (length >= sizeof holder.source) length = sizeof holder.source - 1;
      memcpy(holder.source, place, length);
      holder.source[length] = '\0';
      holder.line = atoi(colon);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawget(L, index);
    int value = lua_gettop(L);
    char saved[sizeof lrs_ctx(L)->holding];
    lrs_hold(L, &holder, saved);
    lrs_freezevalue(L, value, 1, &holder);
    lrs_unhold(L, saved);
    if (!lua_rawequal(L, -1, value)) {
      lua_pushvalue(L, value - 1);
      lua_insert(L, -2);
      lua_rawset(L, index);
    } else {
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

void lrs_freeze(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_freezevalue(L, index, 0, NULL);
  lua_replace(L, index);
}

int lrs_pushshadow(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_registrytable(L, LRS_SHADOWS);
  lua_pushvalue(L, index);
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_pop(L, 2);
    return 0;
  }
  lua_remove(L, -2);
  return 1;
}
