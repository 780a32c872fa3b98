-- expect: runtime: require 'io': no file io.lua in the pack folder
-- require only reads the pack folder; the io library is not a module there.
local io = require("io")
return io.open("/etc/passwd"):read("a")
