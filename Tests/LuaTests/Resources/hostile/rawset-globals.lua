-- expect: runtime: rawset: the table is read-only
-- rawset bypasses __newindex; the sandbox's rawset refuses the sealed globals.
rawset(_G, "x", 1)
