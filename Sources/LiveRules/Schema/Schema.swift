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

// MARK: - Reading

extension Schema {
    static let members = ["attributes", "state", "types"]

    /// Reads the `schema` member of a manifest:
    /// `{ "attributes": "Name", "state": "Name", "types": { "Name": { "field": "type" } | ["enum", "values"] } }`.
    /// Problems go to `reader`; returns nil when there were any. A schema over
    /// ``InputLimits/namedTypes`` types is refused before any of them is read.
    static func read(_ value: JSONValue?, at path: String, in reader: inout DocumentReader) -> Schema? {
        let before = reader.diagnostics.count
        guard case .object(let members)? = value else {
            reader.error("'schema' must be an object with 'attributes', 'state' and 'types'", at: path)
            return nil
        }
        for key in members.keys.sorted() where !Self.members.contains(key) {
            reader.error("unknown member '\(key)' in the schema" + Suggestion.hint(for: key, among: Self.members),
                         at: JSONPath.member(key, in: path))
        }
        let typesPath = JSONPath.member("types", in: path)
        var types: [String: JSONValue] = [:]
        if case .object(let definitions)? = members["types"] {
            types = definitions
        } else {
            reader.error("'types' must be an object naming each type of the schema", at: typesPath)
        }
        guard types.count <= InputLimits.namedTypes else {
            reader.error("the schema has \(types.count) named types; at most \(InputLimits.namedTypes) are allowed", at: typesPath)
            return nil
        }
        let resolver = SchemaResolver(types: types, at: typesPath, in: &reader)
        func root(_ key: String) -> SchemaType? {
            let at = JSONPath.member(key, in: path)
            guard case .string(let name)? = members[key] else {
                reader.error("'\(key)' must name the \(key) type", at: at)
                return nil
            }
            guard let type = resolver.named(name, usedAt: at, in: &reader) else { return nil }
            guard case .object = type else {
                reader.error("the \(key) type must be an object type, not \(type.spelled)", at: at)
                return nil
            }
            return type
        }
        let attributes = root("attributes")
        let state = root("state")
        guard reader.diagnostics.count == before, let attributes, let state else { return nil }
        return Schema(attributes: attributes, state: state, types: resolver.resolved)
    }
}
