/*
** The sandbox: which libraries rules get, and the base functions replaced for rules.
*/
#include <limits.h>
#include <string.h>
#include <lualib.h>
#include "CLuaShim.h"

/* Registry keys. */
#define LRS_MODULES "lrs.modules"   /* name -> value of each module `require` loaded */
#define LRS_SEARCHER "lrs.searcher" /* host function: name -> source, chunkname, pure */
#define LRS_FAILED "lrs.failed"     /* name -> the error each module that failed to load raised */

/* C work charged for each error a rule's pcall catches: raising and unwinding (up to 200 C
** levels deep) is work the count hook cannot see. */
#define LRS_CAUGHT_ERROR_STEPS 1000

/* After a rule's pcall: re-raises budget and memory errors (a rule may not swallow them) and
** charges the unwinding of any other error. */
static void lrs_aftercatch(lua_State *L, int status) {
  if (status == LUA_OK) return;
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->exceeded != LRS_WITHIN_BUDGET || status == LUA_ERRMEM) {
    if (ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = LRS_EXCEEDED_MEMORY;
    lua_error(L);
  }
  lrs_charge(L, LRS_CAUGHT_ERROR_STEPS);
}

/* pcall(f, ...): as Lua's, except that budget and memory errors propagate. */
static int sb_pcall(lua_State *L) {
  luaL_checkany(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  lrs_aftercatch(L, status);
  luaL_checkstack(L, 1, NULL);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

/* The message handler xpcall installs: the rule's handler (upvalue 1), skipped once a budget has
** run out. A budget error is raised inside the count hook, where hooks are off, so a rule's
** handler running there could loop forever. */
static int sb_xpcallhandler(lua_State *L) {
  if (lrs_ctx(L)->exceeded != LRS_WITHIN_BUDGET) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

/* xpcall(f, msgh, ...): as Lua's, except that budget and memory errors propagate. */
static int sb_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, sb_xpcallhandler, 1);
  lua_replace(L, 2);
  lua_pushvalue(L, 1);
  lua_insert(L, 3);
  int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
  lrs_aftercatch(L, status);
  lua_pushboolean(L, status == LUA_OK);
  lua_replace(L, 2);
  return lua_gettop(L) - 1;
}

/* print(...): tostring of each argument, tab-separated, to the host's logger. */
static int sb_print(lua_State *L) {
  int n = lua_gettop(L);
  luaL_Buffer line;
  luaL_buffinit(L, &line);
  for (int i = 1; i <= n; i++) {
    if (i > 1) luaL_addchar(&line, '\t');
    lrs_tolstring(L, i, NULL);
    luaL_addvalue(&line);
  }
  luaL_pushresult(&line);
  size_t length;
  const char *text = lua_tolstring(L, -1, &length);
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->log) ctx->log(ctx->host, text, length);
  return 0;
}

/* collectgarbage(opt): refused. Collecting is the host's business, and what the collector
** reports ("count", "step", "isrunning") changes with its timing, which no output may show. */
static int sb_collectgarbage(lua_State *L) {
  return luaL_error(L, "collectgarbage('%s') is not allowed in rules", luaL_optstring(L, 1, "collect"));
}

/* tostring(v): as Lua's, without addresses ("table", not "table: 0x55..."). */
static int sb_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  lrs_tolstring(L, 1, NULL);
  return 1;
}

/* type(v): as Lua's, answering with the names held as upvalues 1...LUA_NUMTYPES (Lua's interns
** the name again on every call, and rules call type often). [-0, +1, v] */
static int sb_type(lua_State *L) {
  int type = lua_type(L, 1);
  luaL_argcheck(L, type != LUA_TNONE, 1, "value expected");
  lua_pushvalue(L, lua_upvalueindex(type + 1));
  return 1;
}

/* Sets field "type" of the table on top to sb_type with its names. [-0, +0, m] */
static void lrs_settype(lua_State *L) {
  for (int type = 0; type < LUA_NUMTYPES; type++) lua_pushstring(L, lua_typename(L, type));
  lua_pushcclosure(L, sb_type, LUA_NUMTYPES);
  lua_setfield(L, -2, "type");
}

