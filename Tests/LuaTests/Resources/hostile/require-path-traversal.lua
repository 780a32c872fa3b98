-- expect: runtime: module names use letters, digits, '_' and '.'
-- Tries to read a file outside the pack folder through a path in the module name.
return require("../../etc/passwd")
