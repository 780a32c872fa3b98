-- expect: instructions
-- A float for loop up to math.huge never reaches its bound.
for i = 1.0, math.huge do end
