local counter = { calls = 0 }
function counter.bump()
  counter.calls = counter.calls + 1
  return counter.calls
end
return counter
