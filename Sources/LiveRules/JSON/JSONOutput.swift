/// Where JSON is written one value at a time, in document order: a ``JSONValue`` tree
/// (``JSONTree``) or canonical text (``JSONText``). Object members come in the order canonical
/// text has them: keys sorted by their UTF-8 bytes.
protocol JSONOutput {
    /// A scalar: `null`, a Boolean, a number or a string (never an array or object).
    mutating func scalar(_ value: JSONValue)
    /// Opens an object; its members follow as ``key(_:)`` and a value each.
    mutating func beginObject()
    /// The key of the next member of the object open, as the source spells it (a literal that
    /// needs no escaping: a shape's own member names).
    mutating func key(_ key: StaticString)
    /// The key of the next member of the object open, any text (keys that come with the data).
    mutating func key(text key: String)
    mutating func endObject()
    /// Opens an array; its elements follow.
    mutating func beginArray()
    mutating func endArray()
}

/// A value whose JSON form is written in one place, ``write(to:)``, and read either as a tree
/// (``json``) or as canonical text without building a tree.
protocol JSONShaped {
    /// Writes the value's JSON form, object members in sorted key order.
    func write(to output: inout some JSONOutput)
}

extension JSONShaped {
    /// The JSON form as a tree.
    var json: JSONValue {
        var tree = JSONTree()
        write(to: &tree)
        return tree.value
    }
}

extension JSONOutput {
    /// Writes the member `key` with the scalar `value`.
    mutating func member(_ key: StaticString, _ value: JSONValue) {
        self.key(key)
        scalar(value)
    }

    /// Writes the member `key` with `value`'s JSON form.
    mutating func member(_ key: StaticString, _ value: some JSONShaped) {
        self.key(key)
        value.write(to: &self)
    }
}
