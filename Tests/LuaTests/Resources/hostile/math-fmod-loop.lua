-- expect: instructions
-- math.fmod on floats and integers in an endless loop: cheap C calls, so the instruction budget ends it. Stock lua5.4: still running after 20 s.
local fmod = math.fmod
local x = 0
while true do x = fmod(7.5, 2) + fmod(-7, 3) end
