-- expect: runtime: assignment to global 'leaked'
-- Assigns a global after sealing (a forgotten local).
leaked = 42
