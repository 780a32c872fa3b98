/*
** layout.place's common case, natively: the fields one placement shows, chosen, measured and
** shortened exactly as the Lua definition in liverules/layout.lua does, for a wanted list of
** plain tables (no metatables) whose entries are well formed and whose text is simple (lrl_text.h:
** each scalar one cluster, measured by the width model's advances), charging each
** entry's measuring to the step budget as it goes. A live field (one with a plain `live` table)
** is measured as the Lua definition measures it: a progress on nothing, a timer on its widest
** clock. Each shown field takes a line of its slot as layout.lua's `take_line` gives it. For
** anything else it returns nothing and layout.lua runs its Lua definition, which
** alone raises the errors and records explanations; a test runs both on every golden and on a
** corpus of malformed calls.
*/
#include <string.h>
#include "CLuaShim.h"
#include "CLiveRules.h"
#include "lrl_text.h"

#define LRL_MOST_RENDERINGS 16     /* more renderings than this: the Lua definition */
#define LRL_MOST_SHOWN 64          /* a placement showing more fields: the Lua definition */
#define LRL_ELLIPSIS "\xE2\x80\xA6"
#define LRL_TOLERANCE 1e-9         /* points; text.truncate's "a width equal to the slot's fits" */
#define LRL_LINE_GAP 8             /* points between two fields on one line (layout.lua's LINE_GAP) */
#define LRL_MOST_SLOTS 8           /* a placement with more slots in use: the Lua definition */

/* A slot as layout measures it: its line width, font size (integer when the font size is) and
** lines. */
typedef struct lrl_slot {
  double width;
  lua_Number font;
  lua_Integer fontint;
  int integral;
  lua_Integer lines;
} lrl_slot;

/* A slot's lines taken so far (layout.lua's `lines[name]`): its name, its last line and the
** width its fields use on it. */
typedef struct lrl_lines {
  const char *name;
  size_t length;
  lua_Integer line;
  double used;
} lrl_lines;

/* A rendering: the first `keep` bytes of `text`, followed by "…" when `ellipsis` is set. */
typedef struct lrl_rendering {
  const char *text;
  size_t keep;
  int ellipsis;
} lrl_rendering;

/* Whether c is a decimal digit, as Lua's "%d" in the C locale. */
static int lrl_isdigit(char c) {
  return c >= '0' && c <= '9';
}

/* The width of units at the slot's font size, as Lua computes `units * fontSize / 100`. */
static double lrl_points(const lrl_slot *slot, lua_Integer units) {
  if (slot->integral) return (double)(units * slot->fontint) / 100.0;
  return (double)units * slot->font / 100.0;
}

/* Reads slots[name] (name at index n) into slot; 0 when it is not a slot record. [-0, +0, -] */
static int lrl_readslot(lua_State *L, int slots, int n, lrl_slot *slot) {
  int top = lua_gettop(L);
  lua_pushvalue(L, n);
  int ok = lua_rawget(L, slots) == LUA_TTABLE && lua_getfield(L, top + 1, "width") == LUA_TNUMBER &&
           lua_getfield(L, top + 1, "fontSize") == LUA_TNUMBER && lua_getfield(L, top + 1, "lines") == LUA_TNUMBER &&
           lua_isinteger(L, top + 4);
  if (ok) {
    slot->width = lua_tonumber(L, top + 2);
    slot->integral = lua_isinteger(L, top + 3);
    slot->fontint = lua_tointeger(L, top + 3);
    slot->font = lua_tonumber(L, top + 3);
    slot->lines = lua_tointeger(L, top + 4);
  }
  lua_settop(L, top);
  return ok;
}

/* Whether rendering r is the text of one of the n shown strings. */
static int lrl_isshown(const lrl_rendering *r, const char *const *shown, const size_t *lengths, int n) {
  size_t length = r->keep + (r->ellipsis ? 3 : 0);
  for (int i = 0; i < n; i++) {
    if (lengths[i] != length || memcmp(shown[i], r->text, r->keep) != 0) continue;
    if (!r->ellipsis || memcmp(shown[i] + r->keep, LRL_ELLIPSIS, 3) == 0) return 1;
  }
  return 0;
}

