-- expect: runtime: undefined global 'os'
-- Reads the CPU clock: different on every run. The os library is absent. Stock lua5.4 gave 0.001231, 0.001341, 0.001115.
return string.format("%.6f", os.clock())
