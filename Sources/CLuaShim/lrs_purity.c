/*
** Pure functions: no function assigns a variable that outlives the call that assigns it.
**
** Two kinds of variable outlive a call. A local of a chunk's top level lives as long as the
** loaded chunk, and a rule runs many times per load. An upvalue of a closure made while the pack
** loaded lives as long as the closure: a function a factory returned (`local tick = make()`)
** keeps its own copy of the factory's locals. A function that assigns either carries a value
** from one evaluation to the next. The only instruction that writes a variable of an enclosing
** function is SETUPVAL; an upvalue reaches a kept variable when it captures one directly, or an
** upvalue of its enclosing function that does. The checks read the function's binary dump
** (lrs_dump.h), with its debug information for the line and the name.
*/
#include <string.h>
#include "lrs_dump.h"

/* The first assignment found (the lowest line). */
typedef struct lrs_assignment {
  lua_Integer line;          /* 0 while none is found */
  char name[64];
} lrs_assignment;

/* Notes the line of the instruction looked for (data: its pc, then its line). */
static void lrs_lineat(lrs_reader *c, int pc, lua_Integer line, void *data) {
  (void)c;
  lua_Integer *wanted = data;
  if (pc == wanted[0]) wanted[1] = line;
}

/* Reads the local variables, then the upvalue names; copies the name of upvalue `wanted`
** (-1: none) into name. */
static void lrs_upvaluename(lrs_reader *c, int wanted, char *name, size_t size) {
  lrs_skiplocals(c);
  int nupvalues = lrs_count(c, 1);
  for (int i = 0; i < nupvalues; i++) {
    size_t length;
    const char *text = lrs_string(c, &length);
    if (i == wanted && text != NULL) {
      if (length >= size) length = size - 1;
      memcpy(name, text, length);
      name[length] = '\0';
    }
  }
}

/* What is kept between calls of the function a check starts from (depth 0). */
typedef enum lrs_root {
  LRS_ROOT_CHUNK,    /* a chunk's main function: its locals (it runs once; its own writes are free) */
  LRS_ROOT_CLOSURE   /* a closure that outlives its maker: its upvalues, its own writes included */
} lrs_root;

/* Reads one function at depth and, recursively, its nested functions. outer[i] tells whether
** upvalue i of the enclosing function reaches a kept variable. */
static void lrs_purefunction(lrs_reader *c, lrs_root root, int depth, const unsigned char *outer,
                             lrs_assignment *found) {
  if (depth > LRS_MAXNESTING) lrs_malformed(c, "nesting too deep");
  lrs_skipstring(c);  /* source */
  lua_Integer linedefined = lrs_int(c);
  lrs_int(c);   /* lastlinedefined */
  lrs_byte(c);  /* numparams */
  lrs_byte(c);  /* is_vararg */
  lrs_byte(c);  /* maxstacksize */
  int ninstr = lrs_count(c, 4);
  const unsigned char *code = lrs_take(c, (size_t)ninstr * 4);
  lrs_skipconstants(c);
  int nupvalues = lrs_count(c, 3);
  if (nupvalues > 256) lrs_malformed(c, "upvalue count");
  const unsigned char *descriptions = lrs_take(c, (size_t)nupvalues * 3);  /* instack, idx, kind */
  unsigned char reaches[256] = {0};
  for (int i = 0; i < nupvalues; i++) {
    int instack = descriptions[i * 3], index = descriptions[i * 3 + 1];
    if (depth == 0) reaches[i] = 1;  /* the chunk's _ENV, or what the closure keeps */
    else reaches[i] = instack ? depth == 1 && root == LRS_ROOT_CHUNK : outer[index];
  }
  int assigning = -1, upvalue = -1;
  for (int pc = 0; pc < ninstr && assigning < 0 && (depth > 0 || root == LRS_ROOT_CLOSURE); pc++) {
    if (lrs_opcode(code, pc) == LRS_OP_SETUPVAL && reaches[lrs_argb(code, pc)]) {
      assigning = pc;
      upvalue = lrs_argb(code, pc);
    }
  }
  int nprotos = lrs_count(c, 1);
  for (int i = 0; i < nprotos; i++) lrs_purefunction(c, root, depth + 1, reaches, found);
  lua_Integer at[2] = {assigning, 0};  /* pc, its line */
  lrs_eachline(c, ninstr, linedefined, lrs_lineat, at);
  lua_Integer line = at[1];
  int first = assigning >= 0 && (found->line == 0 || line < found->line);
  if (first) found->line = line;
  lrs_upvaluename(c, first ? upvalue : -1, found->name, sizeof found->name);
}

/* Runs the check from the Lua function on top, dumped; fills found. [-0, +0, m] */
static void lrs_findassignment(lua_State *L, lrs_root root, lrs_assignment *found) {
  lua_pushvalue(L, -1);
  lrs_dumpfunction(L);
  size_t size;
  const unsigned char *dump = lrs_dumpbytes(L, -1, &size);
  lrs_reader c = {L, dump, dump + size, 0};
  lrs_header(&c);
  lrs_purefunction(&c, root, 0, NULL, found);
  if (c.at != c.end) lrs_malformed(&c, "trailing bytes");
  lua_pop(L, 1);
}

/* lua_CFunction: checkpure(f) raises when a function nested in chunk f assigns a variable of
** f's top level (its locals, or its _ENV). */
static int lrs_checkpure(lua_State *L) {
  luaL_argexpected(L, lua_type(L, 1) == LUA_TFUNCTION && !lua_iscfunction(L, 1), 1, "Lua function");
  lua_settop(L, 1);
  lua_Debug ar;
  lua_pushvalue(L, 1);
  lua_getinfo(L, ">S", &ar);
  lrs_assignment found = {0, "?"};
  lrs_findassignment(L, LRS_ROOT_CHUNK, &found);
  if (found.line == 0) return 0;
  return luaL_error(L, "%s:%d: a function assigns '%s', a local of the file's top level: its value "
                    "would carry from one evaluation to the next (rules are pure; assign it at the "
                    "top level, or keep it inside the function)",
                    ar.short_src, (int)found.line, found.name);
}

int lrs_checkchunk(lua_State *L) {
  lrs_context *ctx = lrs_ctx(L);
  int enforcing = ctx->enforcing;
  ctx->enforcing = 1;  /* the dump grows with the chunk's nesting: under the memory cap */
  lua_pushcfunction(L, lrs_checkpure);
  lua_pushvalue(L, -2);
  int status = lua_pcall(L, 1, 0, 0);
  ctx->enforcing = enforcing;
  if (status == LUA_ERRMEM && ctx->exceeded == LRS_WITHIN_BUDGET) ctx->exceeded = LRS_EXCEEDED_MEMORY;
  return status;
}

lua_Integer lrs_keptassignment(lua_State *L, int index, char *name, size_t size) {
  lua_pushvalue(L, index);
  lrs_assignment found = {0, "?"};
  lrs_findassignment(L, LRS_ROOT_CLOSURE, &found);
  lua_pop(L, 1);
  size_t length = strlen(found.name);
  if (length >= size) length = size - 1;
  memcpy(name, found.name, length);
  name[length] = '\0';
  return found.line;
}
