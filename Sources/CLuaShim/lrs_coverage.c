/*
** Coverage: the lines of a chunk that hold code, and the lines rules run.
**
** Executable lines come from the chunk's binary dump (Lua 5.4's format, see ldump.c), the only
** public way to reach the nested functions of a compiled chunk. Every read is bounds-checked: a
** malformed dump raises a Lua error.
*/
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "CLuaShim.h"

/* The binary chunk header of Lua 5.4 (lundump.h). */
#define LRS_SIGNATURE "\x1bLua"
#define LRS_VERSION 0x54
#define LRS_FORMAT 0
#define LRS_DATA "\x19\x93\r\n\x1a\n"
#define LRS_INT ((lua_Integer)0x5678)
#define LRS_NUM ((lua_Number)370.5)

/* Constant tags (lobject.h). */
#define LRS_VNIL 0
#define LRS_VFALSE 1
#define LRS_VTRUE 17
#define LRS_VNUMINT 3
#define LRS_VNUMFLT 19
#define LRS_VSHRSTR 4
#define LRS_VLNGSTR 20

/* Opcodes (lopcodes.h). */
#define LRS_OP_TAILCALL 69
#define LRS_OP_RETURN 70

/* A lineinfo delta meaning "the line is in abslineinfo" (ldebug.h). */
#define LRS_ABSLINEINFO (-128)
/* Deepest nesting of functions read; the parser allows fewer. */
#define LRS_MAXNESTING 200

/* A binary chunk being read, and the table of lines it fills. */
typedef struct lrs_chunk {
  lua_State *L;
  const unsigned char *at;   /* next byte to read */
  const unsigned char *end;  /* one past the last byte */
  int lines;                 /* stack index of the result table */
} lrs_chunk;

/* Raises the error for a dump that does not parse. [-0, +1, v] */
static int lrs_malformed(lrs_chunk *c, const char *why) {
  return luaL_error(c->L, "malformed binary chunk (%s)", why);
}

/* The next n bytes, consumed; raises when fewer remain. */
static const unsigned char *lrs_take(lrs_chunk *c, size_t n) {
  if ((size_t)(c->end - c->at) < n) lrs_malformed(c, "truncated");
  const unsigned char *bytes = c->at;
  c->at += n;
  return bytes;
}

/* The next byte, consumed. */
static int lrs_byte(lrs_chunk *c) {
  return *lrs_take(c, 1);
}

/* A size: 7 bits a byte, most significant first, the last byte marked by 0x80. Raises above
** limit. */
static size_t lrs_size(lrs_chunk *c, size_t limit) {
  size_t x = 0;
  int b;
  do {
    b = lrs_byte(c);
    if (x > (limit >> 7)) lrs_malformed(c, "size overflow");
    x = (x << 7) | (size_t)(b & 0x7f);
  } while ((b & 0x80) == 0);
  if (x > limit) lrs_malformed(c, "size overflow");
  return x;
}

/* A non-negative int. */
static int lrs_int(lrs_chunk *c) {
  return (int)lrs_size(c, INT_MAX);
}

/* A count of items of itemsize bytes at least each: raises when the rest of the dump cannot
** hold them. */
static int lrs_count(lrs_chunk *c, size_t itemsize) {
  int n = lrs_int(c);
  if ((size_t)n > (size_t)(c->end - c->at) / itemsize) lrs_malformed(c, "truncated");
  return n;
}

/* Skips a string: size + 1 then the bytes; size 0 is NULL. */
static void lrs_skipstring(lrs_chunk *c) {
  size_t size = lrs_size(c, (size_t)(c->end - c->at) + 1);
  if (size > 0) lrs_take(c, size - 1);
}

/* Checks that the next bytes are literal (length bytes). */
static void lrs_expect(lrs_chunk *c, const void *literal, size_t length, const char *what) {
  if (memcmp(lrs_take(c, length), literal, length) != 0) lrs_malformed(c, what);
}

