/*
** Rule inputs checked against a pack's schema.
**
** A descriptor is a sequence the host builds from the schema (slots LRL_D_*, read through
** lrl_descriptor.h). Checking walks a value and its descriptor together. In strict mode each
** checked table is then replaced by a view (lrl_view.h). A mismatch is handed back as two
** values, where and what: where uses host data's 0-based indices, as JSON and Swift do
** (`state.meetings[1].start`), what says what was expected and found (`expected date, got "x"`).
** JSON input is checked in Swift instead (SchemaType+Checking.swift), to the same paths and
** words: SchemaCheckersAgreeTests holds the two together.
*/
#include "lrl_descriptor.h"
#include "lrl_view.h"

#define LRL_CHECK_SLOTS 12   /* stack slots one level of checking uses at most, messages included */

/* One step of the path being checked: a field name or a 0-based index. */
typedef struct lrl_step {
  const char *name;
  lua_Integer index;
} lrl_step;

typedef struct lrl_checker {
  int strict;
  int depth;
  lrl_step steps[LRL_SCHEMA_DEPTH];
} lrl_checker;

/* Whether values of kind k are tables that get views. */
static int lrl_isviewed(lua_Integer k) {
  return k == LRL_KIND_OBJECT || k == LRL_KIND_ARRAY || k == LRL_KIND_VIEW;
}

/* Pushes the path being checked, with host data's 0-based indices. [-0, +1, m] */
static void lrl_pushcheckpath(lua_State *L, const lrl_checker *c) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; i < c->depth; i++) {
    const lrl_step *s = &c->steps[i];
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

/* Pushes how a table shows in a mismatch message, in the words JSONValue.brief uses for JSON:
** `{}` when empty (a Lua table cannot tell an empty list from an empty object), `[… 2 elements]`
** for a sequence, `{… 3 members}` otherwise. [-0, +1, m] */
static void lrl_pushtablefound(lua_State *L, int v) {
  lua_Integer keys = 0;
  lua_pushnil(L);
  while (lua_next(L, v)) keys++, lua_pop(L, 1);
  if (keys == 0) lua_pushliteral(L, "{}");
  else if ((lua_Integer)lua_rawlen(L, v) == keys) lua_pushfstring(L, "[… %I element%s]", keys, keys == 1 ? "" : "s");
  else lua_pushfstring(L, "{… %I member%s}", keys, keys == 1 ? "" : "s");
}

/* Pushes how a mismatch message shows the value at v: `"text"`, `12`, `true`, `nil`, a table
** as lrl_pushtablefound shows it. [-0, +1, m] */
static void lrl_pushfound(lua_State *L, int v) {
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
    case LUA_TTABLE: lrl_pushtablefound(L, v); break;
    case LUA_TNUMBER: case LUA_TBOOLEAN: case LUA_TNIL: luaL_tolstring(L, v, NULL); break;
    default: lua_pushstring(L, luaL_typename(L, v)); break;
  }
}

/* Pushes the path and "expected <descriptor's name>, got <value>"; returns 0. [-0, +2, m] */
static int lrl_mismatch(lua_State *L, const lrl_checker *c, int v, int d) {
  lrl_pushcheckpath(L, c);
  lua_rawgeti(L, d, LRL_D_NAME);
  if (lua_isnil(L, v)) lua_pushliteral(L, "nothing (the field is required)");
  else lrl_pushfound(L, v);
  lua_pushfstring(L, "expected %s, got %s", lua_tostring(L, -2), lua_tostring(L, -1));
  lua_replace(L, -3);
  lua_pop(L, 1);
  return 0;
}

/* Whether the string at v is a colour. [-0, +0, -] */
static int lrl_iscolour(lua_State *L, int v) {
  size_t length;
  const char *text = lua_tolstring(L, v, &length);
  return lrs_iscolourtext(text, length);
}

static int lrl_check(lua_State *L, lrl_checker *c, int v, int d, int parent, int key);

/* Leaves only the mismatch's path and message on top above base: a failed check pushes exactly
** two values. Returns 0. [-?, +2, -] */
static int lrl_failat(lua_State *L, int base) {
  lua_copy(L, -2, base + 1);
  lua_copy(L, -1, base + 2);
  lua_settop(L, base + 2);
  return 0;
}

