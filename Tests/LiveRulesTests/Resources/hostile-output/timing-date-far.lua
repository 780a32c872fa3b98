-- stage: timing
-- expect: timing.stale: expected a time in Unix seconds within ±100000000000 (about 3,000 years of 1970), got 9.223372036854776e+18
-- A date no calendar can show (formatting it once trapped converting to Int).
return function(input)
  return { stale = math.maxinteger, alert = { title = "Design review", body = "in 10 min" } }
end
