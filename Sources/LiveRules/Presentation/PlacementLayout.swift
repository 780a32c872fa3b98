/// What one placement shows: fields in display order, and the ids that did not fit.
public struct PlacementLayout: Sendable, Hashable, Codable, JSONShaped {
    /// The fields shown, in display order.
    public var fields: [LayoutField]
    /// The ids of the fields the rules left out because they did not fit.
    public var dropped: [String]

    /// A layout showing `fields`, with `dropped` left out.
    public init(fields: [LayoutField], dropped: [String] = []) {
        self.fields = fields
        self.dropped = dropped
    }

    /// Writes the JSON form, which `Codable` encodes: `{"fields", "dropped"}`, both arrays.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.key("dropped")
        output.beginArray()
        for id in dropped { output.scalar(.string(id)) }
        output.endArray()
        output.key("fields")
        output.beginArray()
        for field in fields { field.write(to: &output) }
        output.endArray()
        output.endObject()
    }

    /// Encodes `{"fields", "dropped"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
