-- expect: deterministic
-- The length of tables with holes built two ways (a constructor, then assignments in another order): any border is a valid answer, so the answers must at least not change between states. Stock lua5.4 gives 8 8 19 on every run (integer keys are not seeded); the test holds it to that across states.
local built = { 1, 2, nil, 4, nil, nil, 7, 8 }
local assigned = {}
assigned[8], assigned[7], assigned[4], assigned[2], assigned[1] = 8, 7, 4, 2, 1
local grown = {}
for i = 1, 20 do grown[i] = i end
for i = 2, 20, 3 do grown[i] = nil end
return #built .. " " .. #assigned .. " " .. #grown
