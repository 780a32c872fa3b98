-- expect: runtime: require 'os': no file os.lua in the pack folder
-- require only reads the pack folder; the os library is not a module there.
local os = require("os")
return os.execute("true")
