/// A pack's state schema: the single source of truth for the types of the attributes and the
/// content state, shared by fixtures, Swift values, rules and push payloads.
public struct Schema: Sendable, Hashable {
    /// The attributes type (static for the life of an activity); an object type.
    public var attributes: SchemaType
    /// The content state type (every update carries all of it); an object type.
    public var state: SchemaType
    /// Every named type, by name.
    public var types: [String: SchemaType]

    /// A schema of the two root types and every named type they use.
    public init(attributes: SchemaType, state: SchemaType, types: [String: SchemaType]) {
        self.attributes = attributes
        self.state = state
        self.types = types
    }
}
