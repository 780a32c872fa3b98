/// What one placement shows: fields in display order, and the ids that did not fit.
public struct PlacementLayout: Sendable, Hashable, Codable {
    /// The fields shown, in display order.
    public var fields: [LayoutField]
    /// The ids of the fields the rules left out because they did not fit.
    public var dropped: [String]

    /// A layout showing `fields`, with `dropped` left out.
    public init(fields: [LayoutField], dropped: [String] = []) {
        self.fields = fields
        self.dropped = dropped
    }

    /// The JSON form, which `Codable` encodes: `{"fields", "dropped"}`, both arrays.
    var json: JSONValue {
        .object(["fields": .array(fields.map(\.json)), "dropped": .array(dropped.map(JSONValue.string))])
    }

    /// Encodes `{"fields", "dropped"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
