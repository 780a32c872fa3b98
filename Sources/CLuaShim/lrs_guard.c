/*
** Guards for library functions whose work the count hook cannot see: each charges the C work
** budget for the elements or bytes it will touch, then runs the original in the same frame, and
** refuses to return more than LRS_MAX_RESULTS values (copying a long vararg list is one VM
** instruction, so long lists must not exist).
*/
#include <string.h>
#include "CLuaShim.h"

#define LRS_MAX_RESULTS 256

/* Steps per unit where one unit costs more than a step's worth of C work (calibrated with
** Benchmarks/HostileBenchmarks --steps, see the manual's SandboxAndBudgets article). */
#define LRS_UTF8_CHAR_STEPS 8        /* per argument: an encoding and up to 6 bytes */
#define LRS_MATH_ARGUMENT_STEPS 2    /* per argument: a check and a comparison */
#define LRS_NUMERIC_BYTE_STEPS 1     /* per byte of a string converted to a number */
#define LRS_SORT_BYTES_PER_STEP 32   /* string bytes a sort's comparisons read per step */

/* How a guarded function's cost is read from its arguments. */
typedef enum lrs_cost {
  LRS_COST_LENGTH,      /* #arg1 (table, honouring __len) or the byte length of a string */
  LRS_COST_RANGE_2_3,   /* table.move(a, f, e): e - f + 1 */
  LRS_COST_RANGE_3_4,   /* table.concat(t, sep, i, j): j - i + 1 */
  LRS_COST_RANGE_2_3_LEN, /* table.unpack(t, i, j): j - i + 1, j defaulting to #t */
  LRS_COST_SORT,        /* 2 n log n: the merge sort's comparisons and moves */
  LRS_COST_ARGUMENTS,   /* the number of arguments */
  LRS_COST_STRINGS      /* the bytes of the string arguments 1 and 2 (numeric coercion) */
} lrs_cost;

/* #t as the library sees it (may run __len). [-0, +0, e] */
static lua_Integer lrs_len(lua_State *L, int arg) {
  if (lua_type(L, arg) == LUA_TSTRING) return (lua_Integer)lua_rawlen(L, arg);
  if (lua_type(L, arg) != LUA_TTABLE && !luaL_getmetafield(L, arg, "__len")) return 0;
  if (lua_type(L, arg) != LUA_TTABLE) lua_pop(L, 1);
  return luaL_len(L, arg);
}

/* The bytes of the strings among t[1..n] (t at index 1), each of which the sort's comparisons
** may read about log n times; reads through __index where t has a metatable. Charges the scan
** first. [-0, +0, e] */
static int64_t lrs_stringbytes(lua_State *L, int64_t n) {
  lrs_charge(L, n);
  int raw = !lua_getmetatable(L, 1);
  if (!raw) lua_pop(L, 1);
  int64_t bytes = 0;
  for (int64_t i = 1; i <= n; i++) {
    if ((raw ? lua_rawgeti(L, 1, i) : lua_geti(L, 1, i)) == LUA_TSTRING) bytes += (int64_t)lua_rawlen(L, -1);
    lua_pop(L, 1);
  }
  return bytes;
}

/* The number of elements in i..j, 0 when empty; no overflow. */
static int64_t lrs_span(lua_Integer i, lua_Integer j) {
  if (j < i) return 0;
  lua_Unsigned span = (lua_Unsigned)j - (lua_Unsigned)i;
  return span >= (lua_Unsigned)INT64_MAX ? INT64_MAX : (int64_t)span + 1;
}

