-- expect: runtime: attempt to call a nil value (field 'random')
-- Rules must be deterministic; math.random is removed.
return math.random(6)
