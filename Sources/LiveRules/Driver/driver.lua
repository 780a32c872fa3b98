-- The host's evaluation driver. Loaded once per state with the pack's parts; returns the
-- function the host calls once per presentation:
--   present(attributes, state, now, previous) -> presentation | { problem = message [, stage = rule] }
-- It checks the inputs against the pack's schema, runs the rules in order (phase first; the
-- others see its phase and facts) and assembles the presentation. Rule errors propagate.
local check, rules, descriptors, phases, strict = ...

local phaseRule, badgeRule, relevanceRule, layoutRule, paletteRule =
  rules.phase, rules.badge, rules.relevance, rules.layout, rules.palette
local attributesType, stateType, inputType, contextType =
  descriptors.attributes, descriptors.state, descriptors.input, descriptors.context

local known = {}
for name in pairs(phases) do known[#known + 1] = name end
table.sort(known)
local phaseNames = table.concat(known, ", ")

local function describe(value)
  if type(value) == "string" then return '"' .. value .. '"' end
  return type(value) == "nil" and "nil" or "a " .. type(value)
end

return function(attributes, state, now, previous)
  local a, problem = check(attributes, attributesType, "attributes", strict, "input.attributes")
  if a == nil then return { problem = problem } end
  local s
  s, problem = check(state, stateType, "state", strict, "input.state")
  if s == nil then return { problem = problem } end
  local phase, facts = phaseRule(check({ attributes = a, state = s, now = now, previous = previous },
                                       inputType, "input", strict))
  if type(phase) ~= "string" or not phases[phase] then
    return { stage = "phase", problem = "phase: expected one of " .. phaseNames .. ", got " .. describe(phase) }
  end
  local input = check({ attributes = a, state = s, now = now, previous = previous, phase = phase, facts = facts },
                      contextType, "input", strict)
  return {
    phase = phase,
    badge = badgeRule(input),
    relevance = relevanceRule(input),
    layout = layoutRule(input),
    palette = paletteRule(input),
  }
end