/* The cost of the call on the stack. [-0, +0, e] */
static int64_t lrs_costof(lua_State *L, lrs_cost cost) {
  switch (cost) {
    case LRS_COST_LENGTH:
      return lrs_len(L, 1);
    case LRS_COST_RANGE_2_3:
      return lrs_span(luaL_optinteger(L, 2, 0), luaL_optinteger(L, 3, 0));
    case LRS_COST_RANGE_3_4:
      return lrs_span(luaL_optinteger(L, 3, 1),
                      lua_isnoneornil(L, 4) ? lrs_len(L, 1) : luaL_checkinteger(L, 4));
    case LRS_COST_RANGE_2_3_LEN:
      return lrs_span(luaL_optinteger(L, 2, 1),
                      lua_isnoneornil(L, 3) ? lrs_len(L, 1) : luaL_checkinteger(L, 3));
    case LRS_COST_ARGUMENTS:
      return lua_gettop(L);
    case LRS_COST_STRINGS: {
      int64_t bytes = 0;
      for (int arg = 1; arg <= 2; arg++)
        if (lua_type(L, arg) == LUA_TSTRING) bytes += (int64_t)lua_rawlen(L, arg);
      return bytes;
    }
    case LRS_COST_SORT: {  /* two steps per comparison: each reads, compares and moves */
      int64_t n = lrs_len(L, 1), log = 1;
      while ((n >> log) > 0) log++;
      if (n > INT64_MAX / (2 * log)) return INT64_MAX;
      return 2 * n * log + log * (lrs_stringbytes(L, n) / LRS_SORT_BYTES_PER_STEP);
    }
  }
  return 0;
}

/* Charges the cost kind kept in upvalue 2 times the steps per unit in upvalue 3, then runs the
** original from upvalue 1. */
static int lrs_charged(lua_State *L) {
  int64_t units = lrs_costof(L, (lrs_cost)lua_tointeger(L, lua_upvalueindex(2)));
  int64_t weight = (int64_t)lua_tointeger(L, lua_upvalueindex(3));
  lrs_charge(L, units > INT64_MAX / weight ? INT64_MAX : units * weight);
  int results = lua_tocfunction(L, lua_upvalueindex(1))(L);
  if (results > LRS_MAX_RESULTS)
    return luaL_error(L, "too many results (rules take at most %d values at once)", LRS_MAX_RESULTS);
  return results;
}

/* Wraps field name of the table on top in lrs_charged: cost units times weight steps (weight
** at least 1). [-0, +0, m] */
static void lrs_guardweighted(lua_State *L, const char *name, lrs_cost cost, int weight) {
  lua_getfield(L, -1, name);
  lua_pushinteger(L, cost);
  lua_pushinteger(L, weight);
  lua_pushcclosure(L, lrs_charged, 3);
  lua_setfield(L, -2, name);
}

/* Wraps field name of the table on top in lrs_charged, one step per unit. [-0, +0, m] */
static void lrs_guard(lua_State *L, const char *name, lrs_cost cost) {
  lrs_guardweighted(L, name, cost, 1);
}

/* string.rep(s, n [, sep]): refuses results past the string cap before copying anything,
** returns "" for an empty result without looping n times, and charges one step per piece. */
static int lrs_str_rep(lua_State *L) {
  size_t length, seplength = 0;
  const char *s = luaL_checklstring(L, 1, &length);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &seplength);
  if (n <= 0 || length + seplength == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  size_t limit = lrs_ctx(L)->string_limit;
  if ((lua_Unsigned)n > limit / (length + seplength) + 1 ||
      (size_t)n * length + (size_t)(n - 1) * seplength > limit)
    return lrs_budget_error(L, LRS_EXCEEDED_STRING);
  lrs_charge(L, n);
  luaL_Buffer b;
  char *out = luaL_buffinitsize(L, &b, (size_t)n * length + (size_t)(n - 1) * seplength);
  for (lua_Integer i = 0; i < n; i++) {
    if (i > 0 && seplength > 0) {
      memcpy(out, sep, seplength);
      out += seplength;
    }
    memcpy(out, s, length);
    out += length;
  }
  luaL_pushresultsize(&b, (size_t)n * length + (size_t)(n - 1) * seplength);
  return 1;
}

/* Steps charged per conversion of string.format: floats print up to about 400 digits ("%.99f"
** of 1e308), everything else a few dozen bytes. */
#define LRS_FORMAT_STEPS 160
#define LRS_FORMAT_FLOAT_STEPS 2048

