-- The host's evaluation driver. Loaded once per state with the pack's parts; returns the
-- function the host calls once per presentation:
--   present(attributes, state, now, previous, keepAttributes, keepState)
--     -> presentation | { path = where, problem = what }
-- It checks the inputs against the pack's schema, runs the rules in order (phase first; the
-- others see its phase and facts; the optional timing rule runs last when the pack has one)
-- and assembles what they returned. It judges none of it: the
-- host checks the presentation. It stops after the phase rule when the phase is not one of the
-- pack's, since the other rules are written for those; rule errors propagate.
local check, rules, descriptors, phases, strict = ...

local phaseRule, badgeRule, relevanceRule, layoutRule, paletteRule, timingRule =
  rules.phase, rules.badge, rules.relevance, rules.layout, rules.palette, rules.timing
local attributesType, stateType, inputType, contextType =
  descriptors.attributes, descriptors.state, descriptors.input, descriptors.context

-- The attributes and state tables the host asked to keep (strict presenters only), with their
-- views: the host passes the same table again for an input that did not change, and its
-- read-only view is reused unchecked. What the host does not ask to keep is let go.
local keptAttributes, attributesView, keptState, stateView

return function(attributes, state, now, previous, keepAttributes, keepState)
  local a, s, path, problem
  if keepAttributes and attributes == keptAttributes then
    a = attributesView
  else
    a, path, problem = check(attributes, attributesType, "attributes", strict, "input.attributes")
    if a == nil then return { path = path, problem = problem } end
    if keepAttributes then keptAttributes, attributesView = attributes, a else keptAttributes, attributesView = nil, nil end
  end
  if keepState and state == keptState then
    s = stateView
  else
    s, path, problem = check(state, stateType, "state", strict, "input.state")
    if s == nil then return { path = path, problem = problem } end
    if keepState then keptState, stateView = state, s else keptState, stateView = nil, nil end
  end
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
