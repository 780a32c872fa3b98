-- expect: runtime: collectgarbage('stop') is not allowed in rules
-- Stops the collector so garbage piles up for later calls.
collectgarbage("stop")
