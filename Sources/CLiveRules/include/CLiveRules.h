/*
** CLiveRules: the host's own C over Lua's API: rule inputs checked against a pack's schema, the
** read-only views rules see of them, and the rules' output read in one pass. Built on the shim's
** shared utilities (read-only proxies, the defined key order, colour text, suggestions); reached
** from Swift through LuaState.reference(function:), like any C function a host hands to Lua.
*/
#ifndef CLIVERULES_H
#define CLIVERULES_H

#include <stdint.h>
#include <lua.h>

/* What a schema descriptor describes. */
typedef enum lrl_kind {
  LRL_KIND_ANY = 0,      /* anything, unchecked */
  LRL_KIND_STRING = 1,
  LRL_KIND_INTEGER = 2,  /* a Lua integer */
  LRL_KIND_NUMBER = 3,   /* an integer or a float */
  LRL_KIND_BOOL = 4,
  LRL_KIND_DATE = 5,     /* a finite number: Unix seconds */
  LRL_KIND_COLOUR = 6,   /* a string "#RRGGBB" */
  LRL_KIND_ENUM = 7,     /* a string among the descriptor's values */
  LRL_KIND_ARRAY = 8,    /* a sequence of the element descriptor's values */
  LRL_KIND_OBJECT = 9,   /* a table with the descriptor's fields and nothing else */
  LRL_KIND_VIEW = 10     /* anything; a table becomes a read-only view, unchecked inside */
} lrl_kind;

/* Slots of a descriptor (a sequence the host builds). */
enum {
  LRL_D_KIND = 1,      /* an lrl_kind */
  LRL_D_OPTIONAL = 2,  /* boolean: an object field that may be absent */
  LRL_D_NAME = 3,      /* how messages name the type: "date", "[Meeting]", "Meeting" */
  LRL_D_CHILD = 4,     /* object: {field -> descriptor}; array: element descriptor; enum: {value -> true} */
  LRL_D_ORDER = 5,     /* object: field names in declaration order; enum: the values */
  LRL_D_META = 6       /* object, array: metatable of checked tables (lrl_schema_prepare) */
};

/* lua_CFunction: prepare(descriptor) -> descriptor. Gives every object and array descriptor in
** the tree its shared metatable; run once per descriptor before checking. */
int lrl_schema_prepare(lua_State *L);
/* lua_CFunction: check(value, descriptor, rootName, strict [, viewName]) -> value | nil, path,
** message. The value must match the descriptor (objects exactly: no undeclared keys); a mismatch
** returns nil, where (rootName then `.field` and `[index]` steps, 0-based as in host data) and
** what ("expected <type>, got <value>"). Strict: tables are replaced by read-only views that
** raise on undeclared fields (with a suggestion) and on writes, naming paths from viewName
** (default rootName) with Lua's 1-based indices. Raises only when out of memory. */
int lrl_schema_check(lua_State *L);

/* lua_CFunction: rulesbegin() -> nothing: the rules that follow get the call's whole
** instruction and steps allowances (lrl_driver.c). [-0, +0, -] */
int lrl_rules_begin(lua_State *L);
/* The width model (the Placements article's "The width model"), in hundredths of the font size:
** the one definition of its ASCII advances and of "…"'s, which the native text functions below,
** the native layout and the Swift host read from here. lrl_ascii_advance: the advance of byte c < 128. */
#define LRL_ELLIPSIS_UNITS 80
int lrl_ascii_advance(unsigned char c);

/* liverules/text.lua's functions on simple text (lrl_text.c says which), each returning nothing
** for other text, which the host's segmenting functions then take; each charges one step per
** byte of s:
** lua_CFunction: units(s) -> integer | nothing: s's width in hundredths of the font size. */
int lrl_text_units(lua_State *L);
/* lua_CFunction: prefix(s, width, fontSize) -> integer | nothing: the byte length of the longest
** prefix that, with "…" after it, fits width points at fontSize (an exact fit fits, to 1e-9) and
** does not end in whitespace; 0 when none does. */
int lrl_text_prefix(lua_State *L);
/* lua_CFunction: length(s) -> integer | nothing: the number of grapheme clusters. */
int lrl_text_length(lua_State *L);
/* lua_CFunction: trim(s, collapse) -> string | nothing: s without whitespace at either end, every
** run of whitespace inside made one space when collapse; "" when nothing else is left. */
int lrl_text_trim(lua_State *L);

/* lua_CFunction: place(wanted, capacity, slots, defaultSlot, leadSlot, minutes) -> { fields,
** dropped } | nothing. layout.place for one placement (liverules/layout.lua documents it): `slots`
** maps the placement's slot names to { width, fontSize }, `defaultSlot` names the default,
** `leadSlot` (or nil) the slot its first field is measured in; `minutes` true when the placement
** draws a timer without hours as its minutes, which this leaves to the Lua definition. A field's `live` form, a plain table, is
** kept by reference and measured as the Lua definition measures it. Returns nothing when the
** case is not its common one (an entry not a plain well-formed table, a `live` form that is not
** a plain table or whose timer has a metatable, text that is not simple as lrl_text.c defines it): the Lua
** definition then runs and words any error. Charges the bytes it measures to the step budget. */
int lrl_layout_place(lua_State *L);
/* lua_CFunction: wanted(ids, text_of, slot_of, shorten, glyph_of, live_of) -> list | nothing.
** layout.wanted (liverules/layout.lua documents it), calling the rule's functions in the Lua
** definition's order; nothing when an argument is of the wrong type (the Lua definition then
** words the error). Errors of the rule's functions propagate. */
int lrl_layout_wanted(lua_State *L);

