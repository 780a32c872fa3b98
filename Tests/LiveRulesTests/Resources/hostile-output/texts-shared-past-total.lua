-- stage: layout
-- expect: layout.standBy.fields[9].text: expected at most 262144 bytes of text in all (a string counts each time it is read), got 4096 more bytes after 258775
-- Eleven fields of one shared 4,096-byte text in every placement: each list and each text is
-- legal, together 88 copies (352 KiB) pass the 256 KiB the host copies out of one output.
-- Placements are read in their fixed order, so the one at fault is the same on every run.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  local text = string.rep("y", 4096)
  local ids = { "badge", "title", "location", "countdown", "startTime", "progress", "remaining", "runningLate",
                "lateConfirmation", "nextTitle", "nextCountdown" }
  for _, placement in pairs(out) do
    local fields = {}
    for i, id in ipairs(ids) do fields[i] = { id = id, text = text } end
    placement.fields, placement.dropped = fields, {}
  end
  return out
end
