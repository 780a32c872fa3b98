-- The badge of each situation, as a table of cases (first match wins). Used by the badge
-- rule and by the layout rule, which shows the badge as a field.
-- "First" and "last" are the phase rule's facts: the first meeting in start order, and the
-- one that leaves nothing of the day once it ends. A meeting that starts inside a longer one is
-- "In progress", never "Last in progress": the longer one is still to finish (and is "Last in
-- progress" once it is current again, if nothing follows it).

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
      first = facts.first == true,
      last = facts.last == true,
    }
  end,
}
