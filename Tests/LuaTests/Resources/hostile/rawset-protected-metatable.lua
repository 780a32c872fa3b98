-- expect: runtime: read-only
-- rawset into a table whose metatable is protected (as the helper library's read-only records are): rawset must refuse it like a read-only table. Stock lua5.4 writes the field (returns 1).
local record = setmetatable({}, { __metatable = "locked", __newindex = function() error("read-only record") end })
rawset(record, "field", 1)
return record.field
