/// A type in a pack's schema: what a field of the attributes or the content state holds.
public indirect enum SchemaType: Sendable, Hashable {
    case string
    case integer
    /// An integer or a floating-point number.
    case number
    case bool
    /// A point in time: an ISO-8601 string in fixtures, `Date` in Swift, Unix seconds in rules.
    case date
    /// `#RRGGBB`.
    case colour
    /// A string among `values`.
    case enumeration(name: String, values: [String])
    case array(SchemaType)
    /// Named fields, in declaration order; nothing else is allowed.
    case object(name: String, fields: [SchemaField])
    /// May be absent (an object field) or `null` (in JSON).
    case optional(SchemaType)

    /// How the schema spells the type: `date`, `[Meeting]`, `LateNotice?`.
    public var spelled: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .bool: "bool"
        case .date: "date"
        case .colour: "colour"
        case .enumeration(let name, _), .object(let name, _): name
        case .array(let element): "[\(element.spelled)]"
        case .optional(let wrapped): "\(wrapped.spelled)?"
        }
    }

    /// The type without its optionality.
    public var required: SchemaType {
        if case .optional(let wrapped) = self { wrapped } else { self }
    }

    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// The type's name as messages show it: enums list their values.
    var expected: String {
        switch self {
        case .enumeration(let name, let values): "\(name) (one of \(values.joined(separator: ", ")))"
        case .optional(let wrapped): wrapped.expected
        default: spelled
        }
    }
}

/// One field of an object type.
public struct SchemaField: Sendable, Hashable {
    public var name: String
    public var type: SchemaType

    public init(name: String, type: SchemaType) {
        self.name = name
        self.type = type
    }
}
