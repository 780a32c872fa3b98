-- expect: runtime: undefined global 'package'
-- Loads a native library through package.loadlib.
return package.loadlib("/lib/x86_64-linux-gnu/libc.so.6", "system")
