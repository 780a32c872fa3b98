/*
** Rule inputs checked against a pack's schema, and the read-only views rules see of them.
**
** A descriptor is a sequence the host builds from the schema (slots LRS_D_*). Checking walks a
** value and its descriptor together. In strict mode each checked table is then replaced by a
** view: an empty proxy whose own metatable reads through to the table (__index), refuses writes
** and forwards # and pairs. The table itself gets its type's shared metatable, whose __index
** answers reads of absent keys: nil for a declared optional field, an error with a suggestion for
** anything else. Each table notes its parent table and its key there (under private light
** userdata keys that pairs skips), so errors name the whole path, in Lua's 1-based indices:
** `state.meetings[2].titel`. Mismatches found while checking describe host data, so they use
** 0-based indices, as JSON and Swift do: `state.meetings[1].start: expected date, got "x"`.
*/
#include <string.h>
#include "CLuaShim.h"

#define LRS_SCHEMA_DEPTH 64  /* deepest value checked (schemas nest far less) */
#define LRS_CHECK_SLOTS 12   /* stack slots one level of checking uses at most, messages included */

static const char lrs_parentkey = 0;  /* t[&lrs_parentkey]: the table t hangs from */
static const char lrs_keykey = 0;     /* t[&lrs_keykey]: t's key in its parent (or root name) */

/* One step of the path being checked: a field name or a 0-based index. */
typedef struct lrs_step {
  const char *name;
  lua_Integer index;
} lrs_step;

typedef struct lrs_checker {
  int strict;
  int depth;
  lrs_step steps[LRS_SCHEMA_DEPTH];
} lrs_checker;

/* --- descriptors --- */

/* The integer in slot of the descriptor at d. [-0, +0, -] */
static lua_Integer lrs_slotint(lua_State *L, int d, int slot) {
  lua_rawgeti(L, d, slot);
  lua_Integer value = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return value;
}

/* Whether values of kind k are tables that get views. */
static int lrs_isviewed(lua_Integer k) {
  return k == LRS_KIND_OBJECT || k == LRS_KIND_ARRAY || k == LRS_KIND_VIEW;
}

/* --- views --- */

/* Pushes the table behind the view at index p. [-0, +1, -] */
static void lrs_pushreal(lua_State *L, int p) {
  if (!lua_getmetatable(L, p)) {
    lua_pushnil(L);
    return;
  }
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

/* Pushes the path of the checked table at t: its root name, then `.field` or `[index]` per step.
** [-0, +1, m] */
static void lrs_pushpath(lua_State *L, int t) {
  int base = lua_gettop(L);
  lua_pushvalue(L, t);
  int steps = 0;
  while (lua_type(L, -1) == LUA_TTABLE && steps < LRS_SCHEMA_DEPTH) {
    int table = lua_gettop(L);
    lua_rawgetp(L, table, &lrs_keykey);
    lua_rawgetp(L, table, &lrs_parentkey);
    lua_remove(L, table);  /* leaves key, parent */
    steps++;
  }
  lua_pop(L, 1);  /* the nil past the root */
  int top = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = top; i > base; i--) {
    if (lua_type(L, i) == LUA_TNUMBER) lua_pushfstring(L, "[%I]", lua_tointeger(L, i));
    else if (i == top) lua_pushvalue(L, i);  /* the root name */
    else lua_pushfstring(L, ".%s", lua_tostring(L, i));
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  lua_copy(L, -1, base + 1);
  lua_settop(L, base + 1);
}

/* Pushes the path of the view at p: its table's path, or the name a plain view carries. */
static void lrs_pushviewpath(lua_State *L, int p) {
  lrs_pushreal(L, p);
  lua_rawgetp(L, -1, &lrs_keykey);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_getmetatable(L, p);
    lua_rawgetp(L, -1, &lrs_keykey);
    lua_remove(L, -2);
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  lrs_pushpath(L, lua_gettop(L));
  lua_remove(L, -2);
}

/* __newindex of a view: rule inputs are read-only. */
static int lrs_viewwrite(lua_State *L) {
  lrs_pushwhere(L);
  lrs_pushviewpath(L, 1);
  lua_pushfstring(L, "%s: rule inputs are read-only (copy what you need into a local table)",
                  lrs_tolstring(L, 2, NULL));
  lua_remove(L, -2);
  lua_pushliteral(L, ".");
  lua_insert(L, -2);
  lua_concat(L, 4);
  return lua_error(L);
}

/* __len of a view: the raw length of its table. */
static int lrs_viewlen(lua_State *L) {
  lrs_pushreal(L, 1);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

/* __pairs of a view (argument 1): its table's fields in the defined order, without the private
** keys; the table itself stays out of reach. */
static int lrs_viewpairs(lua_State *L) {
  luaL_argcheck(L, lrs_isview(L, 1), 1, "not an input view");
  lrs_pushreal(L, 1);
  lrs_pushorderedpairs(L, -1, 1);
  return 3;
}

/* Replaces the table at t by a view of it. [-0, +0, m] */
static void lrs_makeview(lua_State *L, int t) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 5);
  lua_pushvalue(L, t);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, lrs_viewwrite);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, lrs_viewlen);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, lrs_viewpairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_replace(L, t);
}

