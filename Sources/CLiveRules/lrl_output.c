/*
** The rules' output read in one pass: the driver's presentation table walked with raw reads,
** its shapes and vocabularies checked, and what the host builds its presentation from written
** to an lrl_output. It only ever answers "read" or "not read": any doubt (a wrong type, an
** unknown id, a colour that is not one, a table too large for the output's room, a key it does
** not read, a text past its bound) is left to the host's detailed reader, which names the
** problem. Sizes are checked before anything is walked. Nothing here raises or allocates.
*/
#include <math.h>
#include <string.h>
#include "CLuaShim.h"
#include "CLiveRules.h"

/* Slots of the reading table (lrl_output_prepare): the keys read, interned once, then the
** lookups from a name to its 0-based index, then how many placements there are. */
enum {
  K_PROBLEM = 1, K_PHASE, K_BADGE, K_TEXT, K_TONE, K_RELEVANCE, K_SCORE, K_ALERT, K_LAYOUT,
  K_FIELDS, K_DROPPED, K_ID, K_GLYPH, K_PALETTE, K_LIGHT, K_DARK, K_STANDBYNIGHT, K_BACKGROUND,
  K_FOREGROUND, K_ACCENT, K_FALLBACK, K_TIMING, K_STALE, K_DISMISSAL, K_TITLE, K_BODY, K_LIVE,
  K_TIMER, K_DATE, K_COUNTS, K_PREFIX, K_SUFFIX, K_SHOWSHOURS, K_PROGRESS, K_START, K_FINISH, K_SLOT,
  K_LINE, K_FIELDIDS, K_PHASES, K_PLACEMENTS, K_PLACEMENTCOUNT
};

static const char *const lrl_outkeys[] = {
  "problem", "phase", "badge", "text", "tone", "relevance", "score", "alert", "layout",
  "fields", "dropped", "id", "glyph", "palette", "light", "dark", "standByNight", "background",
  "foreground", "accent", "fallback", "timing", "stale", "dismissal", "title", "body", "live",
  "timer", "date", "counts", "prefix", "suffix", "showsHours", "progress", "start", "finish", "slot",
  "line"
};

#define LRL_OUT_SLOTS 16  /* stack slots a read uses at most */

/* Pushes {name -> 0-based index} for the sequence of names at n. [-0, +1, m] */
static void lrl_pushindices(lua_State *L, int n) {
  lua_Integer count = (lua_Integer)lua_rawlen(L, n);
  lua_createtable(L, 0, (int)count);
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, n, i);
    lua_pushinteger(L, i - 1);
    lua_rawset(L, -3);
  }
}

int lrl_output_prepare(lua_State *L) {
  for (int i = 1; i <= 3; i++) luaL_checktype(L, i, LUA_TTABLE);
  luaL_argcheck(L, lua_rawlen(L, 1) <= LRL_OUT_IDS, 1, "more field ids than a fast read tells apart");
  luaL_argcheck(L, lua_rawlen(L, 3) <= LRL_OUT_PLACEMENTS, 3, "more placements than a fast read holds");
  lua_createtable(L, K_PLACEMENTCOUNT, 0);
  for (int k = K_PROBLEM; k < K_FIELDIDS; k++) {
    lua_pushstring(L, lrl_outkeys[k - 1]);
    lua_rawseti(L, -2, k);
  }
  for (int i = 1; i <= 3; i++) {
    lrl_pushindices(L, i);
    lua_rawseti(L, -2, K_FIELDIDS + i - 1);
  }
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 3));
  lua_rawseti(L, -2, K_PLACEMENTCOUNT);
  return 1;
}

/* One read: where the reading table and its lookups are on the stack, and what it fills. Every
** stack index the reader's functions take is absolute. */
typedef struct lrl_reader {
  lua_State *L;
  int keys, ids, phases, placements;
  lrl_output *out;
  size_t textleft;  /* bytes of text the read may still hand the host (LRL_OUT_TEXTS) */
} lrl_reader;

/* Pushes t[key] (raw) for the key in slot k; returns its type. [-0, +1, -] */
static int lrl_get(const lrl_reader *r, int t, int k) {
  lua_rawgeti(r->L, r->keys, k);
  return lua_rawget(r->L, t);
}

