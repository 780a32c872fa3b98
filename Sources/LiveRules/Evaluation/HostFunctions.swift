import CLiveRules
import Foundation
import Lua

/// What the `liverules.*` helper modules take from the host: time zones, the placement budgets,
/// "did you mean" suggestions and the colour syntax. Each is a global `liverules_host_…` function a helper module
/// picks up when it loads.
enum HostFunctions {
    /// Registers the host functions in `lua`:
    /// - `liverules_host_clock(date, timeZone) -> "HH:mm"`, which `liverules.time` provides as
    ///   `time.clock`;
    /// - `liverules_host_at(text, timeZone) -> date`, which `liverules.time` provides as `time.at`;
    /// - `liverules_host_placements() -> { { id, capacity, slots = { { name, width, lines,
    ///   fontSize, chars } … } } … }`, every placement's budget in `Placement.allCases` order
    ///   (a new table on each call), which `liverules.placements` and `liverules.layout` read once;
    /// - `liverules_host_suggestion(name, known) -> " — did you mean x?"` or `""`, the host's
    ///   `Suggestion.hint`, which every helper's "unknown name" error ends with;
    /// - `liverules_host_colour_valid(text) -> boolean`, the host's `Colour.isValid`, which
    ///   `liverules.colour` accepts colours by;
    /// - `liverules_host_layout_place(wanted, capacity, slots, defaultSlot, leadSlot)`, the
    ///   common case of `layout.place` in C (`lrl_layout_place`), or nothing when `layout.lua`'s
    ///   own definition must run; `liverules_host_layout_wanted(ids, text_of, slot_of, shorten,
    ///   glyph_of, live_of)`, `layout.wanted` in C (`lrl_layout_wanted`), or nothing for arguments
    ///   of the wrong type.
    /// `installText(in:)` adds the grapheme and width functions of `liverules.text`, and
    /// `installExplain(in:recorder:)` those of `liverules.explain` (recording into `explaining`,
    /// when set). Each
    /// function charges its work to the calling rule's step budget (``placementsSteps``; the
    /// bytes it reads otherwise), so a rule calling one in a loop ends in a counted budget.
    static func install(in lua: LuaState, explaining: ExplanationRecorder? = nil) {
        installText(in: lua)
        installExplain(in: lua, recorder: explaining)
        lua.register("liverules_host_layout_place", function: lrl_layout_place)
        lua.register("liverules_host_layout_wanted", function: lrl_layout_wanted)
        lua.register("liverules_host_placements") { call in
            call.charge(placementsSteps)
            try call.return(Placement.allCases.map(\.budget))
        }
        lua.register("liverules_host_suggestion") { call in
            let name = try call.argument(1, as: String.self)
            let known = try call.argument(2, as: [String].self)
            call.charge(suggestionSteps(for: name, among: known))
            try call.return(Suggestion.hint(for: name, among: known))
        }
        lua.register("liverules_host_colour_valid") { call in
            let text = try call.argument(1, as: String.self)
            call.charge(text.utf8.count)
            try call.return(Colour.isValid(text))
        }
        lua.register("liverules_host_clock") { call in
            let seconds = try call.argument(1, as: Double.self)
            let identifier = try call.argument(2, as: String.self)
            call.charge(256 + identifier.utf8.count)  // a time-zone lookup and a calendar computation
            guard seconds.isFinite, abs(seconds) < maximumSeconds else {
                throw HostFunctionError("time.clock: expected a date (Unix seconds), got \(seconds)")
            }
            guard let zone = TimeZone(identifier: identifier) else {
                throw HostFunctionError("time.clock: unknown time zone '\(identifier)' (use an IANA name such as \"Europe/Berlin\")")
            }
            try call.return(clock(seconds, in: zone))
        }
        lua.register("liverules_host_at") { call in
            let text = try call.argument(1, as: String.self)
            let identifier = try call.argument(2, as: String.self)
            call.charge(256 + text.utf8.count + identifier.utf8.count)
            guard let zone = TimeZone(identifier: identifier) else {
                throw HostFunctionError("time.at: unknown time zone '\(identifier)' (use an IANA name such as \"Europe/Berlin\")")
            }
            guard let seconds = date(text, in: zone) else {
                throw HostFunctionError("time.at: expected a date such as \"2026-11-24T09:00\" (local time in the zone) "
                    + "or \"2026-11-24T09:00:00Z\", got \"\(text)\"")
            }
            try call.return(seconds)
        }
    }