/* error(message [, level]): as Lua's, except that level 0 still names the rule's line unless the
** message already starts with a position in a chunk the state loaded ("rules/x/badge.lua:12: ...",
** lrs_wherelength): no error leaves a rule unlocated. */
static int sb_error(lua_State *L) {
  lua_Integer level = luaL_optinteger(L, 2, 1);
  lua_settop(L, 1);
  if (lua_type(L, 1) == LUA_TSTRING && (level > 0 || lrs_wherelength(L, lua_tostring(L, 1)) == 0)) {
    lua_Debug ar;
    int reachable = level > 0 && level < INT_MAX && lua_getstack(L, (int)level, &ar);
    luaL_where(L, reachable ? (int)level : 1);  /* past the stack: the caller's line */
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* Calls the original C function kept in upvalue 1, in this frame. */
static int sb_forward(lua_State *L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

static const char lrs_twinkey = 0;  /* twin[&lrs_twinkey]: the metatable a twin copies */
static const char lrs_linkedkey = 0;/* registry[&lrs_linkedkey]: weak-keyed set of the tables a
                                       twin's __index or __newindex leads to */

/* The most tables one field lookup or assignment may pass through __index (or __newindex)
** tables: Lua walks a chain inside one VM instruction, where no budget reaches. */
#define LRS_MAX_CHAIN 8

/* Whether key (a string) names a metamethod rules may not have: __gc (finalizers run with hooks
** off, at times the collector picks) or __mode (weak tables show the collector's timing, and
** chains of weak-keyed tables make its atomic phase quadratic, where no hook can stop it). */
static int lrs_forbiddenfield(lua_State *L, int key) {
  if (lua_type(L, key) != LUA_TSTRING) return 0;
  const char *name = lua_tostring(L, key);
  return strcmp(name, "__gc") == 0 || strcmp(name, "__mode") == 0;
}

/* Pushes the metatable a rule set on the table at index (its twin's original), or the metatable
** itself when it is not a twin; returns 0 and pushes nothing when there is none. [-0, +(0|1), m] */
static int lrs_pushoriginal(lua_State *L, int index) {
  if (!lua_getmetatable(L, index)) return 0;
  if (lua_rawgetp(L, -1, &lrs_twinkey) == LUA_TNIL) lua_pop(L, 1);
  else lua_remove(L, -2);
  return 1;
}

/* Whether the table at index has a protected metatable (a __metatable field, in the metatable a
** rule or the host set). */
static int lrs_isprotected(lua_State *L, int index) {
  int top = lua_gettop(L);
  int protected = lrs_pushoriginal(L, index) && lua_type(L, -1) == LUA_TTABLE &&
                  (lua_pushliteral(L, "__metatable"), lua_rawget(L, -2) != LUA_TNIL);
  lua_settop(L, top);
  return protected;
}

/* Pushes the set of linked tables (lrs_linkedkey), creating it on first use. [-0, +1, m] */
static void lrs_pushlinked(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lrs_linkedkey) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &lrs_linkedkey);
}

/* Whether some twin's __index or __newindex leads to the table at index. [-0, +0, m] */
static int lrs_islinked(lua_State *L, int index) {
  index = lua_absindex(L, index);
  lrs_pushlinked(L);
  lua_pushvalue(L, index);
  int linked = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return linked;
}

/* Checks the chain that field event (__index or __newindex) of the twin at index starts for the
** table t: raises when it leads back to t or passes through more than LRS_MAX_CHAIN tables.
** Once t takes the twin, lrs_marklinked marks the chain's next table; a linked table cannot
** take a link of its own (sb_setmetatable), so a chain only grows at its start and what is
** checked here stays true. [-0, +0, e] */
static void lrs_checkchain(lua_State *L, int twin, int t, const char *event) {
  int top = lua_gettop(L);
  lua_pushstring(L, event);
  if (lua_rawget(L, twin) != LUA_TTABLE) return (void)lua_settop(L, top);
  for (int length = 1;; length++) {                          /* the next table on top */
    if (lua_rawequal(L, -1, t)) return (void)luaL_error(L, "%s leads back to the table it is set on", event);
    if (length > LRS_MAX_CHAIN)
      return (void)luaL_error(L, "%s chain longer than %d tables", event, LRS_MAX_CHAIN);
    if (!lua_getmetatable(L, -1)) break;
    lua_pushstring(L, event);
    if (lua_rawget(L, -2) != LUA_TTABLE) break;
    lua_replace(L, -3);
    lua_pop(L, 1);
  }
  lua_settop(L, top);
}

/* Marks the table that field event of the twin at index leads to, if any, as linked.
** [-0, +0, m] */
static void lrs_marklinked(lua_State *L, int twin, const char *event) {
  lua_pushstring(L, event);
  if (lua_rawget(L, twin) == LUA_TTABLE) {
    lrs_pushlinked(L);
    lua_insert(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
}

/* setmetatable(t, mt): as Lua's, but t gets a twin of mt: a copy of mt's fields made now, which
** no rule can reach (getmetatable answers mt). What a metatable does is fixed when it is set, so
** a __gc or __mode added later, or a __call rewritten to loop, never takes effect. Refuses __gc,
** __mode, and a __call that is not a function (a chain of __call tables retries inside one VM
** instruction, where no hook fires). A frozen table as mt is copied from the data behind it.
** Chains of __index or __newindex tables are kept short (lrs_checkchain). */
static int sb_setmetatable(lua_State *L) {
  int type = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
  if (lrs_isprotected(L, 1)) return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  if (type == LUA_TNIL) {
    lua_setmetatable(L, 1);
    return 1;
  }
  int source = lrs_pushshadow(L, 2) ? 3 : 2;
  lua_createtable(L, 0, 4);                                  /* the twin */
  int twin = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, source)) {
    if (lrs_forbiddenfield(L, -2)) {
      if (strcmp(lua_tostring(L, -2), "__gc") == 0) return luaL_error(L, "__gc finalizers are not allowed in rules");
      return luaL_error(L, "weak tables (__mode) are not allowed in rules");
    }
    if (lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), "__call") == 0 &&
        lua_type(L, -1) != LUA_TFUNCTION)
      return luaL_error(L, "__call must be a function in rules, got a %s", luaL_typename(L, -1));
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, twin);
  }
  lua_pushliteral(L, "__index");
  int indexes = lua_rawget(L, twin) == LUA_TTABLE;
  lua_pushliteral(L, "__newindex");
  int assigns = lua_rawget(L, twin) == LUA_TTABLE;
  lua_pop(L, 2);
  if ((indexes || assigns) && lrs_islinked(L, 1))
    return luaL_error(L, "setmetatable: another table's __index or __newindex already leads here, "
                         "so this one cannot lead on (give it its metatable first)");
  lrs_checkchain(L, twin, 1, "__index");
  lrs_checkchain(L, twin, 1, "__newindex");
  lrs_marklinked(L, twin, "__index");
  lrs_marklinked(L, twin, "__newindex");
  lua_pushliteral(L, "__metatable");
  if (lua_rawget(L, twin) == LUA_TNIL) {                     /* getmetatable answers mt */
    lua_pushvalue(L, 2);
    lua_setfield(L, twin, "__metatable");
  }
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_rawsetp(L, twin, &lrs_twinkey);
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}

