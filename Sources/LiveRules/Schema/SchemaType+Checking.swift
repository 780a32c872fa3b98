/// A value that does not match its schema type, at a path of the value (0-based indices).
public struct SchemaMismatch: Sendable, Hashable, CustomStringConvertible {
    /// Where the value is, `JSONPath` style: `state.meetings[1].start` (empty for the root).
    public var path: String
    /// What is wrong there: `expected date, got "x"`.
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// How a value checked by ``SchemaType`` spells its dates.
enum SchemaDateForm: Sendable {
    /// ISO-8601 strings, as JSON fixtures and batch lines write them (the default).
    case iso8601
    /// Unix seconds, as a `Date` member of a typed `Codable` value is handed to rules.
    case unixSeconds
}

extension SchemaType {
    /// Checks a JSON value against this type and returns it as rules receive it: dates (ISO-8601
    /// strings in JSON) become Unix seconds, `null` optional members are left out. Mismatches are
    /// appended to `mismatches`, one more than ``InputLimits/problemsPerFile`` at most (so a
    /// reader can tell there were more). Time is linear in the value's size: paths and messages
    /// are built only for a mismatch that is kept.
    ///
    /// Typed `Codable` input is checked in the state by `lrl_check.c` first, to the same contract
    /// (same paths and words for one mistake, held by `SchemaCheckersAgreeTests`; see the article
    /// "Fast paths and reference paths"). That check stops at the first mismatch; when it refuses
    /// a value, the presenter checks the value again here, re-encoded with its dates as
    /// `.unixSeconds`, to name every mismatch.
    func lower(_ value: JSONValue, at path: String, dates: SchemaDateForm = .iso8601,
               into mismatches: inout [SchemaMismatch]) -> JSONValue {
        var steps: [JSONPath.Step] = []
        return lower(value, at: path, dates: dates, steps: &steps, into: &mismatches)
    }

    /// `lower` for the value `steps` lead to from `root`; `steps` is left as it was given.
    private func lower(_ value: JSONValue, at root: String, dates: SchemaDateForm, steps: inout [JSONPath.Step],
                       into mismatches: inout [SchemaMismatch]) -> JSONValue {
        func report(_ message: @autoclosure () -> String) {
            guard mismatches.count <= InputLimits.problemsPerFile else { return }
            mismatches.append(SchemaMismatch(path: JSONPath.following(steps, from: root), message: message()))
        }
        func mismatch() -> JSONValue {
            report("expected \(expected), got \(value.brief)")
            return value
        }
        switch (self, value) {
        case (.optional, .null):
            return .null
        case (.optional(let wrapped), _):
            return wrapped.lower(value, at: root, dates: dates, steps: &steps, into: &mismatches)
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .number), (.bool, .bool):
            return value
        case (.date, .string(let text)) where dates == .iso8601:
            guard let seconds = ISO8601.parse(text) else { return mismatch() }
            return .number(seconds)
        case (.date, .number(let seconds)) where dates == .unixSeconds:
            return seconds.isFinite ? value : mismatch()
        case (.date, .integer(let seconds)) where dates == .unixSeconds:
            return .number(Double(seconds))
        case (.colour, .string(let text)):
            return Colour.isValid(text) ? value : mismatch()
        case (.enumeration(_, let values), .string(let text)):
            return values.contains(text) ? value : mismatch()
        case (.array(let element), .array(let items)):
            var lowered: [JSONValue] = []
            lowered.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                steps.append(.element(index))
                lowered.append(element.lower(item, at: root, dates: dates, steps: &steps, into: &mismatches))
                steps.removeLast()
            }
            return .array(lowered)
        case (.object(let name, let fields), .object(let members)):
            var lowered: [String: JSONValue] = Dictionary(minimumCapacity: fields.count)
            let given = fields.map { members[$0.name] }
            let known = given.count { $0 != nil }
            // Members the schema does not have, each with what it likely stands for: a field
            // spelt otherwise, or renamed by the type's `CodingKeys`. A missing required field one
            // of them stands for is one mistake, reported once, at that member.
            var unknown: [(key: String, likeness: UnknownMember)] = []
            var standsFor: Set<String> = []
            if known < members.count {
                let names = Set(fields.map(\.name))
                for key in members.keys.sorted() where !names.contains(key) {
                    let likeness = UnknownMember(key, in: fields, given: members, taken: standsFor)
                    if let field = likeness.required { standsFor.insert(field) }
                    unknown.append((key, likeness))
                }
            }
            for (field, member) in zip(fields, given) {
                steps.append(.member(field.name))
                defer { steps.removeLast() }
                guard let member, member != .null || !field.type.isOptional else {
                    if !field.type.isOptional, !standsFor.contains(field.name) {
                        report("expected \(field.type.expected), got nothing (the field is required)")
                    }
                    continue
                }
                lowered[field.name] = field.type.lower(member, at: root, dates: dates, steps: &steps, into: &mismatches)
            }
            for (key, likeness) in unknown {
                steps.append(.member(key))
                report("not in the schema of \(name)" + likeness.explanation(of: key, fields: fields))
                steps.removeLast()
            }
            return .object(lowered)
        default:
            return mismatch()
        }
    }

    /// " (it has: a, b)": the members of an object, in their declared order, as the C checker
    /// lists them for a key no member is close to.
    fileprivate static func members(_ fields: [SchemaField]) -> String {
        " (it has: \(fields.map(\.name).joined(separator: ", ")))"
    }
}

