-- expect: runtime: no caller that far up
-- error(message, 50) points past every Lua frame (Lua then adds no position at all); the sandbox must still name the rule's line. Stock lua5.4 raises it with no position at all.
error("no caller that far up", 50)
