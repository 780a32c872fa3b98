-- expect: steps
-- %b() over 16000 unmatched "(" scans to the end from every start position: quadratic C work.
return string.rep("(", 16000):find("%b()")
