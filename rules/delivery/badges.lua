-- The badge of each situation, as a table of cases (first match wins). Used by the badge rule
-- and by the layout rule, which shows the badge as a field before the step: where the step
-- would only repeat it ("On the way" when "Sam is on the way" does not fit), the step is
-- dropped, as liverules.layout never shows the same text twice in a placement.
--   Scheduled     neutral   no activity yet (phase none)
--   Arrived       green     at the door, late or not
--   Very late     critical  more than 10 minutes past the promised time
--   Running late  warning   past the promised time, or the ETA is after it
--   On the way    green     the courier is on the way, on time
--   Packing       neutral   the store is packing the order, on time
--   Order placed  neutral   the order is in, on time
-- The promised time itself is on time: late starts the second after it. "N min late" counts a
-- started minute as a whole one, so "10 min late" is still "Running late" and 10:01 is "Very late".
-- `short` is the form for the compact and minimal island.

local decide = require "liverules.decide"

local cases = decide.first {
  { when = { phase = "none" },        text = "Scheduled",                  tone = "neutral" },
  { when = { phase = "arrived" },     text = "Arrived",      short = "✓",  tone = "green" },
  { when = { veryLate = true },       text = "Very late",                  tone = "critical" },
  { when = { late = true },           text = "Running late",               tone = "warning" },
  { when = { lateExpected = true },   text = "Running late",               tone = "warning" },
  { when = { phase = "delivering" },  text = "On the way",                 tone = "green" },
  { when = { phase = "picking" },     text = "Packing",                    tone = "neutral" },
  {                                   text = "Order placed",               tone = "neutral" },
}

-- badges.of(input) -> the matching case ({ text, short, tone }) for the rule input.
return {
  of = function(input)
    local facts = input.facts
    return cases {
      phase = input.phase,
      veryLate = facts.veryLate,
      late = facts.late,
      lateExpected = facts.lateExpected,
    }
  end,
}
