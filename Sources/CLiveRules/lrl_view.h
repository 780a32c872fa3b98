/*
** The read-only views of checked tables (lrl_view.c): what checking (lrl_check.c) notes of where
** a checked table hangs, the view it makes of it, and the __index that a prepared descriptor
** (lrl_descriptor.c) gives the tables checked against it.
*/
#ifndef LRL_VIEW_H
#define LRL_VIEW_H

#include "CLuaShim.h"
#include "CLiveRules.h"

#define LRL_SCHEMA_DEPTH 64  /* deepest value checked (schemas nest far less) */

/* t[&lrl_parentkey]: the table t hangs from; t[&lrl_keykey]: t's key there (or its root name).
** Light userdata keys: pairs over a view skips them. */
extern const char lrl_parentkey, lrl_keykey;

/* Replaces the table at t by a view of it. [-0, +0, m] */
void lrl_makeview(lua_State *L, int t);
/* lua_CFunction: __index(t, key) of a checked table t; upvalue 1 is its descriptor (closed over
** by lrl_schema_prepare). Answers nil for an index past a list's end and for a declared optional
** field that is absent; raises, naming t's path and key, for anything else (with a suggestion
** for an object's unknown field). */
int lrl_viewmiss(lua_State *L);

#endif
