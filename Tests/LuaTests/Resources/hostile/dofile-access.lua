-- expect: runtime: undefined global 'dofile'
-- Runs a file from disk.
return dofile("/etc/passwd")
