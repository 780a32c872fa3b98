/// What one placement shows: fields in display order, and the ids that did not fit.
public struct PlacementLayout: Sendable, Hashable, Codable {
    public var fields: [LayoutField]
    public var dropped: [String]

    public init(fields: [LayoutField], dropped: [String] = []) {
        self.fields = fields
        self.dropped = dropped
    }
}
