import Foundation

/// Generates fixtures (`now`, `attributes`, `state`) in rule form, dates as Unix seconds (as
/// ``Fixture`` holds them; ``Explorer/fileForm(_:)`` writes them as a fixture file does), from a pack's schema,
/// aimed at where rules break: empty, one and many items, long, unbroken, CJK, emoji and
/// right-to-left texts, optional fields missing, equal and overlapping times, `now` at and around
/// every date of the state, days when clocks change, colours at the contrast thresholds.
/// Seeded: the same seed and index give the same fixture on every machine.
package struct StateGenerator {
    private let schema: Schema
    private var random: SplitMix64
    /// What each member name of the schema holds, read once from the names.
    private let kinds: [String: StringKind]
    /// The ids of the state being generated, so far.
    private var heldIds: [String] = []

    /// Days the states fall on: an ordinary Monday, and the days clocks change in Europe (March
    /// and October) and in the United States.
    static let days: [Double] = ["2026-03-02T00:00:00Z", "2026-03-29T00:00:00Z", "2026-10-25T00:00:00Z", "2026-03-08T00:00:00Z"]
        .map { ISO8601.parse($0)! }
    /// Time zones: where the clocks change on those days, one that never changes, one 30 minutes off.
    /// The first of each list is the simplest, which shrinking tries (``simplest(of:named:)``).
    static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Adelaide", "Europe/London"]
    /// Ids: a few, so that items share them, and one as an `…Id` member names.
    static let ids = ["a", "b", "c", "d", "standup", "x-1"]
    static let integers: [Int64] = [0, 1, 2, 3, 45, 46, 67, 90, 91, 120, -1, 1000]
    static let numbers: [Double] = [0, 0.5, 1, 2.5, 45, 90, 99.9, 100, -1]
    /// Texts rules find hard.
    static let texts = [
        "A", "Night ops check", "Design review", "1:1 with Sam", "Customer interview 24 with the onboarding team",
        "Quarterly business review with the regional sales leadership and the finance partners",
        "Supercalifragilisticexpialidociouslylongunbrokenword", "四半期の事業計画レビュー会議", "设计评审",
        "🚀 Launch 🎉 party 🥳", "👩‍👩‍👧‍👦 Family", "اجتماع الفريق الأسبوعي", "פגישת צוות", "Room 4.2", "  padded  ", "",
    ]
    /// Colours at and around the contrast thresholds on white and on black, and plain ones.
    static let colours = ["#000000", "#FFFFFF", "#767676", "#777777", "#949494", "#959595", "#5A5A5A", "#595959",
                          "#FF9500", "#5856D6", "#34C759", "#FFFF00", "#0000FF", "#FF0000", "#00FF00", "#808080"]
    /// Offsets of `now` from a date of the state: at, a second either side, and the minutes rules
    /// compare against.
    static let offsets: [Double] = [0, -1, 1, -60, 60, -120, 120, -179, -180, -181, 180, -299, -300, -301, 300, -599, -600,
                                    -601, 599, 600, 601, -899, -900, -901, 899, 900, 901, -3600, 3600, -1800, 1800]
    /// How many items a list gets: empty, one and many weigh as much as a few.
    static let counts = [0, 1, 1, 2, 2, 3, 4, 6, 50]
    /// Lengths of what has a start and an end (in minutes): none, a second, short, usual, long.
    static let spans: [Double] = [0, 1.0 / 60, 5, 10, 15, 20, 25, 30, 45, 60, 90, 480]

    package init(schema: Schema, seed: UInt64) {
        self.schema = schema
        random = SplitMix64(seed: seed)
        var kinds: [String: StringKind] = [:]
        func note(_ type: SchemaType) {
            switch type.required {
            case .array(let element): note(element)
            case .object(_, let fields):
                for field in fields {
                    if kinds[field.name] == nil { kinds[field.name] = Self.kind(named: field.name) }
                    note(field.type)
                }
            default: break
            }
        }
        note(schema.attributes)
        note(schema.state)
        self.kinds = kinds
    }

    /// The next fixture, in rule form.
    package mutating func next() -> JSONValue {
        heldIds = []
        let day = Self.days[pick(Self.days.count)]
        var dates: [Double] = []
        let attributes = value(of: schema.attributes, named: "", day: day, dates: &dates)
        let state = value(of: schema.state, named: "", day: day, dates: &dates)
        var now = day + 8 * 3600 + Double(pick(10 * 60)) * 60
        if !dates.isEmpty, pick(10) > 0 {
            now = dates[pick(dates.count)] + (pick(5) == 0 ? Double(pick(7200)) - 3600 : Self.offsets[pick(Self.offsets.count)])
        }
        return .object(["now": .number(now), "attributes": attributes, "state": state])
    }

    /// The texts a string member named `name` gets: a time zone for a name holding `zone`, an
    /// id for `id` and `…Id`, otherwise the texts rules find hard.
    private static func strings(named name: String) -> [String] {
        switch kind(named: name) {
        case .zone: zones
        case .id, .link: ids
        case .text: texts
        }
    }

    /// Whether a string member named `name` holds free text (not a time zone or an id), which
    /// shrinking may shorten.
    static func isFreeText(named name: String) -> Bool {
        kind(named: name) == .text
    }

    /// The simplest value the generator makes for a member of `type` named `name`, which
    /// shrinking tries in place of any other: nil for lists, objects and dates, which shrink in
    /// their own ways.
    static func simplest(of type: SchemaType, named name: String) -> JSONValue? {
        switch type {
        case .optional(let wrapped): simplest(of: wrapped, named: name)
        case .string: .string(strings(named: name)[0])
        case .integer: .integer(integers[0])
        case .number: .number(numbers[0])
        case .bool: .bool(false)
        case .colour: .string(colours[0])
        case .enumeration(_, let values): values.first.map(JSONValue.string)
        case .date, .array, .object: nil
        }
    }

    /// What a string member holds, by its name.
    enum StringKind {
        /// A time zone: the name holds `zone`.
        case zone
        /// An item's id: `id`, or a name ending `id` other than `…Id`.
        case id
        /// Another item's id: a name ending `Id` (`meetingId`).
        case link
        case text
    }

    static func kind(named name: String) -> StringKind {
        if name != "id", name.hasSuffix("Id") { return .link }
        let lowered = name.lowercased()
        if lowered.contains("zone") { return .zone }
        return lowered == "id" || lowered.hasSuffix("id") ? .id : .text
    }

    private mutating func pick(_ count: Int) -> Int {
        Int(random.next() % UInt64(max(count, 1)))
    }

    /// A value of `type`; `name` is the member's (a hint: a time zone, an id); dates go to `dates`.
    private mutating func value(of type: SchemaType, named name: String, day: Double, dates: inout [Double]) -> JSONValue {
        switch type {
        case .optional(let wrapped):
            return pick(10) < 3 ? .null : value(of: wrapped, named: name, day: day, dates: &dates)
        case .string:
            switch kinds[name] ?? Self.kind(named: name) {
            case .zone:
                return .string(Self.zones[pick(Self.zones.count)])
            case .id:
                let id = Self.ids[pick(Self.ids.count)]
                heldIds.append(id)
                return .string(id)
            case .link:
                // Most of the time an id the state holds so far (a late notice names a meeting).
                if !heldIds.isEmpty, pick(5) > 0 { return .string(heldIds[pick(heldIds.count)]) }
                return .string(Self.ids[pick(Self.ids.count)])
            case .text:
                return .string(Self.texts[pick(Self.texts.count)])
            }
        case .integer:
            return .integer(Self.integers[pick(Self.integers.count)])
        case .number:
            return .number(Self.numbers[pick(Self.numbers.count)])
        case .bool:
            return .bool(pick(2) == 0)
        case .date:
            let date = self.date(on: day)
            dates.append(date)
            return .number(date)
        case .colour:
            return .string(Self.colours[pick(Self.colours.count)])
        case .enumeration(_, let values):
            return .string(values[pick(values.count)])
        case .array(let element):
            let count = Self.counts[pick(Self.counts.count)]
            return .array((0..<count).map { _ in value(of: element, named: name, day: day, dates: &dates) })
        case .object(_, let fields):
            return object(fields, day: day, dates: &dates)
        }
    }

    /// A time on `day` between 07:00 and 21:00 on a 5-minute step, now and then a second off it.
    private mutating func date(on day: Double) -> Double {
        day + 7 * 3600 + Double(pick(14 * 12)) * 300 + (pick(8) == 0 ? Double(pick(3)) - 1 : 0)
    }

    /// An object of `fields`. Its dates after the first follow it by a span (a start, then its
    /// end), unless chance makes them free.
    private mutating func object(_ fields: [SchemaField], day: Double, dates: inout [Double]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var first: Double?
        for field in fields {
            guard field.type.required == .date else {
                let member = value(of: field.type, named: field.name, day: day, dates: &dates)
                if member != .null { members[field.name] = member }
                continue
            }
            if field.type.isOptional, pick(10) < 3 { continue }
            var date = self.date(on: day)
            if let first, pick(10) > 0 {
                date = first + Self.spans[pick(Self.spans.count)] * 60
            } else if first == nil {
                first = date
            }
            dates.append(date)
            members[field.name] = .number(date)
        }
        return .object(members)
    }
}
