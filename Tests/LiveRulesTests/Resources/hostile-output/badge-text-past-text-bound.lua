-- stage: badge
-- expect: badge.text: expected text of at most 4096 bytes, got a string of 8000 bytes
-- A badge text as long as the string limit allows.
return function()
  return { text = string.rep("!", 8000), tone = "neutral" }
end