int lrs_isview(lua_State *L, int index) {
  if (!lua_getmetatable(L, index)) return 0;
  lua_pushliteral(L, "__newindex");
  lua_rawget(L, -2);
  int view = lua_tocfunction(L, -1) == lrs_viewwrite;
  lua_pop(L, 2);
  return view;
}

/* --- reads of absent keys --- */

/* Edit distance between a and b, ignoring ASCII case, counting a swap of neighbours as one
** edit; capped at 9 (longer names are never suggested). */
static int lrs_distance(const char *a, size_t la, const char *b, size_t lb) {
  if (la > 48 || lb > 48) return 9;
  int d[49][49];
  for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    for (size_t j = 1; j <= lb; j++) {
      int cost = (a[i - 1] | 32) == (b[j - 1] | 32) ? 0 : 1;
      int best = d[i - 1][j - 1] + cost;
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && (a[i - 1] | 32) == (b[j - 2] | 32) && (a[i - 2] | 32) == (b[j - 1] | 32) &&
          d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  }
  return d[la][lb] > 9 ? 9 : d[la][lb];
}

/* Pushes " — did you mean x?" for the name in names (a sequence at n) closest to key, or
** " (it has: a, b, c)" when none is close. [-0, +1, m] */
static void lrs_pushsuggestion(lua_State *L, int n, const char *key, size_t lk) {
  const char *best = NULL;
  int bestDistance = 9;
  lua_Integer count = (lua_Integer)lua_rawlen(L, n);
  for (lua_Integer i = 1; i <= count; i++) {
    size_t ln;
    const char *name = (lua_rawgeti(L, n, i), lua_tolstring(L, -1, &ln));
    int d = lrs_distance(key, lk, name, ln);
    if (d < bestDistance) best = name, bestDistance = d;
    lua_pop(L, 1);
  }
  if (best != NULL && bestDistance <= (lk < 6 ? 1 : 2)) {
    lua_pushfstring(L, " — did you mean %s?", best);
    return;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, " (it has: ");
  for (lua_Integer i = 1; i <= count; i++) {
    if (i > 1) luaL_addstring(&b, ", ");
    lua_rawgeti(L, n, i);
    luaL_addvalue(&b);
  }
  luaL_addstring(&b, ")");
  luaL_pushresult(&b);
}

/* __index of a checked table (argument 1, key argument 2); upvalue 1 is its descriptor. */
static int lrs_inputmiss(lua_State *L) {
  int d = lua_upvalueindex(1);
  lua_Integer kind = lrs_slotint(L, d, LRS_D_KIND);
  if (kind == LRS_KIND_ARRAY && lua_type(L, 2) == LUA_TNUMBER) return 0;  /* past the end: nil */
  if (kind == LRS_KIND_OBJECT && lua_type(L, 2) == LUA_TSTRING) {
    lua_rawgeti(L, d, LRS_D_CHILD);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL) return 0;  /* an absent optional field: nil */
  }
  lua_settop(L, 2);
  lrs_pushwhere(L);
  lrs_pushpath(L, 1);                               /* where path */
  size_t lk;
  const char *key = lrs_tolstring(L, 2, &lk);       /* where path key */
  if (kind == LRS_KIND_ARRAY) {
    lua_rawgeti(L, d, LRS_D_CHILD);
    lua_rawgeti(L, -1, LRS_D_NAME);                 /* where path key element name */
    lua_remove(L, -2);
  } else {
    lua_rawgeti(L, d, LRS_D_NAME);                  /* where path key name */
  }
  if (kind == LRS_KIND_ARRAY) {
    lua_pushfstring(L, ": this is a list of %s; index it with numbers, not '%s'",
                    lua_tostring(L, -1), key);
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_concat(L, 3);
    return lua_error(L);
  }
  lua_pushfstring(L, ".%s: no such field in %s", key, lua_tostring(L, -1));
  lua_replace(L, -2);                               /* where path key message */
  lua_rawgeti(L, d, LRS_D_ORDER);
  lrs_pushsuggestion(L, lua_gettop(L), key, lk);    /* where path key message order hint */
  lua_replace(L, -2);
  lua_remove(L, -3);                                /* where path message hint */
  lua_concat(L, 4);
  return lua_error(L);
}