    /// What `liverules_host_suggestion` does for `name` among `known`, in steps: each entry is
    /// decoded and packed (16 steps and 4 a byte, however short), and compared by edit distance
    /// when its length is close enough to `name`'s to be a typo (a quarter step per cell of the
    /// distance table, ``LuaText/closestName(to:among:)``).
    static func suggestionSteps(for name: String, among known: [String]) -> Int {
        let length = name.utf8.count
        let bound = length < 6 ? 1 : 2
        return known.reduce(4 * length) { steps, entry in
            let other = entry.utf8.count
            let compared = abs(length - other) <= bound && max(length, other) <= LuaText.longestComparedName
            return steps + 16 + 4 * other + (compared ? length * other / 4 : 0)
        }
    }

    /// The Unix seconds of `text`: an ISO-8601 date with its offset (`2026-11-24T09:00:00Z`),
    /// or a wall-clock time in `zone` written `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`.
    static func date(_ text: String, in zone: TimeZone) -> Double? {
        if let seconds = ISO8601.parse(text) { return seconds }
        let parts = text.split(omittingEmptySubsequences: false) { "-T:".contains($0) }.compactMap { Int($0) }
        guard text.utf8.count == 16 || text.utf8.count == 19, parts.count == (text.utf8.count == 16 ? 5 : 6),
              text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
                                        second: parts.count == 6 ? parts[5] : 0)
        // A day that does not exist (February 30) or a time a clock change skips is refused.
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard [back.year, back.month, back.day, back.hour, back.minute] == parts.prefix(5).map(Optional.some) else { return nil }
        return date.timeIntervalSince1970
    }

    /// What building the placement table costs, in steps: about 30 µs of work, at no more than
    /// ``LuaLimits/costPerStep`` per step. Helpers ask for the table once, when they load.
    static let placementsSteps = 2_000

    /// The largest date `time.clock` takes, in seconds from 1970 either way (about 3,000 years):
    /// past it calendars have no answer worth showing.
    static let maximumSeconds: Double = 1e11

    /// "HH:mm" of `seconds` (Unix) in `zone`, on a 24-hour clock; independent of locale.
    static func clock(_ seconds: Double, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// A message a host function raises as a Lua error in the calling rule.
struct HostFunctionError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

// MARK: - HostResources

/// The host's Lua files, compiled into this module by the EmbedLua plugin from `Helpers/` and
/// `Driver/` (nothing is looked up at run time).
package enum HostResources {
    /// The name rules `require` the helper modules under: `require "liverules.text"`.
    package static let modulePrefix = "liverules"

    /// The helper modules' texts by path (`liverules/text.lua`).
    package static let helpers: [String: String] = EmbeddedLua.modules

    /// The evaluation driver (`Driver/driver.lua`).
    static let driverSource: String = EmbeddedLua.driver

    /// The driver's chunk name.
    static let driverChunk = "liverules/driver.lua"

    /// The sandbox a state running `pack`'s Lua gets: the pack's files as its modules (named
    /// under its display path in errors) and the helper modules; what it prints goes to `log`.
    static func sandbox(for pack: RulePack, log: @escaping @Sendable (String) -> Void) -> LuaSandbox {
        LuaSandbox(modules: pack.sources, chunkPrefix: pack.displayPath, hostModules: helpers, hostModulePrefix: modulePrefix, log: log)
    }
}
