-- stage: timing
-- expect: timing.expires: expected nothing (the keys are stale, dismissal, alert), got number 1.5
-- A timing with a part the host does not read.
return function(input)
  return { stale = input.now + 600, expires = 1.5 }
end
