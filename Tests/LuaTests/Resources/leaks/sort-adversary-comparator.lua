-- expect: deterministic
-- Sorts with a comparator that decides its order lazily (the classic quicksort adversary): the partitions go lopsided, stock table.sort then picks pivots from clock() and time(), and the order of the items the comparator left equal changes from run to run. Stock lua5.4 gave 1,150,3,197,5,95,..., then 1,150,3,79,5,122,..., then 1,150,3,162,5,207,....
local n = 300
local items, value = {}, {}
local undecided = n + 1
for i = 1, n do items[i] = i; value[i] = undecided end
local state = { decided = 0, candidate = 0 }
local function less(x, y)
  if value[x] == undecided and value[y] == undecided then
    state.decided = state.decided + 1
    if x == state.candidate then value[x] = state.decided else value[y] = state.decided end
  end
  if value[x] == undecided then state.candidate = x elseif value[y] == undecided then state.candidate = y end
  return value[x] < value[y]
end
table.sort(items, less)
return table.concat(items, ",")
