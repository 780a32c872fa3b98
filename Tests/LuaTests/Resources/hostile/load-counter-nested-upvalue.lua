-- expect: runtime: undefined global 'load'
-- Hides the counter one function deeper: a function inside a function of the loaded chunk assigns the chunk's top-level local. Rules have no load at all now (were it back, the purity check would have to refuse it: "a function assigns"). Stock lua5.4 runs it and returns 3.
local source = [[
local seen = 0
return function()
  return function() seen = seen + 1 return seen end
end
]]
local chunk, message = load(source)
if not chunk then error(message) end
local make = chunk()
return make()() + make()()