int lrs_schema_prepare(lua_State *L) {
  int d = 1;
  luaL_checktype(L, d, LUA_TTABLE);
  lua_Integer kind = lrs_slotint(L, d, LRS_D_KIND);
  if (kind == LRS_KIND_OBJECT || kind == LRS_KIND_ARRAY) {
    if (lua_rawgeti(L, d, LRS_D_META) == LUA_TTABLE) return 1;  /* prepared already */
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, d);
    lua_pushcclosure(L, lrs_inputmiss, 1);
    lua_setfield(L, -2, "__index");
    lua_rawseti(L, d, LRS_D_META);
    if (kind == LRS_KIND_ARRAY) {
      lua_pushcfunction(L, lrs_schema_prepare);
      lua_rawgeti(L, d, LRS_D_CHILD);
      lua_call(L, 1, 0);
    } else {
      lua_rawgeti(L, d, LRS_D_CHILD);
      int fields = lua_gettop(L);
      lua_pushnil(L);
      while (lua_next(L, fields)) {
        lua_pushcfunction(L, lrs_schema_prepare);
        lua_insert(L, -2);
        lua_call(L, 1, 0);
      }
    }
  }
  lua_settop(L, 1);
  return 1;
}

/* --- checking --- */

/* Pushes the path being checked, with host data's 0-based indices. [-0, +1, m] */
static void lrs_pushcheckpath(lua_State *L, const lrs_checker *c) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; i < c->depth; i++) {
    const lrs_step *s = &c->steps[i];
    if (s->name == NULL) {
      lua_pushfstring(L, "[%I]", s->index);
      luaL_addvalue(&b);
    } else {
      if (i > 0) luaL_addchar(&b, '.');
      luaL_addstring(&b, s->name);
    }
  }
  luaL_pushresult(&b);
}

/* Pushes how a mismatch message shows the value at v: `"text"`, `12`, `true`, `nil`, `a table`.
** [-0, +1, m] */
static void lrs_pushfound(lua_State *L, int v) {
  switch (lua_type(L, v)) {
    case LUA_TSTRING: {
      size_t length;
      const char *text = lua_tolstring(L, v, &length);
      if (length > 40) {
        lua_pushlstring(L, text, 37);
        lua_pushfstring(L, "\"%s…\"", lua_tostring(L, -1));
        lua_remove(L, -2);
      } else {
        lua_pushfstring(L, "\"%s\"", text);
      }
      break;
    }
    case LUA_TTABLE: lua_pushliteral(L, "a table"); break;
    case LUA_TNUMBER: case LUA_TBOOLEAN: case LUA_TNIL: luaL_tolstring(L, v, NULL); break;
    default: lua_pushstring(L, luaL_typename(L, v)); break;
  }
}

/* Pushes "<path>: expected <descriptor's name>, got <value>"; returns 0. [-0, +1, m] */
static int lrs_mismatch(lua_State *L, const lrs_checker *c, int v, int d) {
  lrs_pushcheckpath(L, c);
  lua_rawgeti(L, d, LRS_D_NAME);
  lrs_pushfound(L, v);
  lua_pushfstring(L, "%s: expected %s, got %s", lua_tostring(L, -3), lua_tostring(L, -2),
                  lua_tostring(L, -1));
  lua_replace(L, -4);
  lua_pop(L, 2);
  return 0;
}

/* Whether the string at v is `#RRGGBB`. */
static int lrs_iscolour(lua_State *L, int v) {
  size_t length;
  const char *text = lua_tolstring(L, v, &length);
  if (length != 7 || text[0] != '#') return 0;
  for (int i = 1; i < 7; i++) {
    char ch = text[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))) return 0;
  }
  return 1;
}