/* Notes the parent and key of the checked table at v, gives it its type's metatable and replaces
** it by a view. parent is 0 for a root (key is then its name). [-0, +0, m] */
static void lrl_adopt(lua_State *L, int v, int d, int parent, int key) {
  lua_pushvalue(L, key);
  lua_rawsetp(L, v, &lrl_keykey);
  if (parent != 0) {
    lua_pushvalue(L, parent);
    lua_rawsetp(L, v, &lrl_parentkey);
  }
  lua_rawgeti(L, d, LRL_D_META);
  lua_setmetatable(L, v);
  lrl_makeview(L, v);
}

/* Whether the list element at v is a view of a table checked against the descriptor at d: an
** element the host reused from the input's last presentation (LuaSequenceReuse), then noted at
** its new parent and key. A table the host just pushed has no metatable. A view of another type
** cannot be at this place (elements are reused at the place they were checked at): an error.
** [-0, +0, e] */
static int lrl_reused(lua_State *L, int v, int d, int parent, int key) {
  if (!lua_getmetatable(L, v)) return 0;
  lua_pushliteral(L, "__index");
  int real = lua_rawget(L, -2) == LUA_TTABLE && lua_getmetatable(L, -1);
  if (real) {
    lua_rawgeti(L, d, LRL_D_META);
    real = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
  }
  if (!real) return luaL_error(L, "schema check: a reused table at a place of another type");
  lua_pushvalue(L, key);
  lua_rawsetp(L, -2, &lrl_keykey);
  lua_pushvalue(L, parent);
  lua_rawsetp(L, -2, &lrl_parentkey);
  lua_pop(L, 2);
  return 1;
}

/* Checks the table at v against the object descriptor at d: every declared field, then that
** there is nothing else. Returns 1, or 0 with the mismatch's path and message pushed.
** [-0, +(0|2), e] */
static int lrl_checkobject(lua_State *L, lrl_checker *c, int v, int d) {
  int base = lua_gettop(L);
  lua_rawgeti(L, d, LRL_D_CHILD);
  int fields = base + 1;
  lua_rawgeti(L, d, LRL_D_ORDER);
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
      lua_rawgeti(L, fd, LRL_D_OPTIONAL);
      int optional = lua_toboolean(L, -1);
      lua_pop(L, 1);
      if (!optional) return lrl_mismatch(L, c, fv, fd), lrl_failat(L, base);
    } else {
      present++;
      if (!lrl_check(L, c, fv, fd, v, name)) return lrl_failat(L, base);
      if (c->strict && lrl_isviewed(lrl_slotint(L, fd, LRL_D_KIND))) {
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
    lrl_pushcheckpath(L, c);
    lua_pushfstring(L, "%s%s%s", lua_tostring(L, -1), c->depth > 0 ? "." : "", key);
    lua_rawgeti(L, d, LRL_D_NAME);
    lua_pushfstring(L, "not in the schema of %s", lua_tostring(L, -1));
    lua_replace(L, -2);
    lrl_pushhint(L, order, key, lk);
    lua_concat(L, 2);                               /* path message */
    return lrl_failat(L, base);
  }
  return luaL_error(L, "schema check: table changed while it was checked");
}

/* Checks the table at v against the array descriptor at d: a sequence of elements of one type.
** Returns 1, or 0 with the mismatch's path and message pushed. [-0, +(0|2), e] */
static int lrl_checkarray(lua_State *L, lrl_checker *c, int v, int d) {
  int base = lua_gettop(L);
  lua_rawgeti(L, d, LRL_D_CHILD);
  int ed = base + 1;
  lua_Integer kind = lrl_slotint(L, ed, LRL_D_KIND);
  int viewed = c->strict && lrl_isviewed(kind);
  int reusable = c->strict && (kind == LRL_KIND_OBJECT || kind == LRL_KIND_ARRAY);
  lua_Integer count = (lua_Integer)lua_rawlen(L, v);
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, v, i);
    lua_pushinteger(L, i);
    if (reusable && lua_type(L, base + 2) == LUA_TTABLE && lrl_reused(L, base + 2, ed, v, base + 3)) {
      lua_settop(L, ed);  /* a reused view, already in place */
      continue;
    }
    c->steps[c->depth].name = NULL;
    c->steps[c->depth].index = i - 1;
    c->depth++;
    if (!lrl_check(L, c, base + 2, ed, v, base + 3)) return lrl_failat(L, base);
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
    lrl_pushcheckpath(L, c);
    lua_rawgeti(L, d, LRL_D_NAME);
    lua_pushfstring(L, "expected %s, got a table with keys that are not 1...%I", lua_tostring(L, -1), count);
    lua_replace(L, -2);
    return lrl_failat(L, base);
  }
  return 1;
}

