-- expect: runtime: '%p' is not allowed in rules
-- string.format("%p") prints a table's address, different on every run; the sandbox refuses the conversion. Stock lua5.4 gave 0x5588d64c80d0, then 0x560cc222b0d0, then 0x562d5c5cb0d0.
return string.format("%p", {})
