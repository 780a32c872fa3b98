-- The badge of each situation, as a table of cases (first match wins). Used by the badge
-- rule and by the layout rule, which shows the badge as a field.

local decide = require "liverules.decide"

local ONGOING = { "progress", "combo" }

local cases = decide.first {
  { when = { phase = ONGOING, last = true },  text = "Last in progress", tone = "green" },
  { when = { phase = ONGOING },               text = "In progress",      tone = "green" },
  { when = { phase = "done" },                text = "All done",         tone = "neutral" },
  { when = { only = true },                   text = "Next up",          tone = "neutral" },
  { when = { first = true },                  text = "First up",         tone = "neutral" },
  { when = { last = true },                   text = "Last up",          tone = "neutral" },
  {                                           text = "Next up",          tone = "neutral" },
}

-- badges.of(input) -> the matching case ({ text, tone }) for the rule input.
return {
  of = function(input)
    local facts = input.facts
    return cases {
      phase = input.phase,
      only = facts.count == 1,
      first = facts.index == 1,
      last = facts.index ~= nil and facts.index == facts.count,
    }
  end,
}
