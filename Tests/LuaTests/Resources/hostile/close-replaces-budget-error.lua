-- expect: instructions
-- A __close that raises a plain error while a budget error unwinds, hoping pcall then swallows it.
while true do
  pcall(function()
    local decoy <close> = setmetatable({}, { __close = function() error("just a plain error") end })
    while true do end
  end)
end
