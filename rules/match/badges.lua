-- The badge of each situation, as a table of cases (first match wins). Used by the badge rule
-- and by the layout rule, which shows the badge as a field.
--   Outdated    warning   no fresh update for 3 minutes (see phase.lua)
--   Full time   neutral   the match is over
--   Half time   green     the match is on, paused at half time
--   Live        green     the match is in play
--   Upcoming    neutral   before kick-off
-- `short`, where there is one, is the form for narrow places ("HT", "FT").

local decide = require "liverules.decide"

local cases = decide.first {
  { when = { phase = "stale" },                     text = "Outdated",                tone = "warning" },
  { when = { phase = "after" },                     text = "Full time", short = "FT", tone = "neutral" },
  { when = { phase = "live", status = "halfTime" }, text = "Half time", short = "HT", tone = "green" },
  { when = { phase = "live" },                      text = "Live",                    tone = "green" },
  {                                                 text = "Upcoming",                tone = "neutral" },
}

-- badges.of(input) -> the matching case ({ text, short, tone }) for the rule input.
return {
  of = function(input)
    return cases { phase = input.phase, status = input.facts.status }
  end,
}
