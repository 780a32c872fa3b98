-- expect: runtime: undefined global 'io'
-- A private _ENV that falls back to the globals still cannot see libraries that do not exist.
local _ENV = setmetatable({}, { __index = _G })
return io.open("/etc/passwd")