/* The value at i as text of at most most bytes, charged to the read's text budget; 0 when it is
** not a string or does not fit. */
static int lrl_astext(lrl_reader *r, int i, size_t most, lrl_text *text) {
  if (lua_type(r->L, i) != LUA_TSTRING) return 0;
  text->bytes = lua_tolstring(r->L, i, &text->length);
  if (text->length > most || text->length > r->textleft) return 0;
  r->textleft -= text->length;
  return 1;
}

/* The string field k of the table at t, of at most most bytes; 0 when it is not one.
** [-0, +0, -] */
static int lrl_gettext(lrl_reader *r, int t, int k, size_t most, lrl_text *text) {
  lrl_get(r, t, k);
  int ok = lrl_astext(r, -1, most, text);
  lua_pop(r->L, 1);
  return ok;
}

/* The optional string field k: absent gives text with no bytes. [-0, +0, -] */
static int lrl_getoptionaltext(lrl_reader *r, int t, int k, size_t most, lrl_text *text) {
  text->bytes = NULL;
  text->length = 0;
  lrl_get(r, t, k);
  int ok = lua_isnil(r->L, -1) || lrl_astext(r, -1, most, text);
  lua_pop(r->L, 1);
  return ok;
}

/* Replaces a read-only table at i by the table behind it; whether the value there is then a
** table without a metatable, the only kind the host reads. [-0, +0, -] */
static int lrl_plaintable(lua_State *L, int i) {
  if (lua_type(L, i) != LUA_TTABLE) return 0;
  lrs_readthrough(L, i);
  if (!lua_getmetatable(L, i)) return 1;
  lua_pop(L, 1);
  return 0;
}

/* Whether the table at t holds exactly count keys; counts no further than count + 1.
** [-0, +0, -] */
static int lrl_haskeys(lua_State *L, int t, lua_Integer count) {
  lua_Integer found = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (++found > count) {
      lua_pop(L, 1);
      return 0;
    }
  }
  return found == count;
}

/* Pushes the plain table in field k; 0 with nothing pushed when it is not one. [-0, +(0|1), -] */
static int lrl_gettable(const lrl_reader *r, int t, int k) {
  lrl_get(r, t, k);
  if (lrl_plaintable(r->L, lua_gettop(r->L))) return 1;
  lua_pop(r->L, 1);
  return 0;
}

/* The number field k, finite; 0 otherwise. [-0, +0, -] */
static int lrl_getnumber(const lrl_reader *r, int t, int k, double *value) {
  int ok = lrl_get(r, t, k) == LUA_TNUMBER;
  *value = ok ? lua_tonumber(r->L, -1) : 0;
  lua_pop(r->L, 1);
  return ok && isfinite(*value);
}

/* The 0-based index the lookup table at l gives the string at i; -1 when it gives none. */
static lua_Integer lrl_lookup(const lrl_reader *r, int i, int l) {
  lua_State *L = r->L;
  if (lua_type(L, i) != LUA_TSTRING) return -1;
  lua_pushvalue(L, i);
  int isinteger = 0;
  lua_Integer index = lua_rawget(L, l) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isinteger) : -1;
  lua_pop(L, 1);
  return isinteger ? index : -1;
}

/* The 0-based index of the hex digit ch, or -1. */
static int lrl_hexdigit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* The colour field k as 0xRRGGBB; 0 when it is not "#RRGGBB" text. [-0, +0, -] */
static int lrl_getcolour(lrl_reader *r, int t, int k, uint32_t *rgb) {
  lrl_text text;
  if (!lrl_gettext(r, t, k, LRL_OUT_NAME, &text) || !lrs_iscolourtext(text.bytes, text.length)) return 0;
  *rgb = 0;
  for (int i = 1; i < 7; i++) *rgb = *rgb << 4 | (uint32_t)lrl_hexdigit(text.bytes[i]);
  return 1;
}

/* Reads the id at i into *id: a declared id not in seen, which it joins. [-0, +0, -] */
static int lrl_readid(const lrl_reader *r, int i, uint64_t *seen, int *id) {
  lua_Integer index = lrl_lookup(r, i, r->ids);
  if (index < 0 || (*seen >> index & 1)) return 0;
  *seen |= (uint64_t)1 << index;
  *id = (int)index;
  return 1;
}

