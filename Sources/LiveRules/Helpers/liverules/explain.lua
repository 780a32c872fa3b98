-- liverules.explain: what the helpers tell the host about how an output came to be, when the
-- host explains (`liverules eval --explain`, Presenter.explain); not meant for rules, which
-- call the global `note(...)`. When the host does not explain, `on` is false, `record` and
-- `rows` are nil and `note` does nothing: helpers test `on` (once, where they are built, where
-- they can) so that presenting pays nothing for explaining.
--   explain.on                 whether the host records explanations
--   explain.record(entry)      records { kind, output, summary, ... } at the rule line calling
--                              the helper (or at entry.file/entry.line); output "" is the
--                              stage's own (the rule that was running)
--   explain.rows(count)        -> file, lines: the pack file calling the helper and the line of
--                              each of the `count` rows of the table written at the calling
--                              line (file nil outside the pack; lines empty when not found)
--   explain.note(...)          the global `note`: its arguments, as tostring shows them,
--                              separated by spaces, as an author note

local support = require "liverules.support"

local M = {}

M.on = support.host("explains", "liverules.explain")()

if M.on then
  M.record = support.host("explain", "liverules.explain")
  M.rows = support.host("explain_rows", "liverules.explain")

  function M.note(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    M.record { kind = "note", output = "", summary = table.concat(parts, " ") }
  end
else
  function M.note() end
end

return M