/* Checks the value at v against the descriptor at d; in strict mode a table at v is replaced by
** its view. parent/key locate v for the view's error paths (parent 0: v is a root named by key).
** Returns 1, or 0 with the mismatch's path and message pushed. [-0, +(0|2), m] */
static int lrl_check(lua_State *L, lrl_checker *c, int v, int d, int parent, int key) {
  if (c->depth >= LRL_SCHEMA_DEPTH) return luaL_error(L, "schema check: value nested too deeply");
  luaL_checkstack(L, LRL_CHECK_SLOTS, "schema check");
  int type = lua_type(L, v);
  switch (lrl_slotint(L, d, LRL_D_KIND)) {
    case LRL_KIND_ANY: return 1;
    case LRL_KIND_STRING: return type == LUA_TSTRING ? 1 : lrl_mismatch(L, c, v, d);
    case LRL_KIND_INTEGER: return lua_isinteger(L, v) ? 1 : lrl_mismatch(L, c, v, d);
    case LRL_KIND_NUMBER: return type == LUA_TNUMBER ? 1 : lrl_mismatch(L, c, v, d);
    case LRL_KIND_BOOL: return type == LUA_TBOOLEAN ? 1 : lrl_mismatch(L, c, v, d);
    case LRL_KIND_DATE: {
      lua_Number n = lua_tonumber(L, v);
      return type == LUA_TNUMBER && n == n && n - n == 0 ? 1 : lrl_mismatch(L, c, v, d);
    }
    case LRL_KIND_COLOUR: return type == LUA_TSTRING && lrl_iscolour(L, v) ? 1 : lrl_mismatch(L, c, v, d);
    case LRL_KIND_ENUM: {
      if (type != LUA_TSTRING) return lrl_mismatch(L, c, v, d);
      lua_rawgeti(L, d, LRL_D_CHILD);
      lua_pushvalue(L, v);
      int known = lua_rawget(L, -2) != LUA_TNIL;
      lua_pop(L, 2);
      return known ? 1 : lrl_mismatch(L, c, v, d);
    }
    case LRL_KIND_VIEW:
      if (c->strict && type == LUA_TTABLE) {
        lrl_makeview(L, v);
        lua_getmetatable(L, v);
        lua_pushvalue(L, key);
        lua_rawsetp(L, -2, &lrl_keykey);  /* a plain view carries its name in its metatable */
        lua_pop(L, 1);
      }
      return 1;
    case LRL_KIND_OBJECT:
      if (type != LUA_TTABLE) return lrl_mismatch(L, c, v, d);
      if (!lrl_checkobject(L, c, v, d)) return 0;
      break;
    case LRL_KIND_ARRAY:
      if (type != LUA_TTABLE) return lrl_mismatch(L, c, v, d);
      if (!lrl_checkarray(L, c, v, d)) return 0;
      break;
    default: return luaL_error(L, "schema check: unknown kind in descriptor");
  }
  if (c->strict) lrl_adopt(L, v, d, parent, key);
  return 1;
}

int lrl_schema_check(lua_State *L) {
  lua_settop(L, 5);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TSTRING);
  if (lua_isnil(L, 5)) {
    lua_pushvalue(L, 3);
    lua_replace(L, 5);
  }
  luaL_checktype(L, 5, LUA_TSTRING);
  lrl_checker c;
  c.strict = lua_toboolean(L, 4);
  c.depth = 1;
  c.steps[0].name = lua_tostring(L, 3);
  c.steps[0].index = 0;
  if (lrl_check(L, &c, 1, 2, 0, 5)) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_insert(L, -3);
  return 3;
}