/* text.truncate(s, width, fontSize) of simple text s: s when it fits (with the tolerance), else
** its longest prefix ending in a non-space that fits with "…" after it, and the "…". */
static lrl_rendering lrl_truncate(const char *s, size_t length, const lrl_slot *slot) {
  lrl_rendering r = {s, length, 0};
  double room = slot->width + LRL_TOLERANCE;
  if (lrl_points(slot, lrl_text_width(s, length)) <= room) return r;
  r.keep = lrl_text_cut(s, length, slot->font, room);
  r.ellipsis = 1;
  return r;
}

/* layout.lua's `shortened`: s truncated to the slot, when at least keeps characters are left
** before the "…" (counted as text.length does: one per cluster, one for the "…"). */
static int lrl_shortened(const char *s, size_t length, const lrl_slot *slot, lua_Integer keeps, lrl_rendering *out) {
  lrl_rendering r = lrl_truncate(s, length, slot);
  lua_Integer characters = lrl_text_count(r.text, r.keep) + (r.ellipsis ? 1 : 0);
  if (characters - 1 < keeps) return 0;
  *out = r;
  return 1;
}

/* How a field's renderings are measured (layout.lua's `widest`): as written; on nothing (a live
** form without a timer, a progress: it always fits); on their timer's widest clock. */
typedef enum lrl_measuring { LRL_AS_WRITTEN, LRL_AS_NOTHING, LRL_AS_CLOCK } lrl_measuring;

/* The wanted field being placed: its renderings, how it may be shortened, and how a live field
** is measured. */
typedef struct lrl_field {
  const char *texts[LRL_MOST_RENDERINGS];
  size_t lengths[LRL_MOST_RENDERINGS];
  int count;
  int single;        /* the text was a string, not a list */
  int shortens;
  lua_Integer keeps;
  int live;          /* it has a live form: chosen by layout.lua's `choose_live`, never shortened */
  lrl_measuring measuring;
  const char *prefix, *suffix;  /* LRL_AS_CLOCK: the timer's, held by it */
  size_t prefixlength, suffixlength;
  int countsup;      /* LRL_AS_CLOCK: the timer's counts is "up" */
  int hidehours;     /* LRL_AS_CLOCK: the timer's showsHours is false */
} lrl_field;

/* The shown placement so far: the texts of its fields. */
typedef struct lrl_shown {
  const char *texts[LRL_MOST_SHOWN];
  size_t lengths[LRL_MOST_SHOWN];
  int count;
} lrl_shown;

/* layout.lua's `shortened_from`: the shortening of rendering last (0-based), or of the nearest
** one before it whose shortening is not shown; 1 with *out set, or 0 for none. */
static int lrl_shortenedfrom(const lrl_field *f, int last, const lrl_slot *slot, const lrl_shown *shown,
                             lrl_rendering *out) {
  for (int i = last; i >= 0; i--) {
    lrl_rendering cut;
    if (!lrl_shortened(f->texts[i], f->lengths[i], slot, f->keeps, &cut)) return 0;
    if (!lrl_isshown(&cut, shown->texts, shown->lengths, shown->count)) {
      *out = cut;
      return 1;
    }
  }
  return 0;
}

/* The units the field's text s is measured on (layout.lua's `widest` for a live field): for a
** timer, when s reads prefix, clock, suffix, the clock with every digit a 0, "0:00" made "00:00"
** and, counting up, "00:00" made "0:00:00" ("000:00" without hours); otherwise s as written. */
static lua_Integer lrl_measure(const lrl_field *f, const char *s, size_t length) {
  size_t p = f->prefixlength, q = f->suffixlength;
  if (f->measuring == LRL_AS_NOTHING) return 0;
  if (f->measuring == LRL_AS_WRITTEN || length < p + q || memcmp(s, f->prefix, p) != 0 ||
      memcmp(s + length - q, f->suffix, q) != 0)
    return lrl_text_width(s, length);
  const char *clock = s + p;
  size_t clocklength = length - p - q;
  lua_Integer units = lrl_text_width(s, length);  /* every digit advances as "0" does */
  int short4 = clocklength == 4 && lrl_isdigit(clock[0]) && clock[1] == ':' && lrl_isdigit(clock[2]) && lrl_isdigit(clock[3]);
  int short5 = clocklength == 5 && lrl_isdigit(clock[0]) && lrl_isdigit(clock[1]) && clock[2] == ':' && lrl_isdigit(clock[3]) &&
               lrl_isdigit(clock[4]);
  if (short4) units += lrl_ascii_advance('0');
  if (f->countsup && (short4 || short5)) units += lrl_ascii_advance('0') + (f->hidehours ? 0 : lrl_ascii_advance(':'));
  return units;
}