/* The date field k, within LRL_OUT_SECONDS of 1970; 0 otherwise. [-0, +0, -] */
static int lrl_getdate(const lrl_reader *r, int t, int k, double *seconds) {
  return lrl_getnumber(r, t, k, seconds) && fabs(*seconds) <= LRL_OUT_SECONDS;
}

/* Whether text is the spelling word. */
static int lrl_spells(lrl_text text, const char *word) {
  return text.length == strlen(word) && memcmp(text.bytes, word, text.length) == 0;
}

/* The optional boolean field k: 1 when absent or true, 0 when false in *shows; whether it is
** absent or a boolean. [-0, +0, -] */
static int lrl_getoptionalshows(lrl_reader *r, int t, int k, int *shows, int *present) {
  lrl_get(r, t, k);
  int type = lua_type(r->L, -1);
  *present = type != LUA_TNIL;
  *shows = type != LUA_TBOOLEAN || lua_toboolean(r->L, -1);
  lua_pop(r->L, 1);
  return type == LUA_TNIL || type == LUA_TBOOLEAN;
}

/* Reads the timer at t into field: { date, counts = "down"|"up", prefix?, suffix?, showsHours? }.
** [-0, +0, -] */
static int lrl_readtimer(lrl_reader *r, int t, lrl_outfield *field) {
  lrl_text counts;
  int shows, present;
  if (!lrl_getdate(r, t, K_DATE, &field->dates[0]) || !lrl_gettext(r, t, K_COUNTS, LRL_OUT_NAME, &counts) ||
      !lrl_getoptionaltext(r, t, K_PREFIX, LRL_OUT_TEXT, &field->prefix) ||
      !lrl_getoptionaltext(r, t, K_SUFFIX, LRL_OUT_TEXT, &field->suffix) ||
      !lrl_getoptionalshows(r, t, K_SHOWSHOURS, &shows, &present) ||
      !lrl_haskeys(r->L, t, 2 + (field->prefix.bytes != NULL) + (field->suffix.bytes != NULL) + present))
    return 0;
  field->hidehours = !shows;
  field->live = LRL_OUT_TIMER;
  field->countsup = lrl_spells(counts, "up");
  return field->countsup || lrl_spells(counts, "down");
}

/* Reads the progress at t into field: { start, finish }, finish after start. [-0, +0, -] */
static int lrl_readprogress(const lrl_reader *r, int t, lrl_outfield *field) {
  field->live = LRL_OUT_PROGRESS;
  return lrl_getdate(r, t, K_START, &field->dates[0]) && lrl_getdate(r, t, K_FINISH, &field->dates[1]) &&
         field->dates[1] > field->dates[0] && lrl_haskeys(r->L, t, 2);
}

/* Reads the live form of the field at f into field, LRL_OUT_STILL when it has none: a plain
** table holding one timer or one progress, itself a plain table. [-0, +0, -] */
static int lrl_readlive(lrl_reader *r, int f, lrl_outfield *field) {
  lua_State *L = r->L;
  field->live = LRL_OUT_STILL;
  field->hidehours = 0;
  int live = lua_gettop(L) + 1;
  int ok = lrl_get(r, f, K_LIVE) == LUA_TNIL;
  if (!ok && lrl_plaintable(L, live) && lrl_haskeys(L, live, 1)) {
    if (lrl_gettable(r, live, K_TIMER)) ok = lrl_readtimer(r, live + 1, field);
    else if (lrl_gettable(r, live, K_PROGRESS)) ok = lrl_readprogress(r, live + 1, field);
  }
  lua_settop(L, live - 1);
  return ok;
}

