/// Builds the ``JSONValue`` tree of what is written to it.
struct JSONTree: JSONOutput {
    private enum Container {
        case object([String: JSONValue], key: String)
        case array([JSONValue])
    }

    /// The value written, once its containers are closed.
    private(set) var value: JSONValue = .null
    private var open: [Container] = []

    mutating func scalar(_ value: JSONValue) {
        add(value)
    }

    mutating func beginObject() {
        open.append(.object([:], key: ""))
    }

    mutating func key(_ key: StaticString) {
        self.key(text: key.description)
    }

    mutating func key(text key: String) {
        guard case .object(let members, _) = open.popLast() else { preconditionFailure("a key outside an object") }
        open.append(.object(members, key: key))
    }

    mutating func endObject() {
        guard case .object(let members, _) = open.popLast() else { preconditionFailure("no object to end") }
        add(.object(members))
    }

    mutating func beginArray() {
        open.append(.array([]))
    }

    mutating func endArray() {
        guard case .array(let elements) = open.popLast() else { preconditionFailure("no array to end") }
        add(.array(elements))
    }

    /// Adds a finished value to the container open, or makes it the value.
    private mutating func add(_ finished: JSONValue) {
        switch open.popLast() {
        case nil: value = finished
        case .object(var members, let key)?:
            members[key] = finished
            open.append(.object(members, key: key))
        case .array(var elements)?:
            elements.append(finished)
            open.append(.array(elements))
        }
    }
}
