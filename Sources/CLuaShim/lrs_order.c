/*
** The defined order of a table's keys, for pairs and next.
**
** Lua seeds its string hashes per state, so its own `next` visits string keys in an order that
** changes from process to process. Rules see keys in one order instead: numbers ascending, then
** strings by their bytes, then false before true. Keys of any other type (tables, functions) are
** ordered by address in Lua, so iterating over them raises.
*/
#include <stdlib.h>
#include <string.h>
#include "CLuaShim.h"

/* Steps charged per key listed, besides the n log n comparisons of sorting them: collecting,
** reading and placing each key. */
#define LRS_KEY_STEPS 32
/* Steps charged per key next looks at: reading it and comparing it twice. */
#define LRS_NEXT_KEY_STEPS 10
/* Bytes of a string key compared per step (comparisons of long keys). */
#define LRS_KEY_BYTES_PER_STEP 64

/* One key being ordered. */
typedef struct lrs_key {
  int rank;                 /* 0 number, 1 string, 2 boolean */
  int isinteger;
  lua_Integer integer;
  lua_Number number;
  const char *bytes;        /* string keys; anchored by the key list */
  size_t length;
  int slot;                 /* index of the key in the key list */
} lrs_key;

/* Fills k from the key at index; 0 when the key has no defined order. */
static int lrs_readkey(lua_State *L, int index, lrs_key *k) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      k->rank = 0;
      k->isinteger = lua_isinteger(L, index);
      k->integer = lua_tointeger(L, index);
      k->number = lua_tonumber(L, index);
      return 1;
    case LUA_TSTRING:
      k->rank = 1;
      k->bytes = lua_tolstring(L, index, &k->length);
      return 1;
    case LUA_TBOOLEAN:
      k->rank = 2;
      k->integer = lua_toboolean(L, index);
      return 1;
    default:
      return 0;
  }
}

/* Orders two numbers exactly, integers against floats included (no key is NaN). */
static int lrs_comparenumbers(const lrs_key *a, const lrs_key *b) {
  if (a->isinteger && b->isinteger) return (a->integer > b->integer) - (a->integer < b->integer);
  if (!a->isinteger && !b->isinteger) return (a->number > b->number) - (a->number < b->number);
  if (!a->isinteger) return -lrs_comparenumbers(b, a);
  /* a an integer, b a float: equal as floats only when b is integral (rounding aside) */
  lua_Number x = (lua_Number)a->integer, y = b->number;
  if (x != y) return (x > y) - (x < y);
  if (y >= 0x1p63) return -1;  /* b is past every integer */
  lua_Integer z = (lua_Integer)y;
  return (a->integer > z) - (a->integer < z);
}

/* The defined order: qsort comparator over lrs_key. */
static int lrs_comparekeys(const void *pa, const void *pb) {
  const lrs_key *a = pa, *b = pb;
  if (a->rank != b->rank) return a->rank - b->rank;
  if (a->rank == 0) return lrs_comparenumbers(a, b);
  if (a->rank == 2) return (int)(a->integer - b->integer);
  size_t shorter = a->length < b->length ? a->length : b->length;
  int bytes = memcmp(a->bytes, b->bytes, shorter);
  if (bytes != 0) return bytes;
  return (a->length > b->length) - (a->length < b->length);
}

/* Raises the error for a key without a defined order. [-0, +0, v] */
static int lrs_unorderedkey(lua_State *L, int key) {
  return luaL_error(L, "pairs/next: a key of type %s has no defined order (keep such keys in a "
                       "list and use ipairs)", luaL_typename(L, key));
}

/* Whether the key on top is a private light userdata key (a host's bookkeeping) to skip. */
static int lrs_skipkey(lua_State *L, int skipprivate) {
  return skipprivate && lua_type(L, -1) == LUA_TLIGHTUSERDATA;
}