/* Checks the header: signature, version, format, sizes and the test integer and float. */
static void lrs_header(lrs_chunk *c) {
  lua_Integer i = LRS_INT;
  lua_Number n = LRS_NUM;
  lrs_expect(c, LRS_SIGNATURE, sizeof LRS_SIGNATURE - 1, "signature");
  if (lrs_byte(c) != LRS_VERSION) lrs_malformed(c, "version");
  if (lrs_byte(c) != LRS_FORMAT) lrs_malformed(c, "format");
  lrs_expect(c, LRS_DATA, sizeof LRS_DATA - 1, "corrupted");
  if (lrs_byte(c) != 4) lrs_malformed(c, "instruction size");
  if (lrs_byte(c) != (int)sizeof(lua_Integer)) lrs_malformed(c, "integer size");
  if (lrs_byte(c) != (int)sizeof(lua_Number)) lrs_malformed(c, "number size");
  lrs_expect(c, &i, sizeof i, "integer format");
  lrs_expect(c, &n, sizeof n, "float format");
  lrs_byte(c);  /* the main function's upvalue count */
}

/* Skips the constants. */
static void lrs_skipconstants(lrs_chunk *c) {
  int n = lrs_count(c, 1);
  for (int i = 0; i < n; i++) {
    switch (lrs_byte(c)) {
      case LRS_VNIL: case LRS_VFALSE: case LRS_VTRUE: break;
      case LRS_VNUMINT: lrs_take(c, sizeof(lua_Integer)); break;
      case LRS_VNUMFLT: lrs_take(c, sizeof(lua_Number)); break;
      case LRS_VSHRSTR: case LRS_VLNGSTR: lrs_skipstring(c); break;
      default: lrs_malformed(c, "constant tag");
    }
  }
}

/* Sets lines[line] = true for a line that holds code; ignores lines below 1. [-0, +0, m] */
static void lrs_addline(lrs_chunk *c, lua_Integer line) {
  if (line <= 0) return;
  lua_pushboolean(c->L, 1);
  lua_rawseti(c->L, c->lines, line);
}

/* The opcode of instruction pc of code (4-byte instructions in the machine's byte order). */
static int lrs_opcode(const unsigned char *code, int pc) {
  uint32_t instruction;
  memcpy(&instruction, code + (size_t)pc * 4, 4);
  return (int)(instruction & 0x7f);
}

/* Whether instruction pc never reports a line: the RETURN the compiler puts after a TAILCALL
** (the call returns for it). */
static int lrs_unreachable(const unsigned char *code, int pc) {
  return pc > 0 && lrs_opcode(code, pc) == LRS_OP_RETURN && lrs_opcode(code, pc - 1) == LRS_OP_TAILCALL;
}

/* Walks the lineinfo of a function of ninstr instructions, reading its abslineinfo, and adds
** the line of each instruction but the skipped first ones, those that never report a line and
** the last (the implicit return, reached only by falling off the end). [-0, +0, m] */
static void lrs_lineinfo(lrs_chunk *c, const unsigned char *code, int ninstr, lua_Integer linedefined, int skipped) {
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
static void lrs_skipnames(lrs_chunk *c) {
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
static void lrs_function(lrs_chunk *c, int depth) {
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
  lrs_chunk c = {L, (const unsigned char *)dump, (const unsigned char *)dump + size, 2};
  lrs_header(&c);
  lrs_function(&c, 0);
  if (c.at != c.end) lrs_malformed(&c, "trailing bytes");
  return 1;
}

/* A luaL_Buffer being filled by lua_dump; started on the first write, so the function stays on
** top of the stack for lua_dump. */
typedef struct lrs_dumpbuffer {
  int started;
  luaL_Buffer b;
} lrs_dumpbuffer;

/* lua_Writer appending to an lrs_dumpbuffer (the first write pushes the buffer). */
static int lrs_dumpwriter(lua_State *L, const void *bytes, size_t size, void *ud) {
  lrs_dumpbuffer *buffer = (lrs_dumpbuffer *)ud;
  if (!buffer->started) {
    buffer->started = 1;
    luaL_buffinit(L, &buffer->b);
  }
  luaL_addlstring(&buffer->b, (const char *)bytes, size);
  return 0;
}

int lrs_activelines(lua_State *L) {
  luaL_argexpected(L, lua_type(L, 1) == LUA_TFUNCTION && !lua_iscfunction(L, 1), 1, "Lua function");
  lua_settop(L, 1);
  lrs_dumpbuffer buffer = {0};
  lua_dump(L, lrs_dumpwriter, &buffer, 0);
  luaL_pushresult(&buffer.b);
  lua_replace(L, 1);
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
