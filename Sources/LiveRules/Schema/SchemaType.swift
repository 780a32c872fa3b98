/// A type in a pack's schema: what a field of the attributes or the content state holds.
public indirect enum SchemaType: Sendable, Hashable {
    /// Text (UTF-8).
    case string
    /// A whole number (a Lua integer in rules).
    case integer
    /// An integer or a floating-point number.
    case number
    /// `true` or `false`.
    case bool
    /// A point in time: an ISO-8601 string in fixtures, `Date` in Swift, Unix seconds in rules.
    case date
    /// `#RRGGBB`.
    case colour
    /// A string among `values`.
    case enumeration(name: String, values: [String])
    /// A list of values of one type (a sequence, 1-based, in rules).
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

    /// Whether the type is ``optional(_:)``.
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
    /// The field's key, as fixtures, Swift `CodingKeys` and rules spell it.
    public var name: String
    /// What the field holds; ``SchemaType/optional(_:)`` when it may be absent.
    public var type: SchemaType

    /// A field named `name` of type `type`.
    public init(name: String, type: SchemaType) {
        self.name = name
        self.type = type
    }
}