void lrs_pushorderedkeys(lua_State *L, int t, int skipprivate) {
  t = lua_absindex(L, t);
  luaL_checkstack(L, 4, NULL);
  lua_createtable(L, 0, 0);                                  /* list */
  int list = lua_gettop(L);
  lua_Integer n = 0;
  int64_t bytes = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (lrs_skipkey(L, skipprivate)) continue;
    lrs_key probe;
    if (!lrs_readkey(L, -1, &probe)) return (void)lrs_unorderedkey(L, lua_gettop(L));
    if (probe.rank == 1) bytes += (int64_t)probe.length;
    lua_pushvalue(L, -1);
    lua_rawseti(L, list, ++n);
  }
  int64_t log = 1;
  while ((n >> log) > 0) log++;
  /* each key is compared about log n times, each comparison reading up to its bytes */
  lrs_charge(L, (int64_t)n * (log + LRS_KEY_STEPS) + log * (bytes / LRS_KEY_BYTES_PER_STEP));
  if (n < 2) return;
  lrs_key *keys = lua_newuserdatauv(L, (size_t)n * sizeof(lrs_key), 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    lrs_readkey(L, -1, &keys[i - 1]);  /* strings stay anchored by list */
    keys[i - 1].slot = (int)i;
    lua_pop(L, 1);
  }
  qsort(keys, (size_t)n, sizeof(lrs_key), lrs_comparekeys);
  lua_createtable(L, (int)n, 0);                             /* list keys ordered */
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, list, keys[i - 1].slot);
    lua_rawseti(L, -2, i);
  }
  lua_replace(L, list);
  lua_pop(L, 1);
}

/* The iterator of an ordered traversal: upvalue 1 the ordered keys, 2 the table, 3 the position.
** Refuses a state other than the nil pairs returned; skips keys removed since the traversal
** began. */
static int lrs_orderediterator(lua_State *L) {
  luaL_argcheck(L, lua_isnoneornil(L, 1), 1, "this iterator walks the table pairs was given");
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
  for (;;) {
    if (lua_rawgeti(L, lua_upvalueindex(1), i + 1) == LUA_TNIL) return 1;
    i++;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 2;
    lua_pop(L, 2);
  }
}

void lrs_pushorderedpairs(lua_State *L, int t, int skipprivate) {
  t = lua_absindex(L, t);
  lrs_pushorderedkeys(L, t, skipprivate);
  lua_pushvalue(L, t);
  lua_pushinteger(L, 0);
  lrs_pushiterator(L, lrs_orderediterator, 3);
  lua_pushnil(L);
  lua_pushnil(L);
}

int lrs_orderednext(lua_State *L, int t, int k, int skipprivate) {
  t = lua_absindex(L, t);
  k = lua_absindex(L, k);
  luaL_checkstack(L, 4, NULL);
  lrs_key after, best, probe;
  int hasafter = !lua_isnil(L, k), hasbest = 0;
  if (hasafter && !lrs_readkey(L, k, &after)) return lrs_unorderedkey(L, k);
  if (hasafter) {
    lua_pushvalue(L, k);
    if (lua_rawget(L, t) == LUA_TNIL) return luaL_error(L, "invalid key to 'next'");
    lua_pop(L, 1);
  }
  lua_pushnil(L);                                            /* best key so far */
  int bestslot = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (lrs_skipkey(L, skipprivate)) continue;
    if (!lrs_readkey(L, -1, &probe)) return lrs_unorderedkey(L, lua_gettop(L));
    lrs_charge(L, LRS_NEXT_KEY_STEPS +
                  (probe.rank == 1 ? 2 * (int64_t)probe.length / LRS_KEY_BYTES_PER_STEP : 0));
    if (hasafter && lrs_comparekeys(&probe, &after) <= 0) continue;
    if (hasbest && lrs_comparekeys(&probe, &best) >= 0) continue;
    lua_pushvalue(L, -1);
    lua_replace(L, bestslot);
    lrs_readkey(L, bestslot, &best);  /* the string stays anchored at bestslot */
    hasbest = 1;
  }
  if (!hasbest) return 1;                                    /* nil */
  lua_pushvalue(L, bestslot);
  lua_rawget(L, t);
  return 2;
}
