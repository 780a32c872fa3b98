-- expect: runtime: cannot change a protected metatable
-- Replaces the metatable of _G with one whose __index answers every undefined global, to make forgotten locals read as defined. Stock lua5.4 takes the metatable and the undefined name reads as 0.
setmetatable(_G, { __index = function() return 0 end })
return undefinedName
