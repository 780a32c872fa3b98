/*
** What the evaluation driver (Driver/driver.lua) asks of C beyond the schema check.
*/
#include "CLiveRules.h"
#include "CLuaShim.h"

/* lua_CFunction: rulesbegin() -> nothing. The driver calls it once the inputs are checked, just
** before the first rule: the rules get the call's whole instruction and steps allowances, so whether the
** driver checked an input afresh or reused the view it kept from the presentation before, a
** rule's budget, and so its outcome, is the same. Only the driver holds it (an argument of its
** chunk): a rule cannot renew its own allowance. [-0, +0, -] */
int lrl_rules_begin(lua_State *L) {
  lrs_freshinstructions(L);
  return 0;
}
