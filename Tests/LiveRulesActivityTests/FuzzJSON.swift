import Foundation

/// A JSON value as the fuzzer edits it: members kept in order and possibly repeated, numbers
/// as their literal text (so a mutation can write one no `Double` holds).
indirect enum FuzzJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([FuzzJSON])
    case object([(key: String, value: FuzzJSON)])

    /// Decodes any JSON value.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number("\(value)")
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FuzzJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FuzzJSON].self).sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        }
    }

    /// The value as JSON text.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let literal): literal
        case .string(let value): Self.quoted(value)
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// The values directly inside, in order.
    var children: [FuzzJSON] {
        switch self {
        case .array(let elements): elements
        case .object(let members): members.map(\.value)
        default: []
        }
    }

    /// `value` as a JSON string literal.
    private static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
