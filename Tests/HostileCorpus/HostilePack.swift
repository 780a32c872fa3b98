/// The pack every hostile script runs beside, in the tests and the benchmarks alike: a `util`
/// module and a rule `present(s, now)` that picks a phase and badge from `s.meetings`, so that
/// each script is shown to leave a state that still runs a real rule.
public enum HostilePack {
    /// `util.lua`: minutes as text.
    public static let util = """
        local util = {}
        function util.minutes(seconds) return string.format("%d min", seconds // 60) end
        return util
        """

    /// `rule.lua`: the meeting `now` falls before or in, else the day is done.
    public static let rule = """
        local util = require("util")
        function present(s, now)
          for i, m in ipairs(s.meetings) do
            if now < m.start then
              return { phase = "upcoming", badge = { text = "in " .. util.minutes(m.start - now), tone = "info" } }
            elseif now < m["end"] then
              local text = string.format("%d of %d, %s left", i, #s.meetings, util.minutes(m["end"] - now))
              return { phase = "live", badge = { text = text, tone = "alert" } }
            end
          end
          return { phase = "done", badge = { text = "all done", tone = "calm" } }
        end
        """
}
