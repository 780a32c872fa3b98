-- stage: layout
-- expect: layout.lockScreen.fields[1]: expected a plain table (the host reads fields raw: what a metatable supplies is never read), got a table with a metatable
-- A field whose text comes from its metatable: raw reads would find none.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  local defaults = { text = "Design review" }
  out.lockScreen.fields = { setmetatable({ id = "title" }, { __index = defaults }) }
  return out
end
