-- Assertions shared by the helper library's tests. Each raises, pointing at the test's line.
local M = {}

-- eq(actual, expected): equal (==).
function M.eq(actual, expected)
  if actual ~= expected then
    error("expected " .. tostring(expected) .. ", got " .. tostring(actual), 2)
  end
end

-- same(actual, expected): equal and of the same number subtype (3 is not 3.0).
function M.same(actual, expected)
  if actual ~= expected or math.type(actual) ~= math.type(expected) then
    error("expected " .. tostring(expected) .. " (" .. tostring(math.type(expected) or type(expected))
      .. "), got " .. tostring(actual) .. " (" .. tostring(math.type(actual) or type(actual)) .. ")", 2)
  end
end

-- close(actual, expected [, tolerance]): numbers within tolerance (1e-9).
function M.close(actual, expected, tolerance)
  if type(actual) ~= "number" or math.abs(actual - expected) > (tolerance or 1e-9) then
    error("expected " .. tostring(expected) .. ", got " .. tostring(actual), 2)
  end
end

-- raises(moduleFile) -> function(f, expected): f must raise an error containing `expected`
-- that points at the caller, not into moduleFile ("time.lua").
function M.raises(moduleFile)
  return function(f, expected)
    local ok, message = pcall(f)
    assert(not ok, "expected an error containing '" .. expected .. "', got success")
    message = tostring(message)
    assert(string.find(message, expected, 1, true), "expected an error containing '" .. expected .. "', got: " .. message)
    assert(not string.find(message, moduleFile .. ":", 1, true), "error points into the module: " .. message)
  end
end

return M