/* Whether rendering i is not shown yet and fits the slot (layout.lua's `fresh_fit`, and the
** test of `choose_live` for a live field). */
static int lrl_freshfit(const lrl_field *f, int i, const lrl_slot *slot, const lrl_shown *shown) {
  lrl_rendering whole = {f->texts[i], f->lengths[i], 0};
  if (lrl_isshown(&whole, shown->texts, shown->lengths, shown->count)) return 0;
  return lrl_points(slot, lrl_measure(f, f->texts[i], f->lengths[i])) <= slot->width;
}

/* layout.lua's `choose` (`choose_live` for a live field): the rendering shown for the field, 1
** with *out set, or 0 for none. */
static int lrl_choose(const lrl_field *f, const lrl_slot *slot, const lrl_shown *shown, lrl_rendering *out) {
  if (f->live) {
    for (int i = 0; i < f->count; i++) {
      if (lrl_freshfit(f, i, slot, shown)) {
        *out = (lrl_rendering){f->texts[i], f->lengths[i], 0};
        return 1;
      }
    }
    return 0;
  }
  if (f->single) {
    if (lrl_freshfit(f, 0, slot, shown)) {
      *out = (lrl_rendering){f->texts[0], f->lengths[0], 0};
      return 1;
    }
    if (!f->shortens) return 0;
    lrl_rendering cut;
    if (!lrl_shortened(f->texts[0], f->lengths[0], slot, f->keeps, &cut)) return 0;
    if (lrl_isshown(&cut, shown->texts, shown->lengths, shown->count)) return 0;
    *out = cut;
    return 1;
  }
  for (int i = 0; i < f->count; i++) {
    if (f->shortens && i == f->count - 1 && f->count > 1 && lrl_shortenedfrom(f, f->count - 2, slot, shown, out))
      return 1;
    if (lrl_freshfit(f, i, slot, shown)) {
      *out = (lrl_rendering){f->texts[i], f->lengths[i], 0};
      return 1;
    }
  }
  if (f->shortens && f->count == 1) return lrl_shortenedfrom(f, 0, slot, shown, out);
  return 0;
}

/* Reads the renderings of the entry at e (its `text` at index t) into f; 0 when they are not
** a string or a non-empty list (without metatable) of at most LRL_MOST_RENDERINGS simple strings.
** Adds their bytes to *bytes. [-0, +0, -] */
static int lrl_readrenderings(lua_State *L, int t, lrl_field *f, int64_t *bytes) {
  f->count = 0;
  f->single = lua_type(L, t) == LUA_TSTRING;
  if (f->single) {
    f->texts[0] = lua_tolstring(L, t, &f->lengths[0]);
    f->count = 1;
  } else {
    if (lua_type(L, t) != LUA_TTABLE || lua_getmetatable(L, t)) return 0;
    lua_Unsigned count = lua_rawlen(L, t);
    if (count == 0 || count > LRL_MOST_RENDERINGS) return 0;
    for (lua_Unsigned i = 1; i <= count; i++) {
      int type = lua_rawgeti(L, t, (lua_Integer)i);
      /* the list holds the string, so it outlives the pop */
      if (type == LUA_TSTRING) f->texts[f->count] = lua_tolstring(L, -1, &f->lengths[f->count]);
      lua_pop(L, 1);
      if (type != LUA_TSTRING) return 0;
      f->count++;
    }
  }
  for (int i = 0; i < f->count; i++) {
    if (!lrl_text_simple(f->texts[i], f->lengths[i])) return 0;
    *bytes += (int64_t)f->lengths[i];
  }
  return 1;
}

