-- expect: stringBytes
-- Catches the string cap error with pcall and retries forever; the sandbox's pcall must rethrow it.
while true do pcall(string.rep, "x", 1 << 30) end
