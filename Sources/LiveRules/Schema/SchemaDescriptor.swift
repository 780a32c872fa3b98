import CLiveRules

/// A schema type as the host's C checker reads it: the descriptor sequence `lrl_schema_check`
/// walks (slots `LRL_D_*` in CLiveRules.h), built once per pack and passed to Lua as a call
/// argument.
struct SchemaDescriptor: Encodable {
    indirect enum Child: Encodable {
        case none
        case fields([String: SchemaDescriptor])
        case element(SchemaDescriptor)
        case values([String: Bool])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .none: try container.encode(false)
            case .fields(let fields): try container.encode(fields)
            case .element(let element): try container.encode(element)
            case .values(let values): try container.encode(values)
            }
        }
    }

    var kind: lrl_kind
    var optional = false
    var name: String
    var child = Child.none
    var order: [String] = []

    init(kind: lrl_kind, optional: Bool = false, name: String, child: Child = .none, order: [String] = []) {
        self.kind = kind
        self.optional = optional
        self.name = name
        self.child = child
        self.order = order
    }

    /// The descriptor of a schema type.
    init(_ type: SchemaType) {
        let name = type.expected
        switch type {
        case .optional(let wrapped):
            self = SchemaDescriptor(wrapped)
            optional = true
        case .string: self.init(kind: LRL_KIND_STRING, name: name)
        case .integer: self.init(kind: LRL_KIND_INTEGER, name: name)
        case .number: self.init(kind: LRL_KIND_NUMBER, name: name)
        case .bool: self.init(kind: LRL_KIND_BOOL, name: name)
        case .date: self.init(kind: LRL_KIND_DATE, name: name)
        case .colour: self.init(kind: LRL_KIND_COLOUR, name: name)
        case .enumeration(_, let values):
            self.init(kind: LRL_KIND_ENUM, name: name,
                      child: .values(Dictionary(uniqueKeysWithValues: values.map { ($0, true) })), order: values)
        case .array(let element):
            self.init(kind: LRL_KIND_ARRAY, name: name, child: .element(SchemaDescriptor(element)))
        case .object(_, let fields):
            self.init(kind: LRL_KIND_OBJECT, name: name,
                      child: .fields(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, SchemaDescriptor($0.type)) })),
                      order: fields.map(\.name))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(Int(kind.rawValue))
        try container.encode(optional)
        try container.encode(name)
        try container.encode(child)
        try container.encode(order)
    }
}