/* Reads the optional text key of the timer at t into *text, *length, held by the value it
** pushes: nil and false read as "" (layout.lua's `timer.prefix or ""`); 0 for any other value
** that is not a string. [-0, +1, -] */
static int lrl_readaffix(lua_State *L, int t, const char *key, const char **text, size_t *length) {
  int type = lua_getfield(L, t, key);
  *text = "";
  *length = 0;
  if (type == LUA_TSTRING) *text = lua_tolstring(L, -1, length);
  return type == LUA_TSTRING || type == LUA_TNIL || (type == LUA_TBOOLEAN && !lua_toboolean(L, -1));
}

/* Reads how the field's renderings are measured from its live form, the value at v, into f; 0
** when the Lua definition must read it (not nil nor a table, or a metatable on it or on its
** timer). When it returns 1 it has pushed the timer, its prefix and its suffix (nils when there
** is no timer table), so that they outlive the field's placing. [-0, +3, -] */
static int lrl_readlive(lua_State *L, int v, lrl_field *f) {
  f->measuring = LRL_AS_WRITTEN;
  f->prefixlength = f->suffixlength = 0;
  f->countsup = f->hidehours = 0;
  f->live = !lua_isnil(L, v);
  if (!f->live) {
    lua_settop(L, lua_gettop(L) + 3);
    return 1;
  }
  if (lua_type(L, v) != LUA_TTABLE || lua_getmetatable(L, v)) return 0;
  int type = lua_getfield(L, v, "timer");
  int timer = lua_gettop(L);
  if (type != LUA_TTABLE) {
    f->measuring = type == LUA_TNIL ? LRL_AS_NOTHING : LRL_AS_WRITTEN;
    lua_settop(L, timer + 2);
    return 1;
  }
  if (lua_getmetatable(L, timer)) return 0;
  int prefix = lrl_readaffix(L, timer, "prefix", &f->prefix, &f->prefixlength);
  int suffix = lrl_readaffix(L, timer, "suffix", &f->suffix, &f->suffixlength);
  size_t countslength = 0;
  const char *counts = lua_getfield(L, timer, "counts") == LUA_TSTRING ? lua_tolstring(L, -1, &countslength) : NULL;
  f->countsup = counts != NULL && countslength == 2 && memcmp(counts, "up", 2) == 0;
  lua_pop(L, 1);
  f->hidehours = lua_getfield(L, timer, "showsHours") == LUA_TBOOLEAN && !lua_toboolean(L, -1);
  lua_pop(L, 1);
  f->measuring = prefix && suffix ? LRL_AS_CLOCK : LRL_AS_WRITTEN;
  return 1;
}

/* The width the chosen rendering r of field f takes on its line (layout.lua's place): a progress
** the slot's, anything else its measure, and a glyph (its spelling glyph, or NULL) its width. */
static double lrl_linewidth(const lrl_field *f, const lrl_rendering *r, const lrl_slot *slot, const char *glyph) {
  double width = slot->width;
  if (r->ellipsis) width = lrl_points(slot, lrl_text_width(r->text, r->keep) + LRL_ELLIPSIS_UNITS);
  else if (f->measuring != LRL_AS_NOTHING) width = lrl_points(slot, lrl_measure(f, r->text, r->keep));
  if (glyph == NULL) return width;
  return width + (strncmp(glyph, "icon:", 5) == 0 ? 16.5 : 8.33);
}

/* layout.lua's `take_line`: the line of the slot named name (of length bytes) a field width points
** wide takes, updating taken (*count slots so far); 0 when the slot's lines are all taken, -1 when
** more slots are in use than LRL_MOST_SLOTS. */
static lua_Integer lrl_takeline(lrl_lines *taken, int *count, const char *name, size_t length, const lrl_slot *slot,
                                double width) {
  for (int i = 0; i < *count; i++) {
    lrl_lines *at = &taken[i];
    if (at->length != length || memcmp(at->name, name, length) != 0) continue;
    if (at->used + LRL_LINE_GAP + width <= slot->width) {
      at->used = at->used + LRL_LINE_GAP + width;
      return at->line;
    }
    if (at->line >= slot->lines) return 0;
    at->line++;
    at->used = width;
    return at->line;
  }
  if (*count >= LRL_MOST_SLOTS) return -1;
  taken[(*count)++] = (lrl_lines){name, length, 1, width};
  return 1;
}

