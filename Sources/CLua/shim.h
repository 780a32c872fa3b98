/* The system Lua 5.4 headers, found through pkg-config `lua5.4`. */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
