-- stage: badge
-- expect: badge.te\xC0xt: expected nothing (the keys are text, tone), got string "Next up"
-- A badge key that is not UTF-8 next to the real ones (\xC0 never starts a valid sequence).
return function()
  return { text = "Next up", tone = "neutral", ["te\xC0xt"] = "Next up" }
end
