-- stage: badge
-- expect: badge.colour: expected nothing (the keys are text, tone), got string "red"
-- A badge with a part the host does not read.
return function()
  return { text = "Next up", tone = "neutral", colour = "red" }
end
