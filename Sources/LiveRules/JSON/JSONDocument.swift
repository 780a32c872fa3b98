/// A parsed JSON text: its value and where each value in it starts.
struct JSONDocument: Sendable, Hashable {
    /// The top-level value.
    let value: JSONValue
    /// Start position of every value in the document, by its `JSONPath` (the root is `""`).
    let positions: JSONPositions
}
