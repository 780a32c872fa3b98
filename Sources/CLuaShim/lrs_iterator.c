/*
** Iterators: C closures whose upvalues change as they run.
**
** A generic for's iterator may keep its position in its upvalues (string.gmatch's, the ordered
** pairs'). One a pack made while loading and kept would resume, in the next presentation, where
** the last one left it, so freezing refuses it. Such closures carry a marker as their last
** upvalue: the address of lrs_iteratormark, which no Lua value can forge.
*/
#include "CLuaShim.h"

static const char lrs_iteratormark = 0;

void lrs_pushiterator(lua_State *L, lua_CFunction f, int n) {
  lua_pushlightuserdata(L, (void *)&lrs_iteratormark);
  lua_pushcclosure(L, f, n + 1);
}

int lrs_isiterator(lua_State *L, int index) {
  if (!lua_iscfunction(L, index)) return 0;
  index = lua_absindex(L, index);
  int n = 0;
  while (lua_getupvalue(L, index, n + 1) != NULL) {
    lua_pop(L, 1);
    n++;
  }
  if (n == 0 || lua_getupvalue(L, index, n) == NULL) return 0;
  int marked = lua_touserdata(L, -1) == &lrs_iteratormark && lua_islightuserdata(L, -1);
  lua_pop(L, 1);
  return marked;
}
