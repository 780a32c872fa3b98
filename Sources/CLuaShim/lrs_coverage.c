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

/* A function whose lines are being added: its code, length and skipped first instructions. */
typedef struct lrs_code {
  const unsigned char *code;
  int ninstr;
  int skipped;
} lrs_code;

/* Adds the line of instruction pc unless it is skipped, never reports a line, or is the last
** (the implicit return, reached only by falling off the end). [-0, +0, m] */
static void lrs_codeline(lrs_reader *c, int pc, lua_Integer line, void *data) {
  const lrs_code *f = data;
  if (pc >= f->skipped && pc < f->ninstr - 1 && !lrs_unreachable(f->code, pc)) lrs_addline(c, line);
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
  lrs_code f = {code, ninstr, vararg ? 1 : 0};
  lrs_eachline(c, ninstr, linedefined, lrs_codeline, &f);
  lrs_skiplocals(c);
  int nupvalues = lrs_count(c, 1);
  for (int i = 0; i < nupvalues; i++) lrs_skipstring(c);  /* upvalue names */
}

/* Pushes the lines of the dump of size bytes (held at stack index 1) as chunklines returns
** them. [-0, +1, e] */
static int lrs_dumplines(lua_State *L, const unsigned char *dump, size_t size) {
  lua_settop(L, 1);
  lrs_newtable(L);
  lrs_reader c = {L, dump, dump + size, 2};
  lrs_header(&c);
  lrs_function(&c, 0);
  if (c.at != c.end) lrs_malformed(&c, "trailing bytes");
  return 1;
}

int lrs_chunklines(lua_State *L) {
  size_t size;
  const char *dump = luaL_checklstring(L, 1, &size);
  return lrs_dumplines(L, (const unsigned char *)dump, size);
}

int lrs_activelines(lua_State *L) {
  luaL_argexpected(L, lua_type(L, 1) == LUA_TFUNCTION && !lua_iscfunction(L, 1), 1, "Lua function");
  lua_settop(L, 1);
  lrs_dumpfunction(L);
  size_t size;
  const unsigned char *dump = lrs_dumpbytes(L, 1, &size);
  return lrs_dumplines(L, dump, size);
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
