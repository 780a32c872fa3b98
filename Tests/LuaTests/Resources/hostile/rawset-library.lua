-- expect: runtime: rawset: the table is read-only
-- rawset on a library table, to replace string.format for every rule.
rawset(string, "format", function() return "pwned" end)