/* rawset(t, k, v): refuses read-only tables (sealed globals, library and module tables, inputs,
** frozen tables) and tables whose metatable is protected (the helper library's read-only
** records). */
static int sb_rawset(lua_State *L) {
  if (lua_type(L, 1) == LUA_TTABLE && (lrs_isreadonly(L, 1) || lrs_isprotected(L, 1)))
    return luaL_error(L, "rawset: the table is read-only");
  return sb_forward(L);
}

/* pairs(t): t's __pairs when it has one (views, read-only tables: they order their keys too),
** otherwise t's keys in the defined order (lrs_order.c). */
static int sb_pairs(lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lrs_pushorderedpairs(L, 1, 0);
  return 3;
}

/* next(t [, k]): the key after k in the defined order (lrs_order.c), over what pairs gives:
** an input view or read-only table steps through the table behind it, a table with a
** protected __pairs (the helper library's records) through its own pairs. */
static int sb_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);                         /* t, k */
  if (lrs_pushbehind(L, 1)) {               /* t, k, real */
    lua_pushvalue(L, 2);
    return lrs_orderednext(L, 3, 4, 1);
  }
  if (lrs_isprotected(L, 1) && luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);                    /* t, k, __pairs, t */
    lua_call(L, 1, 3);                      /* t, k, iterator, state, control */
    int found = lua_isnil(L, 2);
    for (;;) {
      lua_pushvalue(L, 3);
      lua_pushvalue(L, 4);
      lua_pushvalue(L, 5);
      lua_call(L, 2, 2);                    /* ..., key, value */
      if (lua_isnil(L, -2) || found) return lua_isnil(L, -2) ? 1 : 2;
      found = lua_rawequal(L, -2, 2);
      lua_pop(L, 1);
      lua_replace(L, 5);
    }
  }
  return lrs_orderednext(L, 1, 2, 0);
}

