-- stage: timing
-- expect: timing.alert.body: expected text of at most 4096 bytes, got a string of 8000 bytes
-- An alert body as long as the string limit allows.
return function(input)
  local long = string.rep("a", 8000)
  return { stale = input.now + 600, alert = { title = "x", body = long } }
end
