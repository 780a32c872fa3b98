/*
** CLiveRules: the host's own C over Lua's API: rule inputs checked against a pack's schema, and
** the read-only views rules see of them. Built on the shim's shared utilities (read-only proxies,
** the defined key order, colour text, suggestions); reached from Swift through
** LuaState.reference(function:), like any C function a host hands to Lua.
*/
#ifndef CLIVERULES_H
#define CLIVERULES_H

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

/* lua_CFunction: place(wanted, capacity, slots, defaultSlot, leadSlot) -> { fields, dropped } |
** nothing. layout.place for one placement (liverules/layout.lua documents it): `slots` maps the
** placement's slot names to { width, fontSize }, `defaultSlot` names the default, `leadSlot`
** (or nil) the slot its first field is measured in. Returns nothing when the case is not its
** common one (an entry not a plain well-formed table, text beyond ASCII or with "\r"): the Lua
** definition then runs and words any error. Charges the bytes it measures to the step budget. */
int lrl_layout_place(lua_State *L);
/* lua_CFunction: wanted(ids, text_of, slot_of, shorten, glyph_of) -> list | nothing.
** layout.wanted (liverules/layout.lua documents it), calling the rule's functions in the Lua
** definition's order; nothing when an argument is of the wrong type (the Lua definition then
** words the error). Errors of the rule's functions propagate. */
int lrl_layout_wanted(lua_State *L);

#endif
