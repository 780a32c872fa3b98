-- expect: runtime: undefined global 'load'
-- Asks load for binary mode explicitly. Rules have no load at all now.
return load("return 1", "=x", "b")
