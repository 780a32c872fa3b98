import Foundation
import Lua

/// What the rules returned, and the one place it is checked against the presentation vocabulary:
/// the phase and the shape of every part while it is read, within ``OutputLimits``, the rest by
/// ``validated(fields:timed:)``. The reference path of reading the output: ``OutputReader``
/// (C, `lrl_output.c`) is its fast path for the common case, held to it by `OutputReaderTests`
/// (see the article "Fast paths and reference paths").
struct PresentationOutput {
    struct BadgeOutput {
        var text: String
        var tone: String
    }

    /// A field as the layout rule returned it: `glyph`, `live`, `slot` and `line` unchecked (the
    /// last two nil when the rule built the field without them).
    struct FieldOutput {
        var id: String
        var text: String
        var glyph: String?
        var live: LiveOutput?
        var slot: String?
        var line: Double?
    }

    /// A field's live form as the layout rule returned it: its dates in Unix seconds and its
    /// spellings unchecked.
    enum LiveOutput {
        case timer(date: Double, counts: String, prefix: String?, suffix: String?, showsHours: Bool?)
        case progress(start: Double, finish: Double)
    }

    struct LayoutOutput {
        var fields: [FieldOutput]
        var dropped: [String]?
    }

    struct AppearanceOutput {
        var background: String
        var foreground: String
        var accent: String
        var fallback: String?
    }

    struct PaletteOutput {
        var light: AppearanceOutput
        var dark: AppearanceOutput
        var standByNight: AppearanceOutput
    }

    struct TimingOutput {
        var stale: Double?
        var dismissal: Double?
        var alert: AlertText?
    }

    var phase: String
    var badge: BadgeOutput
    var relevance: Relevance
    var layout: [String: LayoutOutput]
    var palette: PaletteOutput
    /// What the timing rule returned; nil when the pack has none (or it returned nil).
    var timing: TimingOutput?

    /// Reads the driver's presentation table field by field (straight from the stack), each part
    /// as the problem of the rule that returned it, within ``OutputLimits`` (`fieldIds`: how many
    /// field ids the manifest declares). The phase comes first and must be one of `phases`: the
    /// driver stops after the phase rule when it is not, so nothing else is there.
    init(reading driverResult: LuaTableReader, phases: [String], fieldIds: Int) throws(OutputProblem) {
        let output = driverResult.limited(by: OutputLimits.reading)
        let name = OutputLimits.nameBytes
        phase = try Self.phase(in: output, phases: phases)
        badge = try Self.reading(.badge) { () throws(LuaError) in
            try output.table("badge") { badge throws(LuaError) in
                let read = BadgeOutput(text: try badge.string("text"), tone: try badge.string("tone", atMost: name))
                try badge.checkKeys(only: ["text", "tone"])
                return read
            }
        }
        relevance = try Self.reading(.relevance) { () throws(LuaError) in
            try output.table("relevance") { relevance throws(LuaError) in
                let read = Relevance(score: try relevance.number("score"), alert: try relevance.bool("alert"))
                try relevance.checkKeys(only: ["score", "alert"])
                return read
            }
        }
        layout = try Self.reading(.layout) { () throws(LuaError) in
            try output.table("layout") { layout throws(LuaError) in
                var layouts: [String: LayoutOutput] = [:]
                let names = try layout.names(expecting: OutputLimits.layoutKeys, naming: "a placement name")
                // Read in a fixed order (placements first), so the text budget runs out at the
                // same place on every run, whatever order Lua's hash gives the keys.
                let ordered = Placement.allCases.map(\.rawValue).filter(names.contains) + names.filter { Placement(rawValue: $0) == nil }.sorted()
                for placement in ordered {
                    layouts[placement] = try layout.table(placement) { entry throws(LuaError) in
                        let fields = try entry.list("fields", atMost: fieldIds) { element throws(LuaError) in
                            try element.table { field throws(LuaError) in
                                let id = try field.string("id", atMost: name), text = try field.string("text")
                                let glyph = try field.optionalString("glyph", atMost: name), slot = try field.optionalString("slot", atMost: name)
                                let live = field.has("live") ? try field.table("live", Self.live) : nil
                                let line = field.has("line") ? try field.number("line") : nil
                                let read = FieldOutput(id: id, text: text, glyph: glyph, live: live, slot: slot, line: line)
                                try field.checkKeys(only: ["id", "text", "glyph", "live", "slot", "line"])
                                return read
                            }
                        }
                        let dropped = try entry.list("dropped", optional: true, atMost: fieldIds) { element throws(LuaError) in
                            try element.string(atMost: name)
                        }
                        try entry.checkKeys(only: ["fields", "dropped"])
                        return LayoutOutput(fields: fields ?? [], dropped: dropped)
                    }
                }
                return layouts
            }
        }
        palette = try Self.reading(.palette) { () throws(LuaError) in
            try output.table("palette") { palette throws(LuaError) in
                func appearance(_ key: String) throws(LuaError) -> AppearanceOutput {
                    try palette.table(key) { look throws(LuaError) in
                        let read = AppearanceOutput(background: try look.string("background", atMost: name),
                                                    foreground: try look.string("foreground", atMost: name),
                                                    accent: try look.string("accent", atMost: name), fallback: try look.optionalString("fallback"))
                        try look.checkKeys(only: ["background", "foreground", "accent", "fallback"])
                        return read
                    }
                }
                let read = PaletteOutput(light: try appearance("light"), dark: try appearance("dark"),
                                         standByNight: try appearance("standByNight"))
                try palette.checkKeys(only: ["light", "dark", "standByNight"])
                return read
            }
        }
        guard output.has("timing") else { return }
        timing = try Self.reading(.timing) { () throws(LuaError) in
            try output.table("timing") { timing throws(LuaError) in
                let alert = timing.has("alert") ? try timing.table("alert") { alert throws(LuaError) in
                    let read = AlertText(title: try alert.string("title"), body: try alert.string("body"))
                    try alert.checkKeys(only: ["title", "body"])
                    return read
                } : nil
                let read = TimingOutput(stale: timing.has("stale") ? try timing.number("stale") : nil,
                                        dismissal: timing.has("dismissal") ? try timing.number("dismissal") : nil, alert: alert)
                try timing.checkKeys(only: ["stale", "dismissal", "alert"])
                return read
            }
        }
    }

