/*
** Reading Lua 5.4 binary chunks (the format of ldump.c), the only public way to reach the nested
** functions of a compiled chunk: for coverage (lrs_coverage.c) and the purity check
** (lrs_purity.c). Every read is bounds-checked: a malformed dump raises a Lua error.
*/
#ifndef LRS_DUMP_H
#define LRS_DUMP_H

#include <stddef.h>
#include "CLuaShim.h"

/* Opcodes (lopcodes.h). */
#define LRS_OP_SETUPVAL 10
#define LRS_OP_TAILCALL 69
#define LRS_OP_RETURN 70

/* A lineinfo delta meaning "the line is in abslineinfo" (ldebug.h). */
#define LRS_ABSLINEINFO (-128)
/* Deepest nesting of functions read; the parser allows fewer. */
#define LRS_MAXNESTING 200

/* A binary chunk being read. */
typedef struct lrs_reader {
  lua_State *L;
  const unsigned char *at;   /* next byte to read */
  const unsigned char *end;  /* one past the last byte */
  int result;                /* stack index of what the reading fills, when it fills a value */
} lrs_reader;

/* Raises the error for a dump that does not parse. [-0, +1, v] */
int lrs_malformed(lrs_reader *c, const char *why);
/* The next n bytes, consumed; raises when fewer remain. */
const unsigned char *lrs_take(lrs_reader *c, size_t n);
/* The next byte, consumed. */
int lrs_byte(lrs_reader *c);
/* A non-negative int. */
int lrs_int(lrs_reader *c);
/* A count of items of itemsize bytes at least each: raises when the rest of the dump cannot
** hold them. */
int lrs_count(lrs_reader *c, size_t itemsize);
/* A string: size + 1 then the bytes; size 0 is NULL. Sets *length. */
const char *lrs_string(lrs_reader *c, size_t *length);
/* Skips a string. */
void lrs_skipstring(lrs_reader *c);
/* Checks the header: signature, version, format, sizes and the test integer and float. */
void lrs_header(lrs_reader *c);
/* Skips the constants. */
void lrs_skipconstants(lrs_reader *c);
/* Reads the line information of a function of ninstr instructions defined at linedefined and
** calls each(c, pc, line, data) for every instruction, in order. */
void lrs_eachline(lrs_reader *c, int ninstr, lua_Integer linedefined,
                  void (*each)(lrs_reader *c, int pc, lua_Integer line, void *data), void *data);
/* Skips the local variables (name, startpc, endpc). */
void lrs_skiplocals(lrs_reader *c);
/* The opcode of instruction pc of code (4-byte instructions in the machine's byte order). */
int lrs_opcode(const unsigned char *code, int pc);
/* Argument B of instruction pc (the iABC format). */
int lrs_argb(const unsigned char *code, int pc);
/* Replaces the Lua function on top by its binary dump, debug information included, in a full
** userdata of exactly its size (lua_rawlen): measured by a first dump and written by a second, so
** the memory it takes is the dump's, under the memory cap while the budgets are enforced, and no
** string limit applies. [-1, +1, m] */
void lrs_dumpfunction(lua_State *L);
/* The bytes of the dump lrs_dumpfunction left at index; sets *size. */
const unsigned char *lrs_dumpbytes(lua_State *L, int index, size_t *size);

#endif