/* The rules' output read in one pass (lrl_output.c). */
#define LRL_OUT_IDS 64         /* field ids a fast read tells apart */
#define LRL_OUT_PLACEMENTS 16  /* placements an output holds at most */
#define LRL_OUT_FIELDS 128     /* shown fields, and dropped ids, of all placements together */
/* What an output may legally hold, for both readers (the host's OutputLimits documents them). */
#define LRL_OUT_NAME 64        /* bytes of a name: an id, a phase, a tone, a glyph, a colour */
#define LRL_OUT_TEXT 4096      /* bytes of one text: a badge's, a field's, a fallback, an alert's */
#define LRL_OUT_TEXTS 262144   /* bytes of all the text one read hands the host, each copy counted */
#define LRL_OUT_SECONDS 1e11   /* a date's distance from 1970, in seconds (about 3,000 years) */

/* A string the output table holds: valid while that table is. */
typedef struct lrl_text {
  const char *bytes;  /* NULL: absent */
  size_t length;
} lrl_text;

/* What live form a shown field has. */
#define LRL_OUT_STILL 0     /* none */
#define LRL_OUT_TIMER 1     /* a timer: dates[0] its date */
#define LRL_OUT_PROGRESS 2  /* a progress: dates[0] its start, dates[1] its finish, after it */

/* One shown field. */
typedef struct lrl_outfield {
  int id;          /* 0-based index among the field ids given to lrl_output_prepare */
  lrl_text text;
  lrl_text glyph;  /* absent: no glyph (the spelling is left to the host to check) */
  int live;        /* LRL_OUT_STILL, LRL_OUT_TIMER or LRL_OUT_PROGRESS; the rest only for a live one */
  double dates[2];
  int countsup;    /* a timer counts "up", else "down" */
  int hidehours;   /* a timer reads without hours ("67:20": showsHours = false) */
  lrl_text prefix, suffix;  /* a timer's; absent: not given */
  lrl_text slot;   /* absent: not given (the name is left to the host to check) */
  lua_Integer line;  /* 0: not given; else at least 1 (the slot's lines are the host's to check) */
} lrl_outfield;

/* One placement's layout: fields[fields ..< fields + fieldcount] and
** dropped[dropped ..< dropped + droppedcount] of the output. */
typedef struct lrl_outplacement {
  int fields, fieldcount;
  int dropped, droppedcount;
} lrl_outplacement;

/* What a fast read found. Appearances are light, dark, standByNight; colours 0xRRGGBB as
** background, foreground, accent. The timing was checked as a timed pack's must be. */
typedef struct lrl_output {
  int phase;  /* 0-based index among the phases */
  lrl_text badgetext, badgetone;
  double score;
  int alert;
  lrl_outplacement placements[LRL_OUT_PLACEMENTS];  /* by 0-based index among the placements */
  lrl_outfield fields[LRL_OUT_FIELDS];
  int dropped[LRL_OUT_FIELDS];  /* field id indices */
  int fieldcount, droppedcount;
  uint32_t colours[3][3];
  lrl_text fallbacks[3];
  int timing, hasstale, hasdismissal, hasalert;  /* timing: the output has one */
  double stale, dismissal;
  lrl_text alerttitle, alertbody;
} lrl_output;

/* lua_CFunction: prepare(fieldIds, phases, placements) -> reading table, for lrl_output_read:
** the keys it reads, interned, and the names' 0-based indices. At most LRL_OUT_IDS ids and
** LRL_OUT_PLACEMENTS placements. */
int lrl_output_prepare(lua_State *L);
/* Reads the presentation table at result (absolute index) with the reading table at reading into
** out (an lrl_output): 1 when it has exactly the shape and vocabulary of a presentation (a phase
** among the phases, a layout for every placement and no other, declared ids each shown or
** dropped once, a field's live form a timer { date, counts = "down"|"up", prefix?, suffix? } or a
** progress { start, finish } with finish after start, colours "#RRGGBB", a score in 0...100,
** dates within LRL_OUT_SECONDS, an alert's non-empty text, texts within LRL_OUT_NAME,
** LRL_OUT_TEXT and LRL_OUT_TEXTS), 0 on anything else, which the host's detailed reader then
** explains. Every table it reads must hold exactly the keys it reads: plain tables (read-only
** ones read through, to a table without a metatable), lists with nothing past their length. Raw
** reads only; UTF-8, tones and glyph spellings, and whether a live field's text is its form's
** reading now, are left to the host. Never raises. [-0, +0, -] */
int lrl_output_read(lua_State *L, int result, int reading, void *out);

#endif
