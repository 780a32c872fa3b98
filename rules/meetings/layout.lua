-- Layout: which fields each placement shows, most important first. liverules.layout keeps
-- what fits each placement's budget and reports the rest as dropped.
--   progress   title, time remaining, progress bar, the next meeting's title; in the first 10
--              minutes also location and the running-late action (or its confirmation)
--   combo      as progress, plus the next meeting's countdown on the lock screen, StandBy and
--              the expanded island; compact and minimal show the current meeting only
--   countdown  title, countdown, location, running-late action
--   upcoming   title and start time: no countdown, no action
--   done       the badge
-- Texts are shortened with "…" before a field is dropped; on the lock screen and StandBy the
-- next title gives way (lines.lua) to the next meeting's countdown (combo) and to the location
-- and the action (first 10 minutes), as to the countdown in the expanded island. Times are
-- live (content.lua); the minimal view says when: a ring, else the start time, never initials.

local layout = require "liverules.layout"
local content, lines = require "content", require "lines"

-- Field ids per placement and phase, most important first (the next title gives way: lines.lua).
local CARD = {
  progress = { "badge", "title", "remaining", "progress", "location", "runningLate", "lateConfirmation", "nextTitle" },
  combo = { "badge", "title", "remaining", "progress", "location", "runningLate", "lateConfirmation", "nextTitle",
            "nextCountdown" },
  countdown = { "badge", "title", "countdown", "location", "runningLate", "lateConfirmation" },
  upcoming = { "badge", "title", "startTime" },
  done = { "badge" },
}

local WANTED = {
  lockScreen = CARD,
  standBy = CARD,
  islandExpanded = {
    progress = { "title", "remaining", "progress", "runningLate", "lateConfirmation", "location", "nextTitle" },
    combo = { "title", "remaining", "progress", "nextTitle", "nextCountdown", "runningLate", "lateConfirmation",
              "location" },
    countdown = { "title", "countdown", "runningLate", "lateConfirmation", "location" },
    upcoming = { "title", "startTime" },
    done = { "badge" },
  },
  islandCompactLeading = {
    progress = { "title" }, combo = { "title" }, countdown = { "title" }, upcoming = { "title" }, done = { "badge" },
  },
  islandCompactTrailing = {
    progress = { "remaining", "progress" }, combo = { "remaining", "progress" }, countdown = { "countdown" },
    upcoming = { "startTime" }, done = { "badge" },
  },
  islandMinimal = {
    progress = { "progress" }, combo = { "progress" }, countdown = { "progress" }, upcoming = { "startTime" },
    done = { "badge" },
  },
  watchSmartStack = {
    progress = { "title", "remaining", "nextTitle" },
    combo = { "title", "remaining", "nextCountdown" },
    countdown = { "title", "countdown", "location" },
    upcoming = { "title", "startTime" },
    done = { "badge" },
  },
  androidOngoing = {
    progress = { "title", "progress", "remaining", "runningLate", "lateConfirmation" },
    combo = { "title", "progress", "remaining", "runningLate", "lateConfirmation" },
    countdown = { "title", "countdown", "runningLate", "lateConfirmation" },
    upcoming = { "title", "startTime" },
    done = { "badge" },
  },
}

-- Where each field goes: titles on the title line (Android: the notification's title), the bar
-- on Android's progress line; in the expanded island the title beside the camera on the left,
-- the time on the right, the location below the camera and the rest along the bottom;
-- everything else in the body.
local SLOT = {
  lockScreen = { title = "title" },
  standBy = { title = "title" },
  androidOngoing = { title = "title", progress = "progress" },
  islandExpanded = { remaining = "trailing", countdown = "trailing", startTime = "trailing", location = "center",
                     progress = "bottom", nextTitle = "bottom", nextCountdown = "bottom", runningLate = "bottom",
                     lateConfirmation = "bottom" },
}
local BODY_SLOT = { lockScreen = "body", standBy = "body", androidOngoing = "text" }
-- Glances: clocks without their words ("9:59").
local GLANCE = { islandCompactLeading = true, islandCompactTrailing = true, islandMinimal = true }
-- Text shortened with "…" (keeping at least this many characters) before shorter renderings.
local SHORTENS = { title = 6, nextTitle = 6, location = 6, startTime = 2 }
---@param input meetings.Input
return function(input)
  local texts, glance = content.of(input)
  return layout.each(lines.shared(SHORTENS, function(placement)
    -- The field's renderings, or its live field ({ text, live }).
    local function shown(id) return GLANCE[placement] and glance[id] or texts[id] end
    return layout.wanted(WANTED[placement][input.phase],
      function(id)
        local field = shown(id)
        return field and field.live and field.text or field
      end,
      function(id) return (SLOT[placement] and SLOT[placement][id]) or BODY_SLOT[placement] end,
      SHORTENS, nil,
      function(id)
        local field = shown(id)
        return field and field.live
      end)
  end))
end
