-- stage: relevance
-- expect: relevance[false]: expected nothing (the keys are score, alert), got integer 100
-- A boolean key among the relevance's parts.
return function()
  return { score = 80, alert = false, [false] = 100 }
end
