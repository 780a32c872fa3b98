import Foundation

/// Generates fixtures (`now`, `attributes`, `state`, dates as ISO-8601 text) from a pack's schema,
/// aimed at where rules break: empty, one and many items, long, unbroken, CJK, emoji and
/// right-to-left texts, optional fields missing, equal and overlapping times, `now` at and around
/// every date of the state, days when clocks change, colours at the contrast thresholds.
/// Seeded: the same seed and index give the same fixture on every machine.
package struct StateGenerator {
    private let schema: Schema
    private var random: SplitMix64

    /// Days the states fall on: an ordinary Monday, and the days clocks change in Europe (March
    /// and October) and in the United States.
    static let days: [Double] = ["2026-03-02T00:00:00Z", "2026-03-29T00:00:00Z", "2026-10-25T00:00:00Z", "2026-03-08T00:00:00Z"]
        .map { ISO8601.parse($0)! }
    /// Time zones: where the clocks change on those days, one that never changes, one 30 minutes off.
    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Adelaide", "Europe/London"]
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
    }

    /// The next fixture, in the fixture file's form.
    package mutating func next() -> JSONValue {
        let day = Self.days[pick(Self.days.count)]
        var dates: [Double] = []
        let attributes = value(of: schema.attributes, named: "", day: day, dates: &dates)
        let state = value(of: schema.state, named: "", day: day, dates: &dates)
        let linked = linkingIds(in: state)
        var now = day + 8 * 3600 + Double(pick(10 * 60)) * 60
        if !dates.isEmpty, pick(10) > 0 {
            now = dates[pick(dates.count)] + (pick(5) == 0 ? Double(pick(7200)) - 3600 : Self.offsets[pick(Self.offsets.count)])
        }
        return .object(["now": .string(ISO8601.format(now)), "attributes": attributes, "state": linked])
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
            let lowered = name.lowercased()
            if lowered.contains("zone") { return .string(Self.zones[pick(Self.zones.count)]) }
            if lowered == "id" || lowered.hasSuffix("id") { return .string(["a", "b", "c", "d", "standup", "x-1"][pick(6)]) }
            return .string(Self.texts[pick(Self.texts.count)])
        case .integer:
            return .integer([0, 1, 2, 3, 45, 46, 67, 90, 91, 120, -1, 1000][pick(12)])
        case .number:
            return .number([0, 0.5, 1, 2.5, 45, 90, 99.9, 100, -1][pick(9)])
        case .bool:
            return .bool(pick(2) == 0)
        case .date:
            let date = day + 7 * 3600 + Double(pick(14 * 12)) * 300 + (pick(8) == 0 ? Double(pick(3)) - 1 : 0)
            dates.append(date)
            return .string(ISO8601.format(date))
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

    /// An object of `fields`. Its dates after the first follow it by a span (a start, then its
    /// end), unless chance makes them free.
    private mutating func object(_ fields: [SchemaField], day: Double, dates: inout [Double]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var first: Double?
        for field in fields {
            var member = value(of: field.type, named: field.name, day: day, dates: &dates)
            if field.type.required == .date, case .string(let text) = member, let date = ISO8601.parse(text) {
                if let first, pick(10) > 0 {
                    let following = first + Self.spans[pick(Self.spans.count)] * 60
                    dates[dates.count - 1] = following
                    member = .string(ISO8601.format(following))
                } else if first == nil {
                    first = date
                }
            }
            if member != .null { members[field.name] = member }
        }
        return .object(members)
    }

    /// `state` with each string member named like `meetingId` (an id of another item) set, most
    /// of the time, to one of the `id`s the state holds.
    private mutating func linkingIds(in state: JSONValue) -> JSONValue {
        var ids: [String] = []
        collectIds(state, into: &ids)
        guard !ids.isEmpty else { return state }
        return relinked(state, ids: ids)
    }

    private func collectIds(_ value: JSONValue, into ids: inout [String]) {
        switch value {
        case .object(let members):
            if case .string(let id)? = members["id"] { ids.append(id) }
            for member in members.values { collectIds(member, into: &ids) }
        case .array(let elements):
            for element in elements { collectIds(element, into: &ids) }
        default:
            break
        }
    }

    private mutating func relinked(_ value: JSONValue, ids: [String]) -> JSONValue {
        switch value {
        case .object(let members):
            var changed: [String: JSONValue] = [:]
            for (key, member) in members {
                if key != "id", key.hasSuffix("Id"), case .string = member, pick(5) > 0 {
                    changed[key] = .string(ids[pick(ids.count)])
                } else {
                    changed[key] = relinked(member, ids: ids)
                }
            }
            return .object(changed)
        case .array(let elements):
            return .array(elements.map { relinked($0, ids: ids) })
        default:
            return value
        }
    }
}