/* require(name): a module, as text, through the host's searcher; loaded once. A module the
** searcher marks pure (the pack's own) has its compile charged (LRS_COMPILE_STEPS a byte), is
** refused when it is not pure (lrs_checkchunk) and frozen once loaded (lrs_freeze.c), so no rule
** can change what another rule, or the next evaluation, gets from it. A host helper's plain table
** is handed out as a read-only proxy and what it reaches is marked as the host's. A module that
** fails to compile or to run fails again at once with the same error (frozen, for a pack's), so
** a failing module costs its work once however many modules require it; only a budget or memory
** error, which ends the whole call, leaves it to be tried again by a later one. */
static int sb_require(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_MODULES);    /* 2: modules */
  if (lua_getfield(L, 2, name) != LUA_TNIL) {             /* 3 */
    if (lua_type(L, 3) == LUA_TLIGHTUSERDATA)
      return luaL_error(L, "require '%s': circular require", name);
    return 1;
  }
  lua_pop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_FAILED);     /* 3: failed */
  if (lua_getfield(L, 3, name) != LUA_TNIL) return lua_error(L);  /* its first error, again */
  lua_pop(L, 1);
  if (lua_getfield(L, LUA_REGISTRYINDEX, LRS_SEARCHER) != LUA_TFUNCTION)  /* 4 */
    return luaL_error(L, "require '%s': this state has no module folder", name);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 3);                                      /* 4: source, 5: chunkname, 6: pure */
  int pure = lua_toboolean(L, 6);
  lua_pop(L, 1);
  size_t length;
  const char *source = luaL_checklstring(L, 4, &length);
  const char *chunkname = luaL_checkstring(L, 5);
  lrs_notechunk(L, chunkname);
  if (pure) lrs_charge(L, (int64_t)length * LRS_COMPILE_STEPS);
  int status = luaL_loadbufferx(L, source, length, chunkname, "t");  /* 6: the chunk or error */
  if (status == LUA_OK && pure) status = lrs_checkchunk(L);           /* 7: the error, if any */
  if (status == LUA_OK) {
    lua_pushlightuserdata(L, (void *)&sb_require);        /* marks the module as loading */
    lua_setfield(L, 2, name);
    lua_pushcfunction(L, lrs_noteraise);                  /* 6: handler, 7: chunk */
    lua_insert(L, 6);
    lua_pushvalue(L, 1);
    status = lua_pcall(L, 1, 1, 6);                       /* 7: the module's value or error */
    lua_remove(L, 6);                                     /* 6: the value or error */
    lua_pushnil(L);
    lua_setfield(L, 2, name);                             /* not loading any more */
  }
  if (status != LUA_OK) {
    if (status == LUA_ERRMEM && ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = LRS_EXCEEDED_MEMORY;
    if (ctx->exceeded == LRS_WITHIN_BUDGET) {
      if (pure) {                                         /* the error is the pack's data too */
        char where[LUA_IDSIZE + 16] = "";
        lrs_raisedwhere(L, -1, where, sizeof where);
        lrs_freeze(L, -1);
        if (where[0] != '\0') lrs_setraisedwhere(L, -1, where);  /* the frozen copy, raised there */
      }
      lua_pushvalue(L, -1);
      lua_setfield(L, 3, name);
    }
    return lua_error(L);
  }
  if (lua_isnil(L, 6)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  } else if (pure) {
    lrs_freeze(L, 6);                           /* a pack's module: read-only, deeply */
  } else {                                      /* a host helper: trusted, left alone */
    int plain = lua_type(L, 6) == LUA_TTABLE && lua_getmetatable(L, 6) == 0;
    lua_settop(L, 6);
    if (plain) lrs_makereadonly(L, name);       /* one with its own metatable keeps its rules */
    lrs_markhost(L, 6);
  }
  lua_pushvalue(L, 6);
  lua_setfield(L, 2, name);
  return 1;
}

