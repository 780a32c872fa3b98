/*
** fuzz_patterns.c: a libFuzzer target for the shim's pattern matcher (lrs_pattern.c), built by
** scripts/fuzz.sh with clang -fsanitize=fuzzer,address,undefined against the shim's sources.
**
** One input is one call:
**   byte 0        the call: bits 0-1 find, match, gmatch (every match) or gsub; bit 2 a plain
**                 find; bits 3-4 the start (none, 1, -1, 3); bits 5-6 gsub's replacement
**                 ("%0<%1>", "", "%%", "%2"); bit 7 gsub replaces at most once
**   byte 1        n, the pattern's length
**   bytes 2..n+1  the pattern (clipped at the input's end)
**   the rest      the subject
** Each call runs in a fresh state through lrs_pcall with the default budgets (steps 10,000,000;
** strings 8 KiB; memory 16 MiB): it must return results or a Lua error, never crash or hang.
** Tests/LuaTests/PatternCorpusTests.swift replays the corpus with this same reading of an input.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CLuaShim.h"

static const char *const replacements[] = {"%0<%1>", "", "%%", "%2"};

/* Pushes the optional start argument the call's bits 3-4 choose; returns how many it pushed. */
static int push_start(lua_State *L, unsigned call) {
  static const lua_Integer starts[] = {1, -1, 3};
  unsigned which = (call >> 3) & 3;
  if (which == 0) return 0;
  lua_pushinteger(L, starts[which - 1]);
  return 1;
}

/* Runs the call the input describes on L. */
static void run(lua_State *L, const uint8_t *data, size_t size) {
  unsigned call = data[0];
  size_t length = data[1];
  if (length > size - 2) length = size - 2;
  const char *pattern = (const char *)data + 2;
  const char *subject = pattern + length;
  size_t subject_length = size - 2 - length;
  int nargs = 2;
  switch (call & 3) {
    case 0:
    case 1:
      lua_pushcfunction(L, (call & 3) == 0 ? lrs_str_find : lrs_str_match);
      lua_pushlstring(L, subject, subject_length);
      lua_pushlstring(L, pattern, length);
      nargs += push_start(L, call);
      if ((call & 3) == 0 && (call & 4)) {
        if (nargs == 2) {
          lua_pushinteger(L, 1);
          nargs++;
        }
        lua_pushboolean(L, 1);
        nargs++;
      }
      lrs_pcall(L, nargs, LUA_MULTRET);
      break;
    case 2:
      lua_pushcfunction(L, lrs_str_gmatch);
      lua_pushlstring(L, subject, subject_length);
      lua_pushlstring(L, pattern, length);
      nargs += push_start(L, call);
      if (lrs_pcall(L, nargs, 1) != LUA_OK) break;
      /* Each match is a call of the iterator; the step budget bounds them all together only
      ** within one call, so at most as many as the subject has positions, plus one. */
      for (size_t i = 0; i <= subject_length + 1; i++) {
        lua_pushvalue(L, -1);
        if (lrs_pcall(L, 0, 1) != LUA_OK || lua_isnil(L, -1)) break;
        lua_pop(L, 1);
      }
      break;
    default:
      lua_pushcfunction(L, lrs_str_gsub);
      lua_pushlstring(L, subject, subject_length);
      lua_pushlstring(L, pattern, length);
      lua_pushstring(L, replacements[(call >> 5) & 3]);
      nargs++;
      if (call & 0x80) {
        lua_pushinteger(L, 1);
        nargs++;
      }
      lrs_pcall(L, nargs, LUA_MULTRET);
      break;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  lrs_context *ctx = calloc(1, sizeof *ctx);
  if (ctx == NULL) return 0;
  ctx->instruction_limit = 1000000;
  ctx->step_limit = 10000000;
  ctx->memory_limit = 16 << 20;
  ctx->string_limit = 8 << 10;
  lua_State *L = lrs_newstate(ctx);
  if (L != NULL) {
    run(L, data, size);
    lrs_closestate(L);
  }
  free(ctx);
  return 0;
}
