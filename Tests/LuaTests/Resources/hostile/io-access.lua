-- expect: runtime: undefined global 'io'
-- Reads a file through the io library.
return io.open("/etc/passwd"):read("a")
