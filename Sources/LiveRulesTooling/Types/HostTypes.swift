import LiveRules

/// The host's vocabulary as LuaCATS, the same for every pack (`types/host.lua`): dates,
/// colours, placement ids, tones, glyphs, live forms and what the badge, relevance and palette
/// rules return.
enum HostTypes {
    /// The file's text.
    static var text: String {
        let appearance = [("background", "the colour behind everything"), ("foreground", "text and glyphs"),
                          ("accent", "the highlight: progress, badges, emphasis")]
        let appearances = [("light", "the lock screen in light mode"), ("dark", "the lock screen in dark mode"),
                           ("standByNight", "StandBy at night (tinted red)")]
        let glyphs = Glyph.spellings.filter { !$0.contains("NAME") }
        return [
            LuaCATS.header("the host"),
            LuaCATS.comment("A point in time, in Unix seconds.") + "\n---@alias liverules.Date number",
            LuaCATS.comment("A colour, \"#RRGGBB\".") + "\n---@alias liverules.Colour string",
            LuaCATS.comment("Where a live activity shows.") + "\n---@alias liverules.PlacementId "
                + LuaCATS.literals(Placement.allCases.map(\.rawValue)),
            LuaCATS.comment("A badge's tone: green for anything ongoing, the others by urgency.") + "\n---@alias liverules.Tone "
                + LuaCATS.literals(Tone.allCases.map(\.rawValue)),
            LuaCATS.comment("A status glyph beside a field's text; \"icon:NAME\" names an icon the app draws.")
                + "\n---@alias liverules.Glyph " + LuaCATS.literals(glyphs) + "|string",
            LuaCATS.class("liverules.Badge", "What the badge rule returns.", fields: [
                ("text", "string", false, ""), ("tone", "liverules.Tone", false, ""),
            ]),
            LuaCATS.class("liverules.Relevance", "What the relevance rule returns.", fields: [
                ("score", "number", false, "0…100: orders several activities"),
                ("alert", "boolean", false, "whether the update alerts"),
            ]),
            LuaCATS.class("liverules.Appearance", "The colours of one appearance.",
                          fields: appearance.map { ($0.0, "liverules.Colour", false, $0.1) }
                              + [("fallback", "string", true, "why the accent is not the preferred colour")]),
            LuaCATS.class("liverules.Palette", "What the palette rule returns.",
                          fields: appearances.map { ($0.0, "liverules.Appearance", false, $0.1) }),
            LuaCATS.class("liverules.Alert", "The text of an alert.", fields: [
                ("title", "string", false, ""), ("body", "string", false, ""),
            ]),
            LuaCATS.class("liverules.Timing", "What the timing rule returns.", fields: [
                ("stale", "liverules.Date", true, "when the content goes out of date"),
                ("dismissal", "liverules.Date", true, "when an ended activity leaves the lock screen"),
                ("alert", "liverules.Alert", true, "what an alert says, when relevance alerts"),
            ]),
            LuaCATS.comment("Which way a live timer runs: \"down\" to its date (stopping at zero), \"up\" from it.")
                + "\n---@alias liverules.TimerCounting " + LuaCATS.literals(LiveForm.Counting.allCases.map(\.rawValue)),
            LuaCATS.class("liverules.LiveTimer", "A clock the device counts itself: \"9:59\", \"1:02:03\", between its prefix and suffix.", fields: [
                ("date", "liverules.Date", false, "the date it counts down to or up from"),
                ("counts", "liverules.TimerCounting", false, ""),
                ("prefix", "string", true, "the text before the clock (\"in \")"), ("suffix", "string", true, "the text after it (\" left\")"),
                ("showsHours", "boolean", true, "false: every minute, no hours (\"67:20\", not \"1:07:20\")"),
            ]),
            LuaCATS.class("liverules.TimerOptions", "How `time.countdown` and `time.elapsed` draw their clock.", fields: [
                ("showsHours", "boolean", true, "false: every minute, no hours (\"67:20\", not \"1:07:20\")"),
            ]),
            LuaCATS.class("liverules.LiveProgress", "A bar the device fills itself from start to finish (on Android the app redraws it at each whole percent).", fields: [
                ("start", "liverules.Date", false, ""), ("finish", "liverules.Date", false, "after start"),
            ]),
            LuaCATS.class("liverules.LiveForm", "A field's live form, the device keeps it current: exactly one of timer and progress.", fields: [
                ("timer", "liverules.LiveTimer", true, ""), ("progress", "liverules.LiveProgress", true, ""),
            ]),
            LuaCATS.class("liverules.PromiseRow", "A row of `promise.cases`: for every placement it names, while `when` matches the facts.", fields: [
                ("when", "table", true, "conditions on the facts, as `liverules.decide`'s rows; none: always"),
                ("placements", "liverules.PlacementId|liverules.PlacementId[]", false, "where the row holds"),
                ("shows", "string|string[]", true, "field ids each shown"),
                ("showsOneOf", "string[]", true, "field ids of which one at least is shown"),
                ("hides", "string|string[]", true, "field ids none of which is shown"),
            ]),
            LuaCATS.comment("An author note for `liverules eval --explain`: its arguments, as tostring shows them. Does nothing otherwise.")
                + "\n---@param ... any\nfunction note(...) end",
        ].joined(separator: "\n\n") + "\n"
    }
}
