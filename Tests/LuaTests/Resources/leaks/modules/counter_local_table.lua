local state = { n = 0 }
local counter = {}
function counter.bump()
  state.n = state.n + 1
  return state.n
end
return counter
