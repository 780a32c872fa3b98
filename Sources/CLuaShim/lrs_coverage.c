/*
** Coverage: the lines of a chunk that hold code, and the lines rules run.
**
** Executable lines come from the chunk's binary dump (lrs_dump.h).
*/
#include "lrs_dump.h"

/* Sets lines[line] = true for a line that holds code; ignores lines below 1. [-0, +0, m] */
static void lrs_addline(lrs_reader *c, lua_Integer line) {
  if (line <= 0) return;
  lua_pushboolean(c->L, 1);
  lua_rawseti(c->L, c->result, line);
}

/* Whether instruction pc never reports a line: the RETURN the compiler puts after a TAILCALL
** (the call returns for it). */
static int lrs_unreachable(const unsigned char *code, int pc) {
  return pc > 0 && lrs_opcode(code, pc) == LRS_OP_RETURN && lrs_opcode(code, pc - 1) == LRS_OP_TAILCALL;
}

/* Walks the lineinfo of a function of ninstr instructions, reading its abslineinfo, and adds
** the line of each instruction but the skipped first ones, those that never report a line and
** the last (the implicit return, reached only by falling off the end). [-0, +0, m] */
static void lrs_lineinfo(lrs_reader *c, const unsigned char *code, int ninstr, lua_Integer linedefined, int skipped) {
  if (lrs_int(c) != ninstr) lrs_malformed(c, "line information");
  const signed char *delta = (const signed char *)lrs_take(c, (size_t)ninstr);
  int nabs = lrs_count(c, 2);
  lua_Integer line = linedefined;
  for (int pc = 0; pc < ninstr; pc++) {
    if (delta[pc] != LRS_ABSLINEINFO) {
      line += delta[pc];
    } else {
      if (nabs-- == 0 || lrs_int(c) != pc) lrs_malformed(c, "absolute line information");
      line = lrs_int(c);
    }
    if (pc >= skipped && pc < ninstr - 1 && !lrs_unreachable(code, pc)) lrs_addline(c, line);
  }
  if (nabs != 0) lrs_malformed(c, "absolute line information");
}

/* Skips the local variables (name, startpc, endpc) and the upvalue names. */
static void lrs_skipnames(lrs_reader *c) {
  int nlocals = lrs_count(c, 3);
  for (int i = 0; i < nlocals; i++) {
    lrs_skipstring(c);
    lrs_int(c);
    lrs_int(c);
  }
  int nupvalues = lrs_count(c, 1);
  for (int i = 0; i < nupvalues; i++) lrs_skipstring(c);
}

/* Reads one function and, recursively, its nested functions, adding their lines. The first
** instruction of a vararg function is its VARARGPREP, which the line hook never reports.
** [-0, +0, m] */
static void lrs_function(lrs_reader *c, int depth) {
  if (depth > LRS_MAXNESTING) lrs_malformed(c, "nesting too deep");
  lrs_skipstring(c);  /* source */
  lua_Integer linedefined = lrs_int(c);
  lrs_int(c);   /* lastlinedefined */
  lrs_byte(c);  /* numparams */
  int vararg = lrs_byte(c);
  lrs_byte(c);  /* maxstacksize */
  int ninstr = lrs_count(c, 4);
  const unsigned char *code = lrs_take(c, (size_t)ninstr * 4);
  lrs_skipconstants(c);
  lrs_take(c, (size_t)lrs_count(c, 3) * 3);  /* upvalues: instack, idx, kind */
  int nprotos = lrs_count(c, 1);
  for (int i = 0; i < nprotos; i++) lrs_function(c, depth + 1);
  lrs_lineinfo(c, code, ninstr, linedefined, vararg ? 1 : 0);
  lrs_skipnames(c);
}

int lrs_chunklines(lua_State *L) {
  size_t size;
  const char *dump = luaL_checklstring(L, 1, &size);
  lua_settop(L, 1);
  lrs_newtable(L);
  lrs_reader c = {L, (const unsigned char *)dump, (const unsigned char *)dump + size, 2};
  lrs_header(&c);
  lrs_function(&c, 0);
  if (c.at != c.end) lrs_malformed(&c, "trailing bytes");
  return 1;
}

int lrs_activelines(lua_State *L) {
  luaL_argexpected(L, lua_type(L, 1) == LUA_TFUNCTION && !lua_iscfunction(L, 1), 1, "Lua function");
  lua_settop(L, 1);
  lrs_dumpfunction(L);
  return lrs_chunklines(L);
}

void lrs_recordline(lua_State *L, lua_Debug *ar) {
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  ctx->enforcing = 0;
  lua_getinfo(L, "S", ar);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LRS_COVERAGE);
  luaL_getsubtable(L, -1, ar->source);
  lua_rawgeti(L, -1, ar->currentline);
  lua_Integer hits = lua_tointeger(L, -1);
  lua_pushinteger(L, hits + 1);
  lua_rawseti(L, -3, ar->currentline);
  lua_pop(L, 3);
  ctx->enforcing = enforcing;
}

void lrs_setcoverage(lua_State *L, int on) {
  lrs_context *ctx = lrs_ctx(L);
  ctx->coverage = on;
  if (ctx->call_depth == 0) lrs_armhook(L);
}