/* Replaces field name of the table on top with f, keeping the original as upvalue 1 when
** forward is set. [-0, +0, m] */
static void lrs_replace(lua_State *L, const char *name, lua_CFunction f, int forward) {
  if (forward) {
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, f, 1);
  } else {
    lua_pushcfunction(L, f);
  }
  lua_setfield(L, -2, name);
}

/* Sets field name of the table on top to nil. [-0, +0, -] */
static void lrs_remove(lua_State *L, const char *name) {
  lua_pushnil(L);
  lua_setfield(L, -2, name);
}

/* Opens library open as global name and leaves its table on top. [-0, +1, m] */
static void lrs_openlib(lua_State *L, const char *name, lua_CFunction open) {
  luaL_requiref(L, name, open, 1);
}

int lrs_opensandbox(lua_State *L) {
  lrs_openlib(L, LUA_GNAME, luaopen_base);
  lrs_remove(L, "dofile");
  lrs_remove(L, "loadfile");
  lrs_remove(L, "warn");
  lrs_remove(L, "load");
  lrs_replace(L, "print", sb_print, 0);
  lrs_replace(L, "collectgarbage", sb_collectgarbage, 0);
  lrs_replace(L, "pcall", sb_pcall, 0);
  lrs_replace(L, "xpcall", sb_xpcall, 0);
  lrs_replace(L, "require", sb_require, 0);
  lrs_replace(L, "setmetatable", sb_setmetatable, 1);
  lrs_replace(L, "rawset", sb_rawset, 1);
  lrs_replace(L, "next", sb_next, 0);
  lrs_replace(L, "pairs", sb_pairs, 0);
  lrs_replace(L, "tostring", sb_tostring, 0);
  lrs_replace(L, "error", sb_error, 0);
  lrs_settype(L);
  lrs_guardbase(L);
  lua_pop(L, 1);

  lrs_openlib(L, LUA_STRLIBNAME, luaopen_string);
  lrs_remove(L, "dump");
  lrs_replace(L, "find", lrs_str_find, 0);
  lrs_replace(L, "match", lrs_str_match, 0);
  lrs_replace(L, "gmatch", lrs_str_gmatch, 0);
  lrs_replace(L, "gsub", lrs_str_gsub, 0);
  lrs_replace(L, "format", lrs_str_format, 1);
  lrs_guardstring(L);
  lua_pop(L, 1);
  lua_pushliteral(L, "");           /* the shared string metatable: locked */
  lua_getmetatable(L, -1);
  lrs_guardstringarithmetic(L);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);

  lrs_openlib(L, LUA_TABLIBNAME, luaopen_table);
  lrs_guardtable(L);
  lua_pop(L, 1);

  lrs_openlib(L, LUA_MATHLIBNAME, luaopen_math);
  lrs_remove(L, "random");
  lrs_remove(L, "randomseed");
  lrs_guardmath(L);
  lua_pop(L, 1);

  lrs_openlib(L, LUA_UTF8LIBNAME, luaopen_utf8);
  lrs_guardutf8(L);
  lua_pop(L, 1);
  return 0;
}

void lrs_setsearcher(lua_State *L) {
  lua_setfield(L, LUA_REGISTRYINDEX, LRS_SEARCHER);
}
