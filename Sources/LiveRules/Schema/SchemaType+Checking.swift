/// A value that does not match its schema type, at a path of the value (0-based indices).
public struct SchemaMismatch: Sendable, Hashable, CustomStringConvertible {
    /// Where the value is, `JSONPath` style: `state.meetings[1].start` (empty for the root).
    public var path: String
    /// What is wrong there: `expected date, got "x"`.
    public var message: String

    public var description: String { "\(path): \(message)" }
}

extension SchemaType {
    /// Checks a JSON value against this type and returns it as rules receive it: dates (ISO-8601
    /// strings in JSON) become Unix seconds, `null` optional members are left out. Mismatches are
    /// appended to `mismatches`, one more than ``InputLimits/problemsPerFile`` at most (so a
    /// reader can tell there were more). Time is linear in the value's size: paths and messages
    /// are built only for a mismatch that is kept. Typed `Codable` input is checked in the state
    /// by `lrl_check.c` instead, to the same contract (same paths and words, held by
    /// `SchemaCheckersAgreeTests`; see the article "Fast paths and reference paths").
    func lower(_ value: JSONValue, at path: String, into mismatches: inout [SchemaMismatch]) -> JSONValue {
        var steps: [JSONPath.Step] = []
        return lower(value, at: path, steps: &steps, into: &mismatches)
    }

    /// `lower` for the value `steps` lead to from `root`; `steps` is left as it was given.
    private func lower(_ value: JSONValue, at root: String, steps: inout [JSONPath.Step],
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
            return wrapped.lower(value, at: root, steps: &steps, into: &mismatches)
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .number), (.bool, .bool):
            return value
        case (.date, .string(let text)):
            guard let seconds = ISO8601.parse(text) else { return mismatch() }
            return .number(seconds)
        case (.colour, .string(let text)):
            return Colour.isValid(text) ? value : mismatch()
        case (.enumeration(_, let values), .string(let text)):
            return values.contains(text) ? value : mismatch()
        case (.array(let element), .array(let items)):
            var lowered: [JSONValue] = []
            lowered.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                steps.append(.element(index))
                lowered.append(element.lower(item, at: root, steps: &steps, into: &mismatches))
                steps.removeLast()
            }
            return .array(lowered)
        case (.object(let name, let fields), .object(let members)):
            var lowered: [String: JSONValue] = Dictionary(minimumCapacity: fields.count)
            let given = fields.map { members[$0.name] }
            let known = given.count { $0 != nil }
            // Members the schema does not have, by the missing required field each is likely a
            // misspelling of: one mistake, reported once at the misspelling.
            var misspelt: [String: String] = [:]
            if known < members.count {
                let names = Set(fields.map(\.name))
                for key in members.keys.sorted() where !names.contains(key) {
                    if let field = Suggestion.closest(to: key, among: fields.map(\.name)), members[field] == nil,
                       fields.first(where: { $0.name == field })?.type.isOptional == false {
                        misspelt[field] = key
                    }
                }
            }
            for (field, member) in zip(fields, given) {
                steps.append(.member(field.name))
                defer { steps.removeLast() }
                guard let member, member != .null || !field.type.isOptional else {
                    if !field.type.isOptional, misspelt[field.name] == nil {
                        report("expected \(field.type.expected), got nothing (the field is required)")
                    }
                    continue
                }
                lowered[field.name] = field.type.lower(member, at: root, steps: &steps, into: &mismatches)
            }
            if known < members.count {
                let names = Set(fields.map(\.name))
                for key in members.keys.sorted() where !names.contains(key) {
                    steps.append(.member(key))
                    let required = misspelt.first { $0.value == key }?.key
                    let hint = Suggestion.hint(for: key, among: fields.map(\.name))
                    report("not in the schema of \(name)" + (hint.isEmpty ? Self.members(fields) : hint)
                        + (required.map { " (\($0) is required)" } ?? ""))
                    steps.removeLast()
                }
            }
            return .object(lowered)
        default:
            return mismatch()
        }
    }

    /// " (it has: a, b)": the members of an object, in their declared order, as the C checker
    /// lists them for a key no member is close to.
    private static func members(_ fields: [SchemaField]) -> String {
        " (it has: \(fields.map(\.name).joined(separator: ", ")))"
    }
}
