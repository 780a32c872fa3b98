import LiveRules

extension SchemaType {
    /// Every date in `value` (a value of this type as rules receive it: dates as Unix seconds),
    /// in document order. Values that do not have this type's shape are skipped.
    package func dates(in value: JSONValue) -> [Double] {
        switch (self, value) {
        case (.date, .number(let seconds)): [seconds]
        case (.date, .integer(let seconds)): [Double(seconds)]
        case (.optional(let wrapped), _): wrapped.dates(in: value)
        case (.array(let element), .array(let elements)): elements.flatMap { element.dates(in: $0) }
        case (.object(_, let fields), .object(let members)):
            fields.flatMap { field in members[field.name].map { field.type.dates(in: $0) } ?? [] }
        default: []
        }
    }
}
