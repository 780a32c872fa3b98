/*
** The sandbox: which libraries rules get, and the base functions replaced for rules.
*/
#include <string.h>
#include <lualib.h>
#include "CLuaShim.h"

/* Registry keys. */
#define LRS_MODULES "lrs.modules"   /* name -> value of each module `require` loaded */
#define LRS_SEARCHER "lrs.searcher" /* host function: name -> source, chunkname, pure */

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

/* load(chunk [, chunkname [, mode [, env]]]): text chunks given as strings only. */
static int sb_load(lua_State *L) {
  size_t length;
  const char *source = lua_tolstring(L, 1, &length);
  luaL_argcheck(L, lua_type(L, 1) == LUA_TSTRING, 1, "rules may load text chunks given as strings only");
  const char *chunkname = luaL_optstring(L, 2, "=(load)");
  const char *mode = luaL_optstring(L, 3, "t");
  luaL_argcheck(L, strchr(mode, 't') != NULL, 3, "rules may not load binary chunks");
  int hasenv = !lua_isnone(L, 4);
  lrs_charge(L, (int64_t)length);  /* the parser's work, which the hook cannot see */
  if (luaL_loadbufferx(L, source, length, chunkname, "t") != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  if (hasenv) {
    lua_pushvalue(L, 4);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  }
  return 1;
}

/* print(...): tostring of each argument, tab-separated, to the host's logger. */
static int sb_print(lua_State *L) {
  int n = lua_gettop(L);
  luaL_Buffer line;
  luaL_buffinit(L, &line);
  for (int i = 1; i <= n; i++) {
    if (i > 1) luaL_addchar(&line, '\t');
    luaL_tolstring(L, i, NULL);
    luaL_addvalue(&line);
  }
  luaL_pushresult(&line);
  size_t length;
  const char *text = lua_tolstring(L, -1, &length);
  lrs_context *ctx = lrs_ctx(L);
  if (ctx->log) ctx->log(ctx->host, text, length);
  return 0;
}

/* collectgarbage(opt): only the read-only options; collecting is the host's business. */
static int sb_collectgarbage(lua_State *L) {
  const char *option = luaL_optstring(L, 1, "collect");
  if (strcmp(option, "count") == 0) {
    int kbytes = lua_gc(L, LUA_GCCOUNT);
    int bytes = lua_gc(L, LUA_GCCOUNTB);
    lua_pushnumber(L, (lua_Number)kbytes + ((lua_Number)bytes / 1024));
    return 1;
  }
  if (strcmp(option, "isrunning") == 0) {
    lua_pushboolean(L, lua_gc(L, LUA_GCISRUNNING));
    return 1;
  }
  return luaL_error(L, "collectgarbage('%s') is not allowed in rules", option);
}

/* Calls the original C function kept in upvalue 1, in this frame. */
static int sb_forward(lua_State *L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* setmetatable(t, mt): refuses __gc. Finalizers would run at unpredictable times, and Lua runs
** them with hooks off, so no instruction budget could stop one; a __gc added to a metatable
** later never marks a table (Lua 5.4), so this is the only door. */
static int sb_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    int hasgc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (hasgc) return luaL_error(L, "__gc finalizers are not allowed in rules");
  }
  return sb_forward(L);
}

/* rawset(t, k, v): refuses read-only tables (sealed globals, library tables, inputs). */
static int sb_rawset(lua_State *L) {
  if (lua_type(L, 1) == LUA_TTABLE && lrs_isreadonly(L, 1))
    return luaL_error(L, "rawset: the table is read-only");
  return sb_forward(L);
}

/* next(t [, k]): over a host proxy (an input view, a read-only module table) steps through what
** pairs gives for it, since the proxy itself is empty; plain tables as Lua's next (upvalue 1). */
static int sb_next(lua_State *L) {
  lua_settop(L, 2);                         /* t, k */
  /* Plain tables (no __pairs) go straight to Lua's next; a rule's own __pairs does not count. */
  if (lua_type(L, 1) != LUA_TTABLE || luaL_getmetafield(L, 1, "__pairs") == LUA_TNIL)
    return sb_forward(L);
  if (!lrs_isreadonly(L, 1)) {              /* views count as read-only */
    lua_settop(L, 2);
    return sb_forward(L);
  }
  lua_pushvalue(L, 1);                      /* t, k, __pairs, t */
  lua_call(L, 1, 3);                        /* t, k, iterator, state, initial */
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, LUA_MULTRET);              /* t, k, what the iterator returns */
  return lua_gettop(L) - 2;
}

