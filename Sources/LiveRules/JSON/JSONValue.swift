import Foundation

/// A JSON value. Integers that fit `Int64` are kept apart from other numbers.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys compare with `String` equality, so keys that differ only in Unicode normalization are one key.
    case object([String: JSONValue])

    /// The member `key` when this is an object that has it; otherwise `nil`.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The name of the case: "null", "bool", "integer", "number", "string", "array" or "object".
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A short rendering for messages: scalars as JSON text, strings quoted and elided to about
    /// 40 characters, containers as `[… 3 elements]` / `{… 1 member}` (or `[]` / `{}` when empty).
    var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return value.isFinite ? JSONWriter.numberText(value) : value.description
        case .string(let value):
            let limit = 38
            guard value.count > limit else { return JSONWriter.quoted(value) }
            return String(JSONWriter.quoted(String(value.prefix(limit - 1))).dropLast()) + "…\""
        case .array(let elements):
            return elements.isEmpty ? "[]" : "[… \(elements.count) element\(elements.count == 1 ? "" : "s")]"
        case .object(let members):
            return members.isEmpty ? "{}" : "{… \(members.count) member\(members.count == 1 ? "" : "s")}"
        }
    }
}

extension JSONValue: Codable {
    /// Tries, in order: null, `Bool`, `Int64`, `Double`, `String`, array, dictionary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Value is not representable as JSON")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members {
                try container.encode(value, forKey: MemberKey(stringValue: key))
            }
        }
    }

    /// A coding key for an arbitrary object member name.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}

extension JSONValue {
    /// The JSON form of `value`, as produced by `JSONEncoder` with default strategies.
    init<T: Encodable>(encoding value: T) throws {
        self = try JSONParser.parse(JSONEncoder().encode(value)).value
    }

    /// Decodes this value as `T` with `JSONDecoder` default strategies.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(JSONWriter.compact(self).utf8))
    }
}