/* Pushes rendering r as a string. [-0, +1, m] */
static void lrl_pushrendering(lua_State *L, const lrl_rendering *r) {
  if (!r->ellipsis) {
    lua_pushlstring(L, r->text, r->keep);
    return;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addlstring(&b, r->text, r->keep);
  luaL_addlstring(&b, LRL_ELLIPSIS, 3);
  luaL_pushresult(&b);
}

int lrl_layout_place(lua_State *L) {
  enum { WANTED = 1, CAPACITY, SLOTS, DEFAULT, LEAD, MINUTES, FIELDS, DROPPED };
  lua_settop(L, MINUTES);
  int minutes = lua_toboolean(L, MINUTES);
  if (lua_type(L, WANTED) != LUA_TTABLE || lua_getmetatable(L, WANTED) || !lua_isinteger(L, CAPACITY) ||
      lua_type(L, SLOTS) != LUA_TTABLE || lua_type(L, DEFAULT) != LUA_TSTRING)
    return 0;
  lua_Integer capacity = lua_tointeger(L, CAPACITY);
  lrl_slot fallback, lead;
  if (!lrl_readslot(L, SLOTS, DEFAULT, &fallback)) return 0;
  int leads = !lua_isnil(L, LEAD);
  if (leads && !lrl_readslot(L, SLOTS, LEAD, &lead)) return 0;
  lua_createtable(L, 4, 0);  /* FIELDS */
  lua_createtable(L, 0, 0);  /* DROPPED */
  lrl_shown shown = {.count = 0};
  lrl_lines taken[LRL_MOST_SLOTS];
  int slotsused = 0;
  lua_Integer dropped = 0;
  for (lua_Integer index = 1;; index++) {
    luaL_checkstack(L, 16, NULL);
    int top = lua_gettop(L);
    int64_t bytes = 16;
    int entrytype = lua_rawgeti(L, WANTED, index);  /* top + 1: the entry */
    if (entrytype == LUA_TNIL) {
      lua_pop(L, 1);
      break;
    }
    int entry = top + 1;
    if (entrytype != LUA_TTABLE || lua_getmetatable(L, entry)) return 0;
    lrl_field f;
    /* top + 2...7: id, shorten, glyph, text, slot, live; top + 8...10: the live form's timer,
    ** prefix and suffix (lrl_readlive) */
    int ok = lua_getfield(L, entry, "id") == LUA_TSTRING;
    int shorten = lua_getfield(L, entry, "shorten");
    int glyph = lua_getfield(L, entry, "glyph");
    lua_getfield(L, entry, "text");
    int slotname = lua_getfield(L, entry, "slot");
    lua_getfield(L, entry, "live");
    ok = ok && (shorten == LUA_TNIL || lua_isinteger(L, top + 3)) && (glyph == LUA_TNIL || glyph == LUA_TSTRING) &&
         lrl_readrenderings(L, top + 5, &f, &bytes) && lrl_readlive(L, top + 7, &f);
    if (!ok || (minutes && f.hidehours)) return 0;
    lrs_charge(L, 4 * bytes);  /* each rendering is measured a few times at most */
    f.shortens = shorten != LUA_TNIL;
    f.keeps = f.shortens ? lua_tointeger(L, top + 3) : 0;
    lrl_slot slot = fallback;
    int name = DEFAULT;
    if (slotname != LUA_TNIL && (slotname != LUA_TSTRING || !lrl_readslot(L, SLOTS, top + 6, &slot))) return 0;
    if (slotname != LUA_TNIL) name = top + 6;
    if (shown.count == 0 && leads) slot = lead, name = LEAD;
    lrl_rendering chosen;
    lua_Integer line = 0;
    if (shown.count < capacity && shown.count < LRL_MOST_SHOWN && lrl_choose(&f, &slot, &shown, &chosen)) {
      size_t namelength;
      const char *namebytes = lua_tolstring(L, name, &namelength);
      line = lrl_takeline(taken, &slotsused, namebytes, namelength, &slot,
                          lrl_linewidth(&f, &chosen, &slot, glyph != LUA_TNIL ? lua_tostring(L, top + 4) : NULL));
      if (line < 0) return 0;
    }
    if (line > 0) {
      lua_createtable(L, 0, 4 + (glyph != LUA_TNIL) + f.live);
      lua_pushvalue(L, top + 2);
      lua_setfield(L, -2, "id");
      lrl_pushrendering(L, &chosen);
      shown.texts[shown.count] = lua_tolstring(L, -1, &shown.lengths[shown.count]);  /* held by the field */
      lua_setfield(L, -2, "text");
      if (glyph != LUA_TNIL) {
        lua_pushvalue(L, top + 4);
        lua_setfield(L, -2, "glyph");
      }
      if (f.live) {
        lua_pushvalue(L, top + 7);
        lua_setfield(L, -2, "live");
      }
      lua_pushvalue(L, name);
      lua_setfield(L, -2, "slot");
      lua_pushinteger(L, line);
      lua_setfield(L, -2, "line");
      shown.count++;
      lua_rawseti(L, FIELDS, shown.count);
    } else if (shown.count >= LRL_MOST_SHOWN) {
      return 0;
    } else {
      lua_pushvalue(L, top + 2);
      lua_rawseti(L, DROPPED, ++dropped);
    }
    lua_settop(L, top);
  }
  lua_createtable(L, 0, 2);
  lua_pushvalue(L, FIELDS);
  lua_setfield(L, -2, "fields");
  lua_pushvalue(L, DROPPED);
  lua_setfield(L, -2, "dropped");
  return 1;
}

/* Unless the value at f is nil: sets field key of the table at id + 2 to f(value at id), which
** may raise. [-0, +0, e] */
static void lrl_setcalled(lua_State *L, int f, int id, const char *key) {
  if (lua_isnil(L, f)) return;
  lua_pushvalue(L, f);
  lua_pushvalue(L, id);
  lua_call(L, 1, 1);
  lua_setfield(L, id + 2, key);
}

int lrl_layout_wanted(lua_State *L) {
  enum { IDS = 1, TEXT_OF, SLOT_OF, SHORTEN, GLYPH_OF, LIVE_OF, WANTED };
  lua_settop(L, LIVE_OF);
  if (lua_type(L, IDS) != LUA_TTABLE || lua_type(L, TEXT_OF) != LUA_TFUNCTION ||
      (!lua_isnil(L, SLOT_OF) && lua_type(L, SLOT_OF) != LUA_TFUNCTION) ||
      (!lua_isnil(L, SHORTEN) && lua_type(L, SHORTEN) != LUA_TTABLE) ||
      (!lua_isnil(L, GLYPH_OF) && lua_type(L, GLYPH_OF) != LUA_TFUNCTION) ||
      (!lua_isnil(L, LIVE_OF) && lua_type(L, LIVE_OF) != LUA_TFUNCTION))
    return 0;
  lua_createtable(L, 8, 0);  /* WANTED */
  lua_Integer count = 0;
  for (lua_Integer index = 1;; index++) {
    luaL_checkstack(L, 8, NULL);
    lrs_charge(L, 4);
    if (lua_geti(L, IDS, index) == LUA_TNIL) break;  /* as ipairs: up to the first nil */
    int id = lua_gettop(L);
    lua_pushvalue(L, TEXT_OF);
    lua_pushvalue(L, id);
    lua_call(L, 1, 1);  /* id + 1: the text */
    if (lua_isnil(L, id + 1)) {
      lua_settop(L, id - 1);
      continue;
    }
    lua_createtable(L, 0, 6);  /* id + 2: the entry, its values in the Lua definition's order */
    lua_pushvalue(L, id);
    lua_setfield(L, id + 2, "id");
    lua_pushvalue(L, id + 1);
    lua_setfield(L, id + 2, "text");
    lrl_setcalled(L, SLOT_OF, id, "slot");
    if (!lua_isnil(L, SHORTEN)) {
      lua_pushvalue(L, id);
      lua_gettable(L, SHORTEN);
      lua_setfield(L, id + 2, "shorten");
    }
    lrl_setcalled(L, GLYPH_OF, id, "glyph");
    lrl_setcalled(L, LIVE_OF, id, "live");
    lua_rawseti(L, WANTED, ++count);
    lua_settop(L, id - 1);
  }
  lua_settop(L, WANTED);
  return 1;
}