    /// The phase, which must be one of `phases`.
    private static func phase(in output: LuaTableReader, phases: [String]) throws(OutputProblem) -> String {
        let type = output.typeName("phase")
        let phase = type == "string" ? try? output.string("phase", atMost: OutputLimits.nameBytes) : nil
        if let phase, phases.contains(phase) { return phase }
        let found = if let phase { "\"\(phase)\"" } else if type == "nil" { "nil" } else { "a \(type)" }
        throw OutputProblem(stage: .phase, path: "phase", message: "expected one of \(phases.sorted().joined(separator: ", ")), got \(found)",
                            value: phase)
    }

    /// A field's `live` table: exactly one of `{ timer = { date, counts, prefix, suffix, showsHours } }` and
    /// `{ progress = { start, finish } }`, with nothing else in either.
    private static func live(_ live: LuaTableReader) throws(LuaError) -> LiveOutput {
        let name = OutputLimits.nameBytes
        let read: LiveOutput
        if live.has("timer") {
            read = try live.table("timer") { timer throws(LuaError) in
                let read = LiveOutput.timer(date: try timer.number("date"), counts: try timer.string("counts", atMost: name),
                                            prefix: try timer.optionalString("prefix"), suffix: try timer.optionalString("suffix"),
                                            showsHours: timer.has("showsHours") ? try timer.bool("showsHours") : nil)
                try timer.checkKeys(only: ["date", "counts", "prefix", "suffix", "showsHours"])
                return read
            }
            try live.checkKeys(only: ["timer"])
        } else if live.has("progress") {
            read = try live.table("progress") { progress throws(LuaError) in
                let read = LiveOutput.progress(start: try progress.number("start"), finish: try progress.number("finish"))
                try progress.checkKeys(only: ["start", "finish"])
                return read
            }
            try live.checkKeys(only: ["progress"])
        } else {
            try live.checkKeys(only: ["timer", "progress"])
            throw .decoding(path: "", expected: "{ timer = { date, counts, prefix, suffix, showsHours } } or { progress = { start, finish } }", found: "an empty table")
        }
        return read
    }

