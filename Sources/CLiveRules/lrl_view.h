/*
** What checking (lrl_check.c) and views (lrl_view.c) share: where a checked table hangs.
*/
#ifndef LRL_VIEW_H
#define LRL_VIEW_H

#include "CLuaShim.h"
#include "CLiveRules.h"

#define LRL_SCHEMA_DEPTH 64  /* deepest value checked (schemas nest far less) */

/* t[&lrl_parentkey]: the table t hangs from; t[&lrl_keykey]: t's key there (or its root name).
** Light userdata keys: pairs over a view skips them. */
extern const char lrl_parentkey, lrl_keykey;

/* The integer in slot of the descriptor at d. [-0, +0, -] */
lua_Integer lrl_slotint(lua_State *L, int d, int slot);
/* Pushes the hint for an unknown name: " — did you mean x?" for the name in the sequence at n
** closest to key, or " (it has: a, b, c)" when none is close. [-0, +1, m] */
void lrl_pushhint(lua_State *L, int n, const char *key, size_t lk);
/* Replaces the table at t by a view of it. [-0, +0, m] */
void lrl_makeview(lua_State *L, int t);

#endif
