/*
** The schema descriptor as the C side reads it (lrl_descriptor.c): its slots (LRL_D_* in
** CLiveRules.h), the names it declares, and the metatable its checked tables share.
*/
#ifndef LRL_DESCRIPTOR_H
#define LRL_DESCRIPTOR_H

#include "CLuaShim.h"
#include "CLiveRules.h"

/* The integer in slot of the descriptor at d (0 when the slot holds none). [-0, +0, -] */
lua_Integer lrl_slotint(lua_State *L, int d, int slot);
/* Pushes the hint for an unknown name: " — did you mean x?" for the name in the sequence at n
** (a descriptor's LRL_D_ORDER) closest to key, or " (it has: a, b, c)" when none is close.
** [-0, +1, m] */
void lrl_pushhint(lua_State *L, int n, const char *key, size_t lk);

#endif