    /// Runs `read`; a value of the wrong shape is a problem of `stage`'s rule.
    private static func reading<T>(_ stage: RuleStage, _ read: () throws(LuaError) -> T) throws(OutputProblem) -> T {
        do {
            return try read()
        } catch {
            if case .decoding(let path, let expected, let found) = error {
                // A string found in a member where something else belongs: its text, to find where
                // it was written (a whole part of the wrong shape is the `return`'s mistake).
                let text = path.contains(".") && found.hasPrefix("string \"") && found.hasSuffix("\"")
                    ? String(found.dropFirst(8).dropLast()) : nil
                throw OutputProblem(stage: stage, path: path, message: "expected \(expected), got \(found)", value: text)
            }
            throw OutputProblem(stage: stage, path: stage.rawValue, message: error.message)
        }
    }
}

/// One way an output breaks the vocabulary: the rule that produced it, where, and what; `value`
/// is the text at fault when it is a string (to find where the rules wrote it).
struct OutputProblem: Error {
    var stage: RuleStage
    var path: String
    var message: String
    var value: String? = nil
}

extension PresentationOutput {
    /// The typed presentation, or the first problem: unknown placements, field ids and glyphs, missing
    /// placements, tones and colours outside their vocabularies, scores outside 0...100 (the
    /// phase and the shape of every part were checked while reading). `fields` is the set of
    /// field ids the manifest declares. When `timed` (the pack has a timing rule) the timing must
    /// be there, its dates finite, its alert text non-empty, and present whenever the relevance
    /// alerts. A live field's text must be its form's reading at `now` (Unix seconds), what the
    /// device draws then.
    func validated(fields: Set<String>, timed: Bool = false, now: Double) throws(OutputProblem) -> Presentation {
        guard let tone = Tone(rawValue: badge.tone) else {
            throw OutputProblem(stage: .badge, path: "badge.tone", message: "expected one of \(Tone.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(badge.tone)\"",
                                value: badge.tone)
        }
        guard relevance.score.isFinite, (0...100).contains(relevance.score) else {
            throw OutputProblem(stage: .relevance, path: "relevance.score", message: "expected a number in 0...100, got \(relevance.score)")
        }
        var layouts: [Placement: PlacementLayout] = [:]
        layouts.reserveCapacity(Placement.allCases.count)
        for placement in Placement.allCases {
            guard let output = layout[placement.rawValue] else {
                if let unknown = unknownPlacement() { throw unknown }
                throw OutputProblem(stage: .layout, path: "layout.\(placement.rawValue)",
                                    message: "missing: the layout rule must return a layout for every placement")
            }
            layouts[placement] = try Self.validated(output, at: placement.rawValue, fields: fields, now: now)
        }
        if layout.count != layouts.count, let unknown = unknownPlacement() { throw unknown }
        let light = try Self.validated(palette.light, "light")
        let dark = try Self.validated(palette.dark, "dark")
        let standByNight = try Self.validated(palette.standByNight, "standByNight")
        return Presentation(phase: phase, badge: Badge(text: badge.text, tone: tone), relevance: relevance, layout: layouts,
                            palette: Palette(light: light, dark: dark, standByNight: standByNight),
                            timing: timed ? try validatedTiming() : nil)
    }

