-- expect: runtime: assignment to global 'present'
-- Replaces the pack's rule function so later calls run hostile code.
function present() return { phase = "pwned" } end
