import Foundation

/// A presentation in its device form (``Presentation/deviceForm`` describes the form), written
/// member by member in sorted key order: the one definition of the form, read as a tree or
/// written straight into a push's text.
struct DeviceForm: JSONShaped {
    /// Every placement with its place in `Placement.allCases`, in the order their keys sort.
    private static let sortedPlacements: [(placement: Placement, position: Int)] = Placement.allCases.enumerated()
        .map { ($0.element, $0.offset) }
        .sorted { $0.placement.rawValue.utf8.lexicographicallyPrecedes($1.placement.rawValue.utf8) }
    private static let placements = Placement.allCases

    let presentation: Presentation

    func write(to output: inout some JSONOutput) {
        // Each distinct field once (what it is, not where a placement draws it), numbered in the
        // order the placements (in declaration order) first show it.
        var fields: [LayoutField] = []
        fields.reserveCapacity(16)
        var shown = [[Int]](repeating: [], count: Self.placements.count)
        var anyRegions = false
        for (position, placement) in Self.placements.enumerated() {
            guard let placed = presentation.layout[placement]?.fields else { continue }
            shown[position] = placed.map { placedField in
                var field = placedField
                (field.slot, field.line) = (nil, nil)
                if let index = fields.firstIndex(of: field) { return index }
                fields.append(field)
                return fields.count - 1
            }
            anyRegions = anyRegions || Self.regions(of: placed) != nil
        }
        output.beginObject()
        output.member("badge", presentation.badge)
        output.key("fields")
        output.beginArray()
        for field in fields { Self.write(field, to: &output) }
        output.endArray()
        output.key("palette")
        output.beginObject()
        Self.write(presentation.palette.dark, as: "dark", to: &output)
        Self.write(presentation.palette.light, as: "light", to: &output)
        Self.write(presentation.palette.standByNight, as: "standByNight", to: &output)
        output.endObject()
        output.member("phase", .string(presentation.phase))
        output.key("placements")
        output.beginObject()
        for (placement, position) in Self.sortedPlacements where !shown[position].isEmpty {
            output.key(text: placement.rawValue)
            output.beginArray()
            for index in shown[position] { output.scalar(.integer(Int64(index))) }
            output.endArray()
        }
        output.endObject()
        if anyRegions {
            output.key("regions")
            output.beginObject()
            for (placement, _) in Self.sortedPlacements {
                guard let placed = presentation.layout[placement]?.fields, let regions = Self.regions(of: placed) else { continue }
                output.key(text: placement.rawValue)
                output.beginArray()
                for region in regions { output.scalar(.string(region)) }
                output.endArray()
            }
            output.endObject()
        }
        output.member("v", .integer(Int64(Presentation.deviceFormVersion)))
        output.endObject()
    }

    /// Where a placement draws `fields`, each as `"slot:line"`; nil when it shows none, or when
    /// one has no slot or line (a field a rule built without them).
    private static func regions(of fields: [LayoutField]) -> [String]? {
        guard !fields.isEmpty else { return nil }
        var regions: [String] = []
        regions.reserveCapacity(fields.count)
        for field in fields {
            guard let slot = field.slot, let line = field.line else { return nil }
            regions.append("\(slot):\(line)")
        }
        return regions
    }

    /// The member `key` with the colours of `look`.
    private static func write(_ look: Appearance, as key: StaticString, to output: inout some JSONOutput) {
        output.key(key)
        output.beginObject()
        output.member("accent", .string(look.accent.hex))
        output.member("background", .string(look.background.hex))
        output.member("foreground", .string(look.foreground.hex))
        output.endObject()
    }

    /// A field: its id, text, glyph and live form.
    private static func write(_ field: LayoutField, to output: inout some JSONOutput) {
        output.beginObject()
        if let glyph = field.glyph { output.member("glyph", .string(glyph.spelling)) }
        output.member("id", .string(field.id))
        // In sorted key order: "progress", "text", "timer".
        if let live = field.live, case .progress = live { live.writeMember(to: &output, date: date) }
        output.member("text", .string(field.text))
        if let live = field.live, case .timer = live { live.writeMember(to: &output, date: date) }
        output.endObject()
    }

    /// A date as seconds since 2001-01-01: an integer when it is whole.
    private static func date(_ date: Date) -> JSONValue {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.rounded() == seconds && abs(seconds) < 1e15 ? .integer(Int64(seconds)) : .number(seconds)
    }

    /// Whether every date of the form reads as seconds since 2001 at `now` (Unix seconds), as
    /// the ``PayloadValidator`` judges content-state dates, and every progress finishes after it
    /// starts.
    func datesArePlain(now: Double) -> Bool {
        func plain(_ date: Date) -> Bool { DeviceTime.isPlainSince2001(date.timeIntervalSinceReferenceDate, now: now) }
        return presentation.layout.values.allSatisfy { layout in
            layout.fields.allSatisfy { field in
                switch field.live {
                case nil: true
                case .timer(let at, _, _, _, _)?: plain(at)
                case .progress(let start, let finish)?: plain(start) && plain(finish) && finish > start
                }
            }
        }
    }
}

// MARK: - Presentation's device form

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
    ///   "fields": [ { "id", "text", "glyph"?, "timer"? { "date", "counts", "prefix"?, "suffix"?, "showsHours"? },
    ///                 "progress"? { "start", "finish" } } ],
    ///   "placements": { "lockScreen": [0, 1, 2], … },       // a placement showing nothing is left out
    ///   "regions": { "lockScreen": ["title:1", "body:1", "body:2"], … },  // placements whose fields all have one
    ///   "palette": { "light" | "dark" | "standByNight": { "background", "foreground", "accent" } } }
    /// ```
    /// Dates are seconds since 2001-01-01, as the app's default `JSONDecoder` reads a `Date`.
    /// `schemas/live-presentation-v1.schema.json` describes the form for other clients.
    public var deviceForm: JSONValue {
        DeviceForm(presentation: self).json
    }
}