int lrs_str_format(lua_State *L) {
  size_t length;
  const char *format = luaL_checklstring(L, 1, &length);
  const char *end = format + length;
  int arg = 1;
  for (const char *p = format; p < end; p++) {
    if (*p != '%') continue;
    if (++p < end && *p == '%') continue;
    while (p < end && strchr("-+ #0123456789.", *p) != NULL) p++;  /* flags, width, precision */
    if (p >= end) break;                                           /* the original reports it */
    arg++;
    if (*p == 'p') return luaL_error(L, "'%%p' is not allowed in rules (it prints an address)");
    if (*p == 's' && lua_type(L, arg) != LUA_TSTRING && lua_type(L, arg) != LUA_TNUMBER && !lua_isnone(L, arg)) {
      lrs_tolstring(L, arg, NULL);  /* without an address */
      lua_replace(L, arg);
    }
    lrs_charge(L, strchr("aAeEfFgG", *p) != NULL ? LRS_FORMAT_FLOAT_STEPS : LRS_FORMAT_STEPS);
  }
  lrs_charge(L, (int64_t)length);
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

void lrs_guardstring(lua_State *L) {
  lua_pushcfunction(L, lrs_str_rep);
  lua_setfield(L, -2, "rep");
  lrs_guard(L, "byte", LRS_COST_LENGTH);
  lrs_guard(L, "reverse", LRS_COST_LENGTH);
  lrs_guard(L, "lower", LRS_COST_LENGTH);
  lrs_guard(L, "upper", LRS_COST_LENGTH);
  lrs_guard(L, "unpack", LRS_COST_LENGTH);
  lrs_guard(L, "pack", LRS_COST_LENGTH);
  lrs_guard(L, "packsize", LRS_COST_LENGTH);
}

void lrs_guardtable(lua_State *L) {
  lrs_guard(L, "insert", LRS_COST_LENGTH);
  lrs_guard(L, "remove", LRS_COST_LENGTH);
  lrs_guard(L, "move", LRS_COST_RANGE_2_3);
  lrs_guard(L, "concat", LRS_COST_RANGE_3_4);
  lrs_guard(L, "unpack", LRS_COST_RANGE_2_3_LEN);
  lua_pushcfunction(L, lrs_table_sort);
  lua_setfield(L, -2, "sort");
  lrs_guard(L, "sort", LRS_COST_SORT);
}

/* Guards of the base library: tonumber(s, base) scans s; select('#', ...) and select(n, ...)
** copy the vararg list. */
void lrs_guardbase(lua_State *L) {
  lrs_guard(L, "tonumber", LRS_COST_LENGTH);
  lrs_guard(L, "select", LRS_COST_ARGUMENTS);
}

void lrs_guardutf8(lua_State *L) {
  lrs_guard(L, "len", LRS_COST_LENGTH);
  lrs_guard(L, "codepoint", LRS_COST_LENGTH);
  lrs_guard(L, "offset", LRS_COST_LENGTH);
  lrs_guardweighted(L, "char", LRS_COST_ARGUMENTS, LRS_UTF8_CHAR_STEPS);
}

/* math.max and math.min compare every argument in C. */
void lrs_guardmath(lua_State *L) {
  lrs_guardweighted(L, "max", LRS_COST_ARGUMENTS, LRS_MATH_ARGUMENT_STEPS);
  lrs_guardweighted(L, "min", LRS_COST_ARGUMENTS, LRS_MATH_ARGUMENT_STEPS);
}

/* The string metatable's arithmetic (`"10" + 1`) converts each numeric string with strtod,
** whose work grows with the string's length. */
void lrs_guardstringarithmetic(lua_State *L) {
  static const char *const events[] = {"__add", "__sub", "__mul", "__div", "__mod",
                                       "__pow", "__unm", "__idiv"};
  for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
    lrs_guardweighted(L, events[i], LRS_COST_STRINGS, LRS_NUMERIC_BYTE_STEPS);
}