static int lrs_check(lua_State *L, lrs_checker *c, int v, int d, int parent, int key);

/* Leaves only the mismatch message on top above base: a failed check pushes exactly one value.
** Returns 0. [-?, +1, -] */
static int lrs_failat(lua_State *L, int base) {
  lua_copy(L, -1, base + 1);
  lua_settop(L, base + 1);
  return 0;
}

/* Notes the parent and key of the checked table at v, gives it its type's metatable and replaces
** it by a view. parent is 0 for a root (key is then its name). [-0, +0, m] */
static void lrs_adopt(lua_State *L, int v, int d, int parent, int key) {
  lua_pushvalue(L, key);
  lua_rawsetp(L, v, &lrs_keykey);
  if (parent != 0) {
    lua_pushvalue(L, parent);
    lua_rawsetp(L, v, &lrs_parentkey);
  }
  lua_rawgeti(L, d, LRS_D_META);
  lua_setmetatable(L, v);
  lrs_makeview(L, v);
}

/* Checks an object: every declared field, then that there is nothing else. */
static int lrs_checkobject(lua_State *L, lrs_checker *c, int v, int d) {
  int base = lua_gettop(L);
  lua_rawgeti(L, d, LRS_D_CHILD);
  int fields = base + 1;
  lua_rawgeti(L, d, LRS_D_ORDER);
  int order = base + 2;
  lua_Integer count = (lua_Integer)lua_rawlen(L, order), present = 0;
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, order, i);
    int name = base + 3;
    lua_pushvalue(L, name);
    lua_rawget(L, fields);
    int fd = base + 4;
    lua_pushvalue(L, name);
    lua_rawget(L, v);
    int fv = base + 5;
    c->steps[c->depth].name = lua_tostring(L, name);
    c->depth++;
    if (lua_isnil(L, fv)) {
      lua_rawgeti(L, fd, LRS_D_OPTIONAL);
      int optional = lua_toboolean(L, -1);
      lua_pop(L, 1);
      if (!optional) return lrs_mismatch(L, c, fv, fd), lrs_failat(L, base);
    } else {
      present++;
      if (!lrs_check(L, c, fv, fd, v, name)) return lrs_failat(L, base);
      if (c->strict && lrs_isviewed(lrs_slotint(L, fd, LRS_D_KIND))) {
        lua_pushvalue(L, name);
        lua_pushvalue(L, fv);
        lua_rawset(L, v);
      }
    }
    c->depth--;
    lua_settop(L, order);
  }
  lua_Integer keys = 0;
  lua_pushnil(L);
  while (lua_next(L, v)) keys++, lua_pop(L, 1);
  if (keys == present) {
    lua_settop(L, base);
    return 1;
  }
  lua_pushnil(L);
  while (lua_next(L, v)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
      lua_pushvalue(L, -1);
      if (lua_rawget(L, fields) != LUA_TNIL) {
        lua_pop(L, 1);
        continue;
      }
      lua_pop(L, 1);
    }
    size_t lk;
    const char *key = lrs_tolstring(L, -1, &lk);
    lrs_pushcheckpath(L, c);
    lua_rawgeti(L, d, LRS_D_NAME);
    lua_pushfstring(L, "%s%s%s: not in the schema of %s", lua_tostring(L, -2),
                    c->depth > 0 ? "." : "", key, lua_tostring(L, -1));
    lrs_pushsuggestion(L, order, key, lk);
    lua_concat(L, 2);
    return lrs_failat(L, base);
  }
  return luaL_error(L, "schema check: table changed while it was checked");
}

