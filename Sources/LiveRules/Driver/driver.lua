-- The host's evaluation driver. Loaded once per state with the pack's parts; returns the
-- function the host calls once per presentation:
--   present(attributes, state, now, previous, keepAttributes, keepState)
--     -> presentation | { path = where, problem = what }
-- It checks the inputs against the pack's schema, runs the rules in order (phase first; the
-- others see its phase and facts; the optional timing rule runs last when the pack has one)
-- and assembles what they returned. It judges none of it: the
-- host checks the presentation. It stops after the phase rule when the phase is not one of the
-- pack's, since the other rules are written for those; rule errors propagate.
--
-- No presentation's outcome depends on the ones before it: the helpers' memos are emptied
-- first (support.begin, which also starts noting when the rules' answers change), and once
-- the inputs are checked (or a kept view reused) `rulesBegin`
-- gives the rules the whole instruction and steps allowances.
local check, rules, descriptors, phases, strict, rulesBegin = ...
local begin = require("liverules.support").begin

local phaseRule, badgeRule, relevanceRule, layoutRule, paletteRule, timingRule =
  rules.phase, rules.badge, rules.relevance, rules.layout, rules.palette, rules.timing
local attributesType, stateType, inputType, contextType =
  descriptors.attributes, descriptors.state, descriptors.input, descriptors.context

-- The attributes and the state the host asked to keep (strict presenters only): the table it
-- passed and its checked view. The host passes the same table again for an input that did not
-- change, and its read-only view is reused unchecked; what it does not ask to keep is let go.
local keptAttributes, keptState = {}, {}

-- The checked view of input `value` (or nil, path, problem), through `kept`.
local function checked(kept, value, keep, descriptor, root, name)
  if keep and value == kept.value then return kept.view end
  local view, path, problem = check(value, descriptor, root, strict, name)
  if view == nil then return nil, path, problem end
  if keep then kept.value, kept.view = value, view else kept.value, kept.view = nil, nil end
  return view
end

return function(attributes, state, now, previous, keepAttributes, keepState)
  begin(now)
  local a, path, problem = checked(keptAttributes, attributes, keepAttributes, attributesType, "attributes",
                                   "input.attributes")
  if a == nil then return { path = path, problem = problem } end
  local s
  s, path, problem = checked(keptState, state, keepState, stateType, "state", "input.state")
  if s == nil then return { path = path, problem = problem } end
  rulesBegin()
  local phase, facts = phaseRule(check({ attributes = a, state = s, now = now, previous = previous },
                                       inputType, "input", strict))
  if phases[phase] == nil then return { phase = phase } end
  local input = check({ attributes = a, state = s, now = now, previous = previous, phase = phase, facts = facts },
                      contextType, "input", strict)
  return {
    phase = phase,
    badge = badgeRule(input),
    relevance = relevanceRule(input),
    layout = layoutRule(input),
    palette = paletteRule(input),
    timing = timingRule and timingRule(input),
  }
end
