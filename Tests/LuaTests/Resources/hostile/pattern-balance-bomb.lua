-- expect: steps
-- %b() over 8000 unmatched "(" scans to the end from every start position: quadratic C work.
return string.rep("(", 8000):find("%b()")
