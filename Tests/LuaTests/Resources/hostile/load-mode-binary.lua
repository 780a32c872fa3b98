-- expect: runtime: rules may not load binary chunks
-- Asks load for binary mode explicitly.
return load("return 1", "=x", "b")
