/*
** Which Lua this shim was built with.
*/
#include "CLuaShim.h"

/* The release of the Lua headers the shim was compiled against, e.g. "Lua 5.4.6" (LUA_RELEASE).
** Touches no state. */
const char *lrs_release(void) { return LUA_RELEASE; }