/* require(name): a module of the pack, as text, through the host's searcher; loaded once, and
** refused when the searcher marks it pure and it is not (lrs_checkchunk). A
** module's plain table is handed out as a read-only proxy, so no rule can change what another
** rule (or the next evaluation) gets from the module. A module that fails to load can be
** required again. */
static int sb_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_MODULES);    /* 2: modules */
  if (lua_getfield(L, 2, name) != LUA_TNIL) {             /* 3 */
    if (lua_type(L, 3) == LUA_TLIGHTUSERDATA)
      return luaL_error(L, "require '%s': circular require", name);
    return 1;
  }
  if (lua_getfield(L, LUA_REGISTRYINDEX, LRS_SEARCHER) != LUA_TFUNCTION)  /* 4 */
    return luaL_error(L, "require '%s': this state has no module folder", name);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 3);                                      /* 4: source, 5: chunkname, 6: pure */
  int pure = lua_toboolean(L, 6);
  lua_pop(L, 1);
  size_t length;
  const char *source = luaL_checklstring(L, 4, &length);
  const char *chunkname = luaL_checkstring(L, 5);
  if (luaL_loadbufferx(L, source, length, chunkname, "t") != LUA_OK) return lua_error(L);
  if (pure && lrs_checkchunk(L) != LUA_OK) return lua_error(L);  /* a pack's module */
  lua_pushlightuserdata(L, (void *)&sb_require);          /* marks the module as loading */
  lua_setfield(L, 2, name);
  lua_pushvalue(L, 1);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {                  /* 6: the module's value or error */
    lua_pushnil(L);
    lua_setfield(L, 2, name);                             /* not loading any more */
    return lua_error(L);
  }
  if (lua_isnil(L, 6)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  } else if (lua_type(L, 6) == LUA_TTABLE) {
    if (lua_getmetatable(L, 6)) lua_pop(L, 1);  /* a table with its own metatable keeps its rules */
    else lrs_makereadonly(L, name);
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
  lrs_replace(L, "load", sb_load, 0);
  lrs_replace(L, "print", sb_print, 0);
  lrs_replace(L, "collectgarbage", sb_collectgarbage, 0);
  lrs_replace(L, "pcall", sb_pcall, 0);
  lrs_replace(L, "xpcall", sb_xpcall, 0);
  lrs_replace(L, "require", sb_require, 0);
  lrs_replace(L, "setmetatable", sb_setmetatable, 1);
  lrs_replace(L, "rawset", sb_rawset, 1);
  lrs_replace(L, "next", sb_next, 1);
  lua_pop(L, 1);

  lrs_openlib(L, LUA_STRLIBNAME, luaopen_string);
  lrs_remove(L, "dump");
  lrs_replace(L, "find", lrs_str_find, 0);
  lrs_replace(L, "match", lrs_str_match, 0);
  lrs_replace(L, "gmatch", lrs_str_gmatch, 0);
  lrs_replace(L, "gsub", lrs_str_gsub, 0);
  lrs_guardstring(L);
  lua_pop(L, 1);
  lua_pushliteral(L, "");           /* the shared string metatable: locked */
  lua_getmetatable(L, -1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);

  lrs_openlib(L, LUA_TABLIBNAME, luaopen_table);
  lrs_guardtable(L);
  lua_pop(L, 1);

  lrs_openlib(L, LUA_MATHLIBNAME, luaopen_math);
  lrs_remove(L, "random");
  lrs_remove(L, "randomseed");
  lua_pop(L, 1);

  lrs_openlib(L, LUA_UTF8LIBNAME, luaopen_utf8);
  lrs_guardutf8(L);
  lua_pop(L, 1);
  return 0;
}

void lrs_setsearcher(lua_State *L) {
  lua_setfield(L, LUA_REGISTRYINDEX, LRS_SEARCHER);
}