/* Reads one placement's layout, the table at e. [-0, +0, -] */
static int lrl_readplacement(lrl_reader *r, int e, lrl_outplacement *placement) {
  lua_State *L = r->L;
  lrl_output *out = r->out;
  uint64_t seen = 0;
  int top = lua_gettop(L);
  if (!lrl_gettable(r, e, K_FIELDS)) return 0;
  int list = top + 1;
  lua_Integer count = (lua_Integer)lua_rawlen(L, list);
  if (count > LRL_OUT_FIELDS - out->fieldcount || !lrl_haskeys(L, list, count)) return 0;
  placement->fields = out->fieldcount;
  placement->fieldcount = (int)count;
  for (lua_Integer i = 1; i <= count; i++) {
    lrl_outfield *field = &out->fields[out->fieldcount++];
    lua_rawgeti(L, list, i);
    int f = list + 1;
    if (!lrl_plaintable(L, f)) return 0;
    lrl_get(r, f, K_ID);
    if (!lrl_readid(r, f + 1, &seen, &field->id)) return 0;
    lua_pop(L, 1);
    /* id, text, an optional glyph, live form, slot and line (an integer from 1), nothing else */
    if (!lrl_gettext(r, f, K_TEXT, LRL_OUT_TEXT, &field->text) ||
        !lrl_getoptionaltext(r, f, K_GLYPH, LRL_OUT_NAME, &field->glyph) || !lrl_readlive(r, f, field) ||
        !lrl_getoptionaltext(r, f, K_SLOT, LRL_OUT_NAME, &field->slot)) return 0;
    int line = lrl_get(r, f, K_LINE);
    field->line = line == LUA_TNIL ? 0 : lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
    lua_pop(L, 1);
    if (field->line < 0 || (line != LUA_TNIL && field->line == 0) ||
        !lrl_haskeys(L, f, 2 + (field->glyph.bytes != NULL) + (field->live != LRL_OUT_STILL) + (field->slot.bytes != NULL) +
                               (line != LUA_TNIL))) return 0;
    lua_settop(L, list);
  }
  lua_settop(L, top);
  placement->dropped = out->droppedcount;
  placement->droppedcount = 0;
  int dropped = lrl_get(r, e, K_DROPPED) != LUA_TNIL;
  if (!lrl_haskeys(L, e, 1 + dropped)) return 0;
  if (!dropped) {
    lua_settop(L, top);
    return 1;
  }
  if (!lrl_plaintable(L, list)) return 0;
  count = (lua_Integer)lua_rawlen(L, list);
  if (count > LRL_OUT_FIELDS - out->droppedcount || !lrl_haskeys(L, list, count)) return 0;
  placement->droppedcount = (int)count;
  for (lua_Integer i = 1; i <= count; i++) {
    lua_rawgeti(L, list, i);
    if (!lrl_readid(r, list + 1, &seen, &out->dropped[out->droppedcount++])) return 0;
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  return 1;
}

/* Reads the layout, the table at l: a table for every placement and nothing else. */
static int lrl_readlayout(lrl_reader *r, int l, int placements) {
  lua_State *L = r->L;
  int found = 0;
  lua_pushnil(L);
  while (lua_next(L, l)) {
    lua_Integer index = lrl_lookup(r, l + 1, r->placements);
    if (index < 0 || !lrl_plaintable(L, l + 2)) return 0;
    if (!lrl_readplacement(r, l + 2, &r->out->placements[index])) return 0;
    found++;
    lua_pop(L, 1);
  }
  return found == placements;
}

/* Reads one appearance of the palette at p into slot a of the output. [-0, +0, -] */
static int lrl_readappearance(lrl_reader *r, int p, int k, int a) {
  if (!lrl_gettable(r, p, k)) return 0;
  int look = lua_gettop(r->L);
  uint32_t *colours = r->out->colours[a];
  lrl_text *fallback = &r->out->fallbacks[a];
  int ok = lrl_getcolour(r, look, K_BACKGROUND, &colours[0]) && lrl_getcolour(r, look, K_FOREGROUND, &colours[1]) &&
           lrl_getcolour(r, look, K_ACCENT, &colours[2]) && lrl_getoptionaltext(r, look, K_FALLBACK, LRL_OUT_TEXT, fallback) &&
           lrl_haskeys(r->L, look, fallback->bytes ? 4 : 3);
  lua_pop(r->L, 1);
  return ok;
}

/* Reads the timing, the table at t: dates in range, an alert's title and body non-empty. */
static int lrl_readtiming(lrl_reader *r, int t) {
  lrl_output *out = r->out;
  out->hasstale = lrl_get(r, t, K_STALE) != LUA_TNIL;
  lua_pop(r->L, 1);
  if (out->hasstale && !lrl_getdate(r, t, K_STALE, &out->stale)) return 0;
  out->hasdismissal = lrl_get(r, t, K_DISMISSAL) != LUA_TNIL;
  lua_pop(r->L, 1);
  if (out->hasdismissal && !lrl_getdate(r, t, K_DISMISSAL, &out->dismissal)) return 0;
  out->hasalert = lrl_get(r, t, K_ALERT) != LUA_TNIL;
  lua_pop(r->L, 1);
  if (!lrl_haskeys(r->L, t, out->hasstale + out->hasdismissal + out->hasalert)) return 0;
  if (!out->hasalert) return !out->alert;
  if (!lrl_gettable(r, t, K_ALERT)) return 0;
  int alert = lua_gettop(r->L);
  int ok = lrl_gettext(r, alert, K_TITLE, LRL_OUT_TEXT, &out->alerttitle) &&
           lrl_gettext(r, alert, K_BODY, LRL_OUT_TEXT, &out->alertbody) &&
           out->alerttitle.length > 0 && out->alertbody.length > 0 && lrl_haskeys(r->L, alert, 2);
  lua_pop(r->L, 1);
  return ok;
}

/* Reads the presentation at p; the stack above p is the reader's. */
static int lrl_readoutput(lrl_reader *r, int p, int placements) {
  lua_State *L = r->L;
  lrl_output *out = r->out;
  if (lrl_get(r, p, K_PROBLEM) != LUA_TNIL) return 0;
  lua_pop(L, 1);
  lrl_get(r, p, K_PHASE);
  lua_Integer phase = lrl_lookup(r, lua_gettop(L), r->phases);
  lua_pop(L, 1);
  if (phase < 0) return 0;
  out->phase = (int)phase;
  if (!lrl_gettable(r, p, K_BADGE)) return 0;
  int badge = lua_gettop(L);
  if (!lrl_gettext(r, badge, K_TEXT, LRL_OUT_TEXT, &out->badgetext) ||
      !lrl_gettext(r, badge, K_TONE, LRL_OUT_NAME, &out->badgetone) || !lrl_haskeys(L, badge, 2)) return 0;
  lua_pop(L, 1);
  if (!lrl_gettable(r, p, K_RELEVANCE)) return 0;
  int relevance = lua_gettop(L);
  if (!lrl_getnumber(r, relevance, K_SCORE, &out->score) || out->score < 0 || out->score > 100) return 0;
  if (lrl_get(r, relevance, K_ALERT) != LUA_TBOOLEAN || !lrl_haskeys(L, relevance, 2)) return 0;
  out->alert = lua_toboolean(L, -1);
  lua_settop(L, relevance - 1);
  if (!lrl_gettable(r, p, K_LAYOUT) || !lrl_readlayout(r, lua_gettop(L), placements)) return 0;
  lua_pop(L, 1);
  if (!lrl_gettable(r, p, K_PALETTE)) return 0;
  int palette = lua_gettop(L);
  if (!lrl_haskeys(L, palette, 3) || !lrl_readappearance(r, palette, K_LIGHT, 0) || !lrl_readappearance(r, palette, K_DARK, 1) ||
      !lrl_readappearance(r, palette, K_STANDBYNIGHT, 2)) return 0;
  lua_pop(L, 1);
  out->timing = lrl_get(r, p, K_TIMING) != LUA_TNIL;
  lua_pop(L, 1);
  if (!out->timing) return 1;
  if (!lrl_gettable(r, p, K_TIMING)) return 0;
  return lrl_readtiming(r, lua_gettop(L));
}

int lrl_output_read(lua_State *L, int result, int reading, void *out) {
  if (!lua_checkstack(L, LRL_OUT_SLOTS)) return 0;
  int top = lua_gettop(L);
  lrl_reader r = { L, reading, top + 1, top + 2, top + 3, out, LRL_OUT_TEXTS };
  r.out->fieldcount = 0;
  r.out->droppedcount = 0;
  lua_rawgeti(L, reading, K_FIELDIDS);
  lua_rawgeti(L, reading, K_PHASES);
  lua_rawgeti(L, reading, K_PLACEMENTS);
  lua_rawgeti(L, reading, K_PLACEMENTCOUNT);
  int placements = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  int ok = lrl_readoutput(&r, result, placements);
  lua_settop(L, top);
  return ok;
}
