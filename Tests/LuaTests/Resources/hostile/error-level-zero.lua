-- expect: runtime: level zero hides nothing
-- error(message, 0) asks Lua to leave out the position; the sandbox still names the rule's line, so no error goes unlocated. Stock lua5.4 raises it with no position at all.
error("level zero hides nothing", 0)
