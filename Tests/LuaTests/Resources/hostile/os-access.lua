-- expect: runtime: undefined global 'os'
-- Runs a shell command through the os library.
return os.execute("rm -rf /")