/* Checks a list: a sequence of elements of one type. */
static int lrs_checkarray(lua_State *L, lrs_checker *c, int v, int d) {
  int base = lua_gettop(L);
  lua_rawgeti(L, d, LRS_D_CHILD);
  int ed = base + 1;
  int viewed = c->strict && lrs_isviewed(lrs_slotint(L, ed, LRS_D_KIND));
  lua_Integer count = (lua_Integer)lua_rawlen(L, v);
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, v, i);
    lua_pushinteger(L, i);
    c->steps[c->depth].name = NULL;
    c->steps[c->depth].index = i - 1;
    c->depth++;
    if (!lrs_check(L, c, base + 2, ed, v, base + 3)) return lrs_failat(L, base);
    c->depth--;
    if (viewed) {
      lua_pushvalue(L, base + 2);
      lua_rawseti(L, v, i);
    }
    lua_settop(L, ed);
  }
  lua_Integer keys = 0;
  lua_pushnil(L);
  while (lua_next(L, v)) keys++, lua_pop(L, 1);
  lua_settop(L, base);
  if (keys != count) {
    lrs_pushcheckpath(L, c);
    lua_rawgeti(L, d, LRS_D_NAME);
    lua_pushfstring(L, "%s: expected %s, got a table with keys that are not 1...%I", lua_tostring(L, -2),
                    lua_tostring(L, -1), count);
    return lrs_failat(L, base);
  }
  return 1;
}

/* Checks the value at v against the descriptor at d; in strict mode a table at v is replaced by
** its view. parent/key locate v for the view's error paths (parent 0: v is a root named by key).
** Returns 1, or 0 with the mismatch message pushed. [-0, +(0|1), m] */
static int lrs_check(lua_State *L, lrs_checker *c, int v, int d, int parent, int key) {
  if (c->depth >= LRS_SCHEMA_DEPTH) return luaL_error(L, "schema check: value nested too deeply");
  luaL_checkstack(L, LRS_CHECK_SLOTS, "schema check");
  int type = lua_type(L, v);
  switch (lrs_slotint(L, d, LRS_D_KIND)) {
    case LRS_KIND_ANY: return 1;
    case LRS_KIND_STRING: return type == LUA_TSTRING ? 1 : lrs_mismatch(L, c, v, d);
    case LRS_KIND_INTEGER: return lua_isinteger(L, v) ? 1 : lrs_mismatch(L, c, v, d);
    case LRS_KIND_NUMBER: return type == LUA_TNUMBER ? 1 : lrs_mismatch(L, c, v, d);
    case LRS_KIND_BOOL: return type == LUA_TBOOLEAN ? 1 : lrs_mismatch(L, c, v, d);
    case LRS_KIND_DATE: {
      lua_Number n = lua_tonumber(L, v);
      return type == LUA_TNUMBER && n == n && n - n == 0 ? 1 : lrs_mismatch(L, c, v, d);
    }
    case LRS_KIND_COLOUR: return type == LUA_TSTRING && lrs_iscolour(L, v) ? 1 : lrs_mismatch(L, c, v, d);
    case LRS_KIND_ENUM: {
      if (type != LUA_TSTRING) return lrs_mismatch(L, c, v, d);
      lua_rawgeti(L, d, LRS_D_CHILD);
      lua_pushvalue(L, v);
      int known = lua_rawget(L, -2) != LUA_TNIL;
      lua_pop(L, 2);
      return known ? 1 : lrs_mismatch(L, c, v, d);
    }
    case LRS_KIND_VIEW:
      if (c->strict && type == LUA_TTABLE) {
        lrs_makeview(L, v);
        lua_getmetatable(L, v);
        lua_pushvalue(L, key);
        lua_rawsetp(L, -2, &lrs_keykey);  /* a plain view carries its name in its metatable */
        lua_pop(L, 1);
      }
      return 1;
    case LRS_KIND_OBJECT:
      if (type != LUA_TTABLE) return lrs_mismatch(L, c, v, d);
      if (!lrs_checkobject(L, c, v, d)) return 0;
      break;
    case LRS_KIND_ARRAY:
      if (type != LUA_TTABLE) return lrs_mismatch(L, c, v, d);
      if (!lrs_checkarray(L, c, v, d)) return 0;
      break;
    default: return luaL_error(L, "schema check: unknown kind in descriptor");
  }
  if (c->strict) lrs_adopt(L, v, d, parent, key);
  return 1;
}

int lrs_schema_check(lua_State *L) {
  lua_settop(L, 5);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TSTRING);
  if (lua_isnil(L, 5)) {
    lua_pushvalue(L, 3);
    lua_replace(L, 5);
  }
  luaL_checktype(L, 5, LUA_TSTRING);
  lrs_checker c;
  c.strict = lua_toboolean(L, 4);
  c.depth = 1;
  c.steps[0].name = lua_tostring(L, 3);
  c.steps[0].index = 0;
  if (lrs_check(L, &c, 1, 2, 0, 5)) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_insert(L, -2);
  return 2;
}
