/// One field a placement shows: a field id the pack declares, and its text.
public struct LayoutField: Sendable, Hashable, Codable {
    public var id: String
    public var text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}
