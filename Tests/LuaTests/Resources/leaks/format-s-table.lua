-- expect: deterministic
-- string.format's %s of a table and a function (with and without a width): stock Lua formats them through tostring, addresses included. Stock lua5.4 gave "table: 0x55f7cbe3f180|function: 0x55f7af011c70|...", with other addresses on each run.
return string.format("%s|%s|%20s|%-12s|", {}, string.len, setmetatable({}, {}), print)
