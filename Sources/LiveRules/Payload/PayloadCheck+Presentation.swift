extension PayloadCheck {
    /// Checks a presentation in its device form (``Presentation/deviceForm``) against the pack:
    /// version 1, a phase and field ids of the pack, placements it knows with indices into
    /// `fields`, a known tone, glyph and timer direction, dates as seconds since 2001-01-01, a
    /// progress whose finish is after its start, colours `#RRGGBB`, regions `"slot:line"` of the
    /// placement, one per field it lists, and no members the form does not have.
    mutating func presentation(_ value: JSONValue, at path: String) {
        guard case .object(let members) = value else {
            add(.presentation, at: path, "expected the presentation's device form, an object, got \(value.brief)",
                fix: "send Presentation.deviceForm")
            return
        }
        let manifest = validator.manifest
        unknownKeys(of: members, at: path, known: ["v", "phase", "badge", "fields", "placements", "regions", "palette"])
        if members["v"] != .integer(Int64(Presentation.deviceFormVersion)) {
            add(.presentation, at: JSONPath.member("v", in: path), "expected version \(Presentation.deviceFormVersion), got \(members["v"]?.brief ?? "nothing")",
                fix: "send the form this host writes: the device library reads version \(Presentation.deviceFormVersion)")
        }
        if case .string(let phase)? = members["phase"] {
            if !manifest.phases.contains(phase) {
                add(.presentation, at: JSONPath.member("phase", in: path), "'\(phase)' is not a phase of the pack" + Suggestion.hint(for: phase, among: manifest.phases),
                    fix: "send one of \(manifest.phases.joined(separator: ", "))")
            }
        } else {
            add(.presentation, at: JSONPath.member("phase", in: path), "expected the phase, a string, got \(members["phase"]?.brief ?? "nothing")", fix: "send the phase")
        }
        badge(members["badge"], at: JSONPath.member("badge", in: path))
        let count = fields(members["fields"], at: JSONPath.member("fields", in: path))
        placements(members["placements"], fields: count, at: JSONPath.member("placements", in: path))
        if let regions = members["regions"] { self.regions(regions, of: members["placements"], at: JSONPath.member("regions", in: path)) }
        palette(members["palette"], at: JSONPath.member("palette", in: path))
    }

    /// The members of the object `value` at `path` after checking it has only `known` and every
    /// one of `required` is a string; nil (with a finding) when it is not an object.
    private mutating func object(_ value: JSONValue?, _ what: String, at path: String, known: [String], strings required: [String]) -> [String: JSONValue]? {
        guard case .object(let members)? = value else {
            add(.presentation, at: path, "expected \(what), an object, got \(value?.brief ?? "nothing")", fix: "send \(what)")
            return nil
        }
        unknownKeys(of: members, at: path, known: known)
        for key in required {
            guard case .string? = members[key] else {
                add(.presentation, at: JSONPath.member(key, in: path), "expected a string, got \(members[key]?.brief ?? "nothing")", fix: "send the \(key)")
                continue
            }
        }
        return members
    }

    private mutating func badge(_ value: JSONValue?, at path: String) {
        guard let members = object(value, "the badge { text, tone }", at: path, known: ["text", "tone"], strings: ["text", "tone"]),
              case .string(let tone)? = members["tone"], Tone(rawValue: tone) == nil else { return }
        let tones = Tone.allCases.map(\.rawValue)
        add(.presentation, at: JSONPath.member("tone", in: path), "'\(tone)' is not a tone" + Suggestion.hint(for: tone, among: tones),
            fix: "send one of \(tones.joined(separator: ", "))")
    }

    /// Checks the field list; returns how many fields there are.
    private mutating func fields(_ value: JSONValue?, at path: String) -> Int {
        guard case .array(let fields)? = value else {
            add(.presentation, at: path, "expected the list of fields, got \(value?.brief ?? "nothing")", fix: "send \"fields\": [ … ]")
            return 0
        }
        let ids = validator.manifest.fields
        for (index, field) in fields.enumerated() {
            let fieldPath = JSONPath.element(index, in: path)
            guard let members = object(field, "a field { id, text }", at: fieldPath, known: ["id", "text", "glyph", "timer", "progress"],
                                       strings: ["id", "text"]) else { continue }
            if case .string(let id)? = members["id"], !ids.contains(id) {
                add(.presentation, at: JSONPath.member("id", in: fieldPath), "'\(id)' is not a field id of the pack" + Suggestion.hint(for: id, among: ids),
                    fix: "send one of the manifest's fields")
            }
            if let glyph = members["glyph"], glyph.string.flatMap(Glyph.init(spelling:)) == nil {
                add(.presentation, at: JSONPath.member("glyph", in: fieldPath), "\(glyph.brief) is not a glyph", fix: "send one of \(Glyph.spellings.joined(separator: ", "))")
            }
            if members["timer"] != nil, members["progress"] != nil {
                add(.presentation, at: fieldPath, "a field has at most one of timer and progress", fix: "send one live form")
            }
            if let timer = members["timer"] { self.timer(timer, at: JSONPath.member("timer", in: fieldPath)) }
            if let progress = members["progress"] { self.progress(progress, at: JSONPath.member("progress", in: fieldPath)) }
        }
        return fields.count
    }

    private mutating func timer(_ value: JSONValue, at path: String) {
        guard let members = object(value, "a timer { date, counts }", at: path, known: ["date", "counts", "prefix", "suffix", "showsHours"],
                                   strings: ["counts"]) else { return }
        date(members["date"] ?? .null, at: JSONPath.member("date", in: path))
        if case .string(let counts)? = members["counts"], LiveForm.Counting(rawValue: counts) == nil {
            add(.presentation, at: JSONPath.member("counts", in: path), "'\(counts)' is not a direction", fix: "send \"down\" or \"up\"")
        }
        for key in ["prefix", "suffix"] where members[key] != nil && members[key]?.string == nil {
            add(.presentation, at: JSONPath.member(key, in: path), "expected a string, got \(members[key]!.brief)", fix: "send the text around the clock")
        }
        if let shows = members["showsHours"], shows != .bool(false) {
            add(.presentation, at: JSONPath.member("showsHours", in: path), "expected false, got \(shows.brief)",
                fix: "send showsHours only as false, for a clock without hours")
        }
    }

    private mutating func progress(_ value: JSONValue, at path: String) {
        guard let members = object(value, "a progress { start, finish }", at: path, known: ["start", "finish"], strings: []) else { return }
        date(members["start"] ?? .null, at: JSONPath.member("start", in: path))
        date(members["finish"] ?? .null, at: JSONPath.member("finish", in: path))
        if let start = members["start"]?.number, let finish = members["finish"]?.number, finish <= start {
            add(.presentation, at: JSONPath.member("finish", in: path), "finish must be after start", fix: "send a progress that ends after it starts")
        }
    }

    private mutating func placements(_ value: JSONValue?, fields count: Int, at path: String) {
        guard case .object(let members)? = value else {
            add(.presentation, at: path, "expected the placements { id: [field index] }, got \(value?.brief ?? "nothing")", fix: "send \"placements\": { … }")
            return
        }
        unknownKeys(of: members, at: path, known: Placement.allCases.map(\.rawValue))
        for (placement, list) in members.sorted(by: { $0.key < $1.key }) {
            let listPath = JSONPath.member(placement, in: path)
            guard case .array(let indices) = list else {
                add(.presentation, at: listPath, "expected a list of field indices, got \(list.brief)", fix: "send [0, 1, …]")
                continue
            }
            for (position, index) in indices.enumerated() {
                guard case .integer(let at) = index, at >= 0, at < count else {
                    add(.presentation, at: JSONPath.element(position, in: listPath), "\(index.brief) is not an index into the \(count) fields",
                        fix: "send indices from 0 to \(max(count - 1, 0))")
                    continue
                }
            }
        }
    }

    /// Each placement's regions: as many as it lists fields, each a slot of the placement and a
    /// line of that slot, `"slot:line"`.
    private mutating func regions(_ value: JSONValue, of placements: JSONValue?, at path: String) {
        guard case .object(let members) = value else {
            add(.presentation, at: path, "expected the regions { id: [\"slot:line\"] }, got \(value.brief)", fix: "send \"regions\": { … } or leave it out")
            return
        }
        for (name, list) in members.sorted(by: { $0.key < $1.key }) {
            let listPath = JSONPath.member(name, in: path)
            guard case .object(let listed)? = placements, case .array(let indices)? = listed[name], let placement = Placement(rawValue: name) else {
                add(.presentation, at: listPath, "'\(name)' lists no fields in placements", fix: "send regions only for the placements listed")
                continue
            }
            guard case .array(let places) = list, places.count == indices.count else {
                add(.presentation, at: listPath, "expected \(indices.count) regions, one per field the placement lists, got \(list.brief)",
                    fix: "send one \"slot:line\" per field")
                continue
            }
            let slots = placement.budget.slots
            for (position, place) in places.enumerated() {
                let parts = place.string?.split(separator: ":", omittingEmptySubsequences: false) ?? []
                guard parts.count == 2, let slot = slots.first(where: { $0.name == parts[0] }), let line = Int(parts[1]), (1...slot.lines).contains(line) else {
                    add(.presentation, at: JSONPath.element(position, in: listPath), "\(place.brief) is not a region of \(name): a slot (\(slots.map(\.name).joined(separator: ", "))) and one of its lines",
                        fix: "send \"slot:line\", as \"\(slots[0].name):1\"")
                    continue
                }
            }
        }
    }

    private mutating func palette(_ value: JSONValue?, at path: String) {
        let appearances = ["light", "dark", "standByNight"], colours = ["background", "foreground", "accent"]
        guard let members = object(value, "the palette { light, dark, standByNight }", at: path, known: appearances, strings: []) else { return }
        for appearance in appearances {
            let lookPath = JSONPath.member(appearance, in: path)
            guard let look = object(members[appearance], "the \(appearance) colours", at: lookPath, known: colours, strings: colours) else { continue }
            for key in colours {
                if case .string(let text)? = look[key], !Colour.isValid(text) {
                    add(.presentation, at: JSONPath.member(key, in: lookPath), "\"\(text)\" is not a colour #RRGGBB", fix: "send six hex digits after #")
                }
            }
        }
    }

    /// The three largest members under `value` (at `path`, two levels down), with their bytes:
    /// where to look when a body is too large.
    static func largestParts(of value: JSONValue, at path: String) -> String {
        var parts: [(path: String, bytes: Int)] = []
        func visit(_ value: JSONValue, _ path: String, depth: Int) {
            guard case .object(let members) = value else { return }
            for (key, member) in members {
                let memberPath = JSONPath.member(key, in: path)
                let bytes = ((try? JSONWriter.compact(member)) ?? "").utf8.count
                if depth < 2, case .object = member { visit(member, memberPath, depth: depth + 1) } else { parts.append((memberPath, bytes)) }
            }
        }
        visit(value, path, depth: 0)
        return parts.sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }.prefix(3).map { "\($0.path) (\($0.bytes) bytes)" }.joined(separator: ", ")
    }
}
