-- expect: runtime: require 'nowhere.to.be.found': no file nowhere/to/be/found.lua in the pack folder
-- A module the pack does not have.
return require("nowhere.to.be.found")
