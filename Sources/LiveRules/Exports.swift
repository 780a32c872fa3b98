// The Lua layer's types that this module's public API uses, so that an app importing
// LiveRules alone can name them (an engine's budgets, the errors a presentation wraps).
@_exported import enum Lua.LuaBudgetMode
@_exported import enum Lua.LuaError
@_exported import struct Lua.LuaLimits
