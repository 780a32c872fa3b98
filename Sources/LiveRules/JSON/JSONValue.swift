import Foundation

/// A JSON value. Integers that fit `Int64` are kept apart from other numbers.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, by member name.
    /// Keys compare with `String` equality, so keys that differ only in Unicode normalization are one key.
    case object([String: JSONValue])

    /// The member `key` when this is an object that has it; otherwise `nil`.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
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

extension JSONValue: Encodable {
    /// Encodes the value as the JSON it stands for: `null`, a Boolean, a number, a string, an
    /// unkeyed container or a keyed container with the member names as keys.
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

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON, keys sorted (`print(push.body)` shows what is sent); a
    /// non-finite number, which JSON cannot hold, as Swift writes it.
    public var description: String {
        (try? JSONWriter.compact(self)) ?? brief
    }
}
