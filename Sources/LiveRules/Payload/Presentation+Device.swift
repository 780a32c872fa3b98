import Foundation

extension Presentation {
    /// The version of ``deviceForm`` this host writes; the `LiveRulesActivity` library reads it
    /// and skips what a newer version adds.
    public static let deviceFormVersion = 1

    /// The presentation as a push carries it to a device, which cannot run the rules: what a
    /// device draws, and nothing only tooling reads (dropped fields, fallback reasons, the
    /// timing, which the push sends in `aps`). Deterministic and small: each distinct field is
    /// written once, each placement lists its fields by index, and where each is drawn: its
    /// region (slot) and line, as `"slot:line"`, in the same order.
    ///
    /// ```
    /// { "v": 1, "phase": "countdown", "badge": { "text", "tone" },
    ///   "fields": [ { "id", "text", "glyph"?, "timer"? { "date", "counts", "prefix"?, "suffix"? },
    ///                 "progress"? { "start", "finish" } } ],
    ///   "placements": { "lockScreen": [0, 1, 2], … },       // a placement showing nothing is left out
    ///   "regions": { "lockScreen": ["title:1", "body:1", "body:2"], … },  // placements whose fields all have one
    ///   "palette": { "light" | "dark" | "standByNight": { "background", "foreground", "accent" } } }
    /// ```
    /// Dates are seconds since 2001-01-01, as the app's default `JSONDecoder` reads a `Date`.
    /// `schemas/live-presentation-v1.schema.json` describes the form for other clients.
    public var deviceForm: JSONValue {
        var fields: [LayoutField] = [], placements: [String: JSONValue] = [:], regions: [String: JSONValue] = [:]
        for placement in Placement.allCases {
            guard let shown = layout[placement]?.fields, !shown.isEmpty else { continue }
            let places = shown.compactMap { field in field.slot.flatMap { slot in field.line.map { "\(slot):\($0)" } } }
            if places.count == shown.count { regions[placement.rawValue] = .array(places.map(JSONValue.string)) }
            placements[placement.rawValue] = .array(shown.map { placed in
                // The form says what a field is, not where a placement draws it.
                var field = placed
                (field.slot, field.line) = (nil, nil)
                if let index = fields.firstIndex(of: field) { return .integer(Int64(index)) }
                fields.append(field)
                return .integer(Int64(fields.count - 1))
            })
        }
        func appearance(_ look: Appearance) -> JSONValue {
            .object(["background": .string(look.background.hex), "foreground": .string(look.foreground.hex), "accent": .string(look.accent.hex)])
        }
        var form: [String: JSONValue] = [
            "v": .integer(Int64(Self.deviceFormVersion)),
            "phase": .string(phase),
            "badge": .object(["text": .string(badge.text), "tone": .string(badge.tone.rawValue)]),
            "fields": .array(fields.map(Self.deviceField)),
            "placements": .object(placements),
            "palette": .object(["light": appearance(palette.light), "dark": appearance(palette.dark),
                                "standByNight": appearance(palette.standByNight)]),
        ]
        if !regions.isEmpty { form["regions"] = .object(regions) }
        return .object(form)
    }

    /// A field in the device form.
    private static func deviceField(_ field: LayoutField) -> JSONValue {
        func date(_ date: Date) -> JSONValue {
            let seconds = date.timeIntervalSinceReferenceDate
            return seconds.rounded() == seconds && abs(seconds) < 1e15 ? .integer(Int64(seconds)) : .number(seconds)
        }
        var members: [String: JSONValue] = ["id": .string(field.id), "text": .string(field.text)]
        if let glyph = field.glyph { members["glyph"] = .string(glyph.spelling) }
        switch field.live {
        case .timer(let at, let counts, let prefix, let suffix)?:
            var timer: [String: JSONValue] = ["date": date(at), "counts": .string(counts.rawValue)]
            if !prefix.isEmpty { timer["prefix"] = .string(prefix) }
            if !suffix.isEmpty { timer["suffix"] = .string(suffix) }
            members["timer"] = .object(timer)
        case .progress(let start, let finish)?:
            members["progress"] = .object(["start": date(start), "finish": date(finish)])
        case nil:
            break
        }
        return .object(members)
    }
}
