-- expect: runtime: undefined global 'loadfile'
-- Compiles a file from disk.
return loadfile("/etc/passwd")
