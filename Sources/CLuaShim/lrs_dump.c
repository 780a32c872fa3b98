/*
** Reading Lua 5.4 binary chunks: see lrs_dump.h.
*/
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "lrs_dump.h"

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

int lrs_malformed(lrs_reader *c, const char *why) {
  return luaL_error(c->L, "malformed binary chunk (%s)", why);
}

const unsigned char *lrs_take(lrs_reader *c, size_t n) {
  if ((size_t)(c->end - c->at) < n) lrs_malformed(c, "truncated");
  const unsigned char *bytes = c->at;
  c->at += n;
  return bytes;
}

int lrs_byte(lrs_reader *c) {
  return *lrs_take(c, 1);
}

/* A size: 7 bits a byte, most significant first, the last byte marked by 0x80. Raises above
** limit. */
static size_t lrs_size(lrs_reader *c, size_t limit) {
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

int lrs_int(lrs_reader *c) {
  return (int)lrs_size(c, INT_MAX);
}

int lrs_count(lrs_reader *c, size_t itemsize) {
  int n = lrs_int(c);
  if ((size_t)n > (size_t)(c->end - c->at) / itemsize) lrs_malformed(c, "truncated");
  return n;
}

const char *lrs_string(lrs_reader *c, size_t *length) {
  size_t size = lrs_size(c, (size_t)(c->end - c->at) + 1);
  *length = size > 0 ? size - 1 : 0;
  return size > 0 ? (const char *)lrs_take(c, size - 1) : NULL;
}

void lrs_skipstring(lrs_reader *c) {
  size_t length;
  lrs_string(c, &length);
}

/* Checks that the next bytes are literal (length bytes). */
static void lrs_expect(lrs_reader *c, const void *literal, size_t length, const char *what) {
  if (memcmp(lrs_take(c, length), literal, length) != 0) lrs_malformed(c, what);
}

void lrs_header(lrs_reader *c) {
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

void lrs_skipconstants(lrs_reader *c) {
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

void lrs_eachline(lrs_reader *c, int ninstr, lua_Integer linedefined,
                  void (*each)(lrs_reader *c, int pc, lua_Integer line, void *data), void *data) {
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
    each(c, pc, line, data);
  }
  if (nabs != 0) lrs_malformed(c, "absolute line information");
}

void lrs_skiplocals(lrs_reader *c) {
  int nlocals = lrs_count(c, 3);
  for (int i = 0; i < nlocals; i++) {
    lrs_skipstring(c);
    lrs_int(c);
    lrs_int(c);
  }
}

static uint32_t lrs_instruction(const unsigned char *code, int pc) {
  uint32_t instruction;
  memcpy(&instruction, code + (size_t)pc * 4, 4);
  return instruction;
}

int lrs_opcode(const unsigned char *code, int pc) {
  return (int)(lrs_instruction(code, pc) & 0x7f);
}

int lrs_argb(const unsigned char *code, int pc) {
  return (int)((lrs_instruction(code, pc) >> 16) & 0xff);
}

/* lua_Writer adding the size of each piece to the size_t at ud. */
static int lrs_sizewriter(lua_State *L, const void *bytes, size_t size, void *ud) {
  (void)L;
  (void)bytes;
  *(size_t *)ud += size;
  return 0;
}

/* Where lrs_copywriter copies to: the next byte and one past the last. */
typedef struct lrs_dumpcursor {
  unsigned char *at, *end;
} lrs_dumpcursor;

/* lua_Writer copying each piece to the lrs_dumpcursor at ud; refuses a piece past its end. */
static int lrs_copywriter(lua_State *L, const void *bytes, size_t size, void *ud) {
  (void)L;
  lrs_dumpcursor *cursor = (lrs_dumpcursor *)ud;
  if ((size_t)(cursor->end - cursor->at) < size) return 1;
  memcpy(cursor->at, bytes, size);
  cursor->at += size;
  return 0;
}

void lrs_dumpfunction(lua_State *L) {
  size_t size = 0;
  lua_dump(L, lrs_sizewriter, &size, 0);
  unsigned char *bytes = (unsigned char *)lua_newuserdatauv(L, size, 0);
  lrs_dumpcursor cursor = {bytes, bytes + size};
  lua_pushvalue(L, -2);
  if (lua_dump(L, lrs_copywriter, &cursor, 0) != 0 || cursor.at != cursor.end)
    luaL_error(L, "the binary dump changed between its two writings");
  lua_pop(L, 1);
  lua_replace(L, -2);
}

const unsigned char *lrs_dumpbytes(lua_State *L, int index, size_t *size) {
  *size = lua_rawlen(L, index);
  return (const unsigned char *)lua_touserdata(L, index);
}