    /// The timing rule's output as ``Timing``, or the first problem with it.
    private func validatedTiming() throws(OutputProblem) -> Timing {
        guard let timing else {
            throw OutputProblem(stage: .timing, path: "timing", message: "expected a table { stale, dismissal, alert }, got nil")
        }
        func date(_ seconds: Double?, _ key: String) throws(OutputProblem) -> Date? {
            guard let seconds else { return nil }
            guard seconds.isFinite else {
                throw OutputProblem(stage: .timing, path: "timing.\(key)", message: "expected a time in Unix seconds, got \(seconds)")
            }
            guard abs(seconds) <= OutputLimits.maximumSeconds else {
                throw OutputProblem(stage: .timing, path: "timing.\(key)", message:
                    "expected a time in Unix seconds within ±\(Int(OutputLimits.maximumSeconds)) (about 3,000 years of 1970), got \(seconds)")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        if let alert = timing.alert {
            for (key, text) in [("title", alert.title), ("body", alert.body)] where text.isEmpty {
                throw OutputProblem(stage: .timing, path: "timing.alert.\(key)", message: "an alert needs a non-empty \(key)")
            }
        } else if relevance.alert {
            throw OutputProblem(stage: .timing, path: "timing.alert", message: "relevance.alert is true: return the alert's { title, body }")
        }
        return Timing(stale: try date(timing.stale, "stale"), dismissal: try date(timing.dismissal, "dismissal"), alert: timing.alert)
    }

    /// The problem for the first layout key that is not a placement, if any.
    private func unknownPlacement() -> OutputProblem? {
        let ids = Placement.allCases.map(\.rawValue)
        guard let id = layout.keys.sorted().first(where: { Placement(rawValue: $0) == nil }) else { return nil }
        return OutputProblem(stage: .layout, path: "layout.\(id)", message: "unknown placement"
            + Self.hint(for: id, among: ids, otherwise: " (placements: \(ids.joined(separator: ", ")))"), value: id)
    }

    /// The suggestion for `name` among `known`, or `otherwise` when none is close.
    private static func hint(for name: String, among known: [String], otherwise: String) -> String {
        let hint = Suggestion.hint(for: name, among: known)
        return hint.isEmpty ? otherwise : hint
    }

    private static func validated(_ appearance: AppearanceOutput, _ name: String) throws(OutputProblem) -> Appearance {
        func colour(_ key: String, _ text: String) throws(OutputProblem) -> Colour {
            guard let colour = Colour(hex: text) else {
                throw OutputProblem(stage: .palette, path: "palette.\(name).\(key)", message: "expected a colour #RRGGBB, got \"\(text)\"", value: text)
            }
            return colour
        }
        return Appearance(background: try colour("background", appearance.background), foreground: try colour("foreground", appearance.foreground),
                          accent: try colour("accent", appearance.accent), fallback: appearance.fallback)
    }

    private static func validated(_ output: LayoutOutput, at placement: String, fields: Set<String>, now: Double) throws(OutputProblem) -> PlacementLayout {
        // Paths are spelled out only for a problem: nothing is formatted for a good field.
        func check(_ id: String, at path: @autoclosure () -> String) throws(OutputProblem) {
            guard fields.contains(id) else {
                let declared = fields.sorted()
                throw OutputProblem(stage: .layout, path: path(), message: "unknown field id '\(id)'"
                    + Self.hint(for: id, among: declared, otherwise: " (the manifest declares: \(declared.joined(separator: ", ")))"), value: id)
            }
        }
        var seen: [String] = []  // a dozen ids at most: a list is cheaper than hashing them
        seen.reserveCapacity(output.fields.count + (output.dropped?.count ?? 0))
        var fields: [LayoutField] = []
        fields.reserveCapacity(output.fields.count)
        for (index, field) in output.fields.enumerated() {
            try check(field.id, at: "layout.\(placement).fields[\(index + 1)].id")
            guard !seen.contains(field.id) else {
                throw OutputProblem(stage: .layout, path: "layout.\(placement).fields[\(index + 1)].id", message: "field '\(field.id)' is shown twice")
            }
            seen.append(field.id)
            var glyph: Glyph?
            if let spelling = field.glyph { glyph = try Self.glyph(spelling, at: "layout.\(placement).fields[\(index + 1)].glyph") }
            var live: LiveForm?
            if let form = field.live {
                let checked = try Self.live(form, at: "layout.\(placement).fields[\(index + 1)].live")
                // Read from the seconds as the rules gave them, as liverules.time did.
                let reading = switch (form, checked) {
                case (.timer(let date, _, _, _, _), .timer(_, let counts, let prefix, let suffix, let showsHours)):
                    LiveForm.timerReading(date: date, counts: counts, prefix: prefix, suffix: suffix, showsHours: showsHours, now: now)
                case (.progress(let start, let finish), _):
                    LiveForm.progressReading(start: start, finish: finish, now: now)
                default:
                    checked.reading(at: Date(timeIntervalSince1970: now))
                }
                guard reading == field.text else {
                    throw OutputProblem(stage: .layout, path: "layout.\(placement).fields[\(index + 1)].text", message:
                        "field '\(field.id)' reads \"\(field.text)\" but its live form reads \"\(reading)\" now, and a device draws the form: "
                        + "give the text and the form together, as liverules.time's helpers return them", value: field.text)
                }
                live = checked
            }
            let (slot, line) = try Self.place(of: field, in: placement, at: "layout.\(placement).fields[\(index + 1)]")
            fields.append(LayoutField(id: field.id, text: field.text, glyph: glyph, live: live, slot: slot, line: line))
        }
        let dropped = output.dropped ?? []
        for (index, id) in dropped.enumerated() {
            try check(id, at: "layout.\(placement).dropped[\(index + 1)]")
            guard !seen.contains(id) else {
                throw OutputProblem(stage: .layout, path: "layout.\(placement).dropped[\(index + 1)]", message: "field '\(id)' is both shown and dropped, or dropped twice")
            }
            seen.append(id)
        }
        return PlacementLayout(fields: fields, dropped: dropped)
    }

    /// The slot and line `field` says it is shown on in `placement`: a slot the placement has and
    /// a line of it (1 for its first, of its default slot when it names none); a problem at
    /// `path` (the field's) otherwise.
    private static func place(of field: FieldOutput, in placement: String, at path: @autoclosure () -> String)
        throws(OutputProblem) -> (slot: String?, line: Int?) {
        guard field.slot != nil || field.line != nil, let budget = Placement(rawValue: placement)?.budget else { return (nil, nil) }
        var slot = budget.slots[0]
        if let name = field.slot {
            guard let named = budget.slots.first(where: { $0.name == name }) else {
                let names = budget.slots.map(\.name)
                throw OutputProblem(stage: .layout, path: "\(path()).slot", message: "\(placement) has no slot '\(name)'"
                    + hint(for: name, among: names, otherwise: " (its slots: \(names.joined(separator: ", ")))"), value: name)
            }
            slot = named
        }
        guard let number = field.line else { return (field.slot, nil) }
        guard number.rounded() == number, number >= 1, number <= Double(slot.lines) else {
            throw OutputProblem(stage: .layout, path: "\(path()).line", message:
                "expected a line of slot '\(slot.name)', a whole number from 1 to \(slot.lines), got \(number.formatted())", value: "\(number)")
        }
        return (field.slot, Int(number))
    }

    /// The live form `form` describes; a problem at `path` (the field's `live`) for a spelling
    /// outside its vocabulary, a date that is not finite or beyond ``OutputLimits/maximumSeconds``,
    /// or a progress whose finish is not after its start.
    private static func live(_ form: LiveOutput, at path: @autoclosure () -> String) throws(OutputProblem) -> LiveForm {
        func date(_ seconds: Double, _ key: String) throws(OutputProblem) -> Date {
            guard seconds.isFinite, abs(seconds) <= OutputLimits.maximumSeconds else {
                throw OutputProblem(stage: .layout, path: "\(path()).\(key)", message:
                    "expected a time in Unix seconds within ±\(Int(OutputLimits.maximumSeconds)) (about 3,000 years of 1970), got \(seconds)")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        func spelling<T: RawRepresentable & CaseIterable>(_ text: String, _ key: String, as: T.Type) throws(OutputProblem) -> T
            where T.RawValue == String {
            if let value = T(rawValue: text) { return value }
            let known = T.allCases.map(\.rawValue)
            throw OutputProblem(stage: .layout, path: "\(path()).\(key)", message: "expected one of \(known.joined(separator: ", ")), got \"\(text)\""
                + hint(for: text, among: known, otherwise: ""), value: text)
        }
        switch form {
        case .timer(let seconds, let counts, let prefix, let suffix, let showsHours):
            return .timer(date: try date(seconds, "timer.date"), counts: try spelling(counts, "timer.counts", as: LiveForm.Counting.self),
                          prefix: prefix ?? "", suffix: suffix ?? "", showsHours: showsHours ?? true)
        case .progress(let start, let finish):
            let from = try date(start, "progress.start"), to = try date(finish, "progress.finish")
            guard finish > start else {
                throw OutputProblem(stage: .layout, path: "\(path()).progress.finish", message: "finish must be after start, got start \(start) and finish \(finish)")
            }
            return .progress(start: from, finish: to)
        }
    }

    /// The glyph `spelling` names; a problem at `path` with a suggestion when it names none.
    private static func glyph(_ spelling: String, at path: @autoclosure () -> String) throws(OutputProblem) -> Glyph {
        if let glyph = Glyph(spelling: spelling) { return glyph }
        throw OutputProblem(stage: .layout, path: path(), message: "unknown glyph '\(spelling)'"
            + hint(for: spelling, among: Glyph.spellings, otherwise: " (glyphs: \(Glyph.spellings.joined(separator: ", ")))"), value: spelling)
    }
}