/// What a member an object type does not have likely stands for, judged against the fields of
/// the type: the words that follow "not in the schema of T".
private enum UnknownMember {
    /// Close to `field` by edit distance (``Suggestion``, as the C checker judges): a typo.
    case misspelt(field: String, required: Bool)
    /// The words of `field`, cased otherwise (`start_date` for `startDate`), or with words added
    /// or left out at either end (`start_date` for `start`): the name a `CodingKeys` case or a
    /// key strategy gives a missing field.
    case renamed(field: String, required: Bool)
    /// Begins or ends with a missing field's name, as a property named otherwise does
    /// (`startsAt` for `start`).
    case resembles(field: String, required: Bool)
    /// Like no field.
    case unlike

    /// Judges `key` against `fields`; only a field missing from `given` (absent or null) that
    /// is not in `taken` (already stood for by another member) can be renamed or resembled.
    init(_ key: String, in fields: [SchemaField], given: [String: JSONValue], taken: Set<String>) {
        let names = fields.map(\.name)
        let missing = fields.filter { (given[$0.name] ?? .null) == .null && !taken.contains($0.name) }
        func required(_ name: String) -> Bool { fields.first { $0.name == name }?.type.isOptional == false }
        let words = Self.words(of: key)
        if let field = missing.filter({ Self.isRenamed(words, from: Self.words(of: $0.name)) }).max(by: { $0.name.count < $1.name.count }) {
            self = .renamed(field: field.name, required: !field.type.isOptional)
        } else if let field = Suggestion.closest(to: key, among: names) {
            self = .misspelt(field: field, required: required(field) && missing.contains { $0.name == field })
        } else if let field = missing.filter({ Self.resembles(key, $0.name) }).max(by: { $0.name.count < $1.name.count }) {
            self = .resembles(field: field.name, required: !field.type.isOptional)
        } else {
            self = .unlike
        }
    }

    /// The missing required field this member stands for, if any.
    var required: String? {
        switch self {
        case .misspelt(let field, true), .renamed(let field, true), .resembles(let field, true): field
        default: nil
        }
    }

    /// " — did you mean start? (start is required)", " (it has: …)" and the like.
    func explanation(of key: String, fields: [SchemaField]) -> String {
        let needed = required.map { " (\($0) is required)" } ?? ""
        switch self {
        case .misspelt: return Suggestion.hint(for: key, among: fields.map(\.name)) + needed
        case .resembles(let field, _): return " — did you mean \(field)?" + needed
        case .renamed(let field, _): return " — the type's CodingKeys may rename \(field) to \(key)" + needed
        case .unlike: return SchemaType.members(fields)
        }
    }

    /// The words of a name, lowercased: split at `_`, `-` and other punctuation, and where the
    /// case changes (`calendarColor`, `calendar_color` → calendar, color; `iconURLText` → icon,
    /// url, text).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if !previous.isUppercase || next?.isLowercase == true {
                    words.append(current)
                    current = ""
                }
            }
            current += character.lowercased()
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether words `key` name `field` as a coding key would: the same words (cased or joined
    /// otherwise), or one list the other's with words added at its start or end.
    static func isRenamed(_ key: [String], from field: [String]) -> Bool {
        guard !key.isEmpty, !field.isEmpty else { return false }
        if key == field { return true }
        let (short, long) = key.count < field.count ? (key, field) : (field, key)
        return short.count < long.count && (long.starts(with: short) || long.reversed().starts(with: short.reversed()))
    }

    /// Whether `key` begins or ends with `field`, or `field` with `key` (ignoring case), the
    /// shorter of at least two characters.
    static func resembles(_ key: String, _ field: String) -> Bool {
        let (key, field) = (key.lowercased(), field.lowercased())
        let (short, long) = key.count < field.count ? (key, field) : (field, key)
        return short.count >= 2 && short != long && (long.hasPrefix(short) || long.hasSuffix(short))
    }
}
