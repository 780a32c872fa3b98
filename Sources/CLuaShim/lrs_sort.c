/*
** table.sort for rules: a bottom-up merge sort. Lua's own quicksort picks pivots from clock() and
** time() once a partition turns out unbalanced, so an inconsistent comparator could sort the same
** list differently from run to run; a merge sort compares the same pairs in the same order every
** time. It is stable, and makes at most n log n comparisons.
*/
#include <limits.h>
#include "CLuaShim.h"

/* Whether the value at a sorts before the value at b: less(a, b) when the comparator at index 2
** is given, a < b otherwise. [-0, +0, e] */
static int lrs_sortsbefore(lua_State *L, int a, int b) {
  if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  int before = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return before;
}

/* Merges the runs from[lo..mid-1] and from[mid..hi-1] into to[lo..hi-1]; on ties the left run
** first. [-0, +0, e] */
static void lrs_merge(lua_State *L, int from, int to, lua_Integer lo, lua_Integer mid, lua_Integer hi) {
  lua_Integer i = lo, j = mid;
  for (lua_Integer k = lo; k < hi; k++) {
    int right = 0;
    if (i < mid && j < hi) {
      lua_rawgeti(L, from, i);
      lua_rawgeti(L, from, j);
      right = lrs_sortsbefore(L, lua_gettop(L), lua_gettop(L) - 1);
      lua_pop(L, 2);
    } else {
      right = i >= mid;
    }
    lua_rawgeti(L, from, right ? j++ : i++);
    lua_rawseti(L, to, k);
  }
}

int lrs_table_sort(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_Integer n = luaL_len(L, 1);
  if (n < 2) return 0;
  luaL_argcheck(L, n < INT_MAX, 1, "array too big");
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  luaL_checkstack(L, 8, NULL);
  lua_createtable(L, (int)n, 0);                             /* 3: the elements */
  lua_createtable(L, (int)n, 0);                             /* 4: the merge buffer */
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, 1, i);
    lua_rawseti(L, 3, i);
  }
  int from = 3, to = 4;
  for (lua_Integer width = 1; width < n; width *= 2) {
    for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
      lua_Integer mid = lo + width > n + 1 ? n + 1 : lo + width;
      lua_Integer hi = lo + 2 * width > n + 1 ? n + 1 : lo + 2 * width;
      lrs_merge(L, from, to, lo, mid, hi);
    }
    from = 7 - from;                                         /* swap 3 and 4 */
    to = 7 - to;
  }
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, from, i);
    lua_seti(L, 1, i);
  }
  return 0;
}
