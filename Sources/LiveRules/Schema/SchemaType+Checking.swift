/// A value that does not match its schema type, at a path of the value (0-based indices).
public struct SchemaMismatch: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

extension SchemaType {
    /// Checks a JSON value against this type and returns it as rules receive it: dates (ISO-8601
    /// strings in JSON) become Unix seconds, `null` optional members are left out. Mismatches are
    /// appended to `mismatches`, all of them.
    func lower(_ value: JSONValue, at path: String, into mismatches: inout [SchemaMismatch]) -> JSONValue {
        func mismatch() -> JSONValue {
            mismatches.append(SchemaMismatch(path: path, message: "expected \(expected), got \(value.brief)"))
            return value
        }
        switch (self, value) {
        case (.optional, .null):
            return .null
        case (.optional(let wrapped), _):
            return wrapped.lower(value, at: path, into: &mismatches)
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
            return .array(items.enumerated().map { index, item in
                element.lower(item, at: JSONPath.element(index, in: path), into: &mismatches)
            })
        case (.object(let name, let fields), .object(let members)):
            var lowered: [String: JSONValue] = [:]
            for field in fields {
                let at = JSONPath.member(field.name, in: path)
                guard let member = members[field.name], member != .null || !field.type.isOptional else {
                    if !field.type.isOptional {
                        mismatches.append(SchemaMismatch(path: at, message: "expected \(field.type.expected), got nothing (the field is required)"))
                    }
                    continue
                }
                lowered[field.name] = field.type.lower(member, at: at, into: &mismatches)
            }
            let names = fields.map(\.name)
            for key in members.keys.sorted() where !names.contains(key) {
                mismatches.append(SchemaMismatch(
                    path: JSONPath.member(key, in: path),
                    message: "not in the schema of \(name)" + Suggestion.hint(for: key, among: names)))
            }
            return .object(lowered)
        default:
            return mismatch()
        }
    }
}
