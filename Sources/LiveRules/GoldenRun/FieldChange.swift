/// One difference between two JSON values, located by its `JSONPath`.
package struct FieldChange: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// The value at `path` differs; both `old` and `new` are set.
        case changed
        /// `path` exists only in the new value; `new` is set.
        case added
        /// `path` exists only in the old value; `old` is set.
        case removed
    }

    package var path: String
    package var kind: Kind
    package var old: JSONValue?
    package var new: JSONValue?

    /// `path: old → new`, `path: added new` or `path: removed old`, with the root path shown as
    /// `(root)` and values rendered as described in `render(_:)`.
    package var description: String {
        let location = path.isEmpty ? "(root)" : path
        return switch kind {
        case .changed: "\(location): \(Self.render(old)) → \(Self.render(new))"
        case .added: "\(location): added \(Self.render(new))"
        case .removed: "\(location): removed \(Self.render(old))"
        }
    }

    /// The differences between `old` and `new`, in document order (depth first).
    ///
    /// Objects are compared member by member, keys in order of their UTF-8 bytes; a key present
    /// on one side only is `added` or `removed`. Arrays are compared by index up to the shorter
    /// length, and the remaining elements of the longer one are `added` or `removed` at their
    /// indices. Elements are never matched by content or by an `"id"` member, so a reordered
    /// array reports a change at each moved index. Anything else that differs, including a
    /// change of type, is one `changed` entry at its path. An `.integer` and a `.number` that
    /// JSON writes as the same text (`1` and `1.0`) are equal.
    package static func between(_ old: JSONValue, _ new: JSONValue) -> [FieldChange] {
        var changes: [FieldChange] = []
        collect(old, new, at: "", into: &changes)
        return changes
    }

    private static func collect(_ old: JSONValue, _ new: JSONValue, at path: String, into changes: inout [FieldChange]) {
        switch (old, new) {
        case (.object(let oldMembers), .object(let newMembers)):
            let keys = Set(oldMembers.keys).union(newMembers.keys).sorted(by: utf8Order)
            for key in keys {
                let memberPath = JSONPath.member(key, in: path)
                switch (oldMembers[key], newMembers[key]) {
                case (let oldValue?, let newValue?):
                    collect(oldValue, newValue, at: memberPath, into: &changes)
                case (let oldValue?, nil):
                    changes.append(FieldChange(path: memberPath, kind: .removed, old: oldValue, new: nil))
                case (nil, let newValue):
                    changes.append(FieldChange(path: memberPath, kind: .added, old: nil, new: newValue))
                }
            }
        case (.array(let oldElements), .array(let newElements)):
            for index in 0..<min(oldElements.count, newElements.count) {
                collect(oldElements[index], newElements[index], at: JSONPath.element(index, in: path), into: &changes)
            }
            for index in oldElements.indices.dropFirst(newElements.count) {
                changes.append(FieldChange(path: JSONPath.element(index, in: path), kind: .removed, old: oldElements[index], new: nil))
            }
            for index in newElements.indices.dropFirst(oldElements.count) {
                changes.append(FieldChange(path: JSONPath.element(index, in: path), kind: .added, old: nil, new: newElements[index]))
            }
        case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
            if !(number.magnitude < 9_007_199_254_740_992 && Double(integer) == number) {
                changes.append(FieldChange(path: path, kind: .changed, old: old, new: new))
            }
        default:
            if old != new {
                changes.append(FieldChange(path: path, kind: .changed, old: old, new: new))
            }
        }
    }

    private static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// `value` as compact JSON with sorted keys, except that an array or object whose JSON
    /// would exceed 40 characters is summarized as `[…count]` or `{…count}`. Non-finite
    /// numbers, which JSON cannot hold, appear as Swift writes them (`nan`, `inf`).
    private static func render(_ value: JSONValue?) -> String {
        guard let value else { return "(none)" }
        let summary: String
        switch value {
        case .array(let elements): summary = "[…\(elements.count)]"
        case .object(let members): summary = "{…\(members.count)}"
        default: return CompactJSON(value, limit: .max).text
        }
        let json = CompactJSON(value, limit: 40)
        return json.fits ? json.text : summary
    }

    /// Compact JSON text that stops growing once it is longer than `limit` characters.
    private struct CompactJSON {
        let limit: Int
        private(set) var text = ""
        /// Characters in `text`. Every piece starts with an ASCII character that cannot join
        /// the previous one into a grapheme, so the pieces' counts add up.
        private var length = 0

        var fits: Bool { length <= limit }

        init(_ value: JSONValue, limit: Int) {
            self.limit = limit
            write(value)
        }

        private mutating func write(_ value: JSONValue) {
            guard fits else { return }
            switch value {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .integer(let integer): append(String(integer))
            case .number(let number): append(JSONWriter.numberText(number))
            case .string(let string): append(JSONWriter.quoted(string))
            case .array(let elements):
                append("[")
                for (index, element) in elements.enumerated() where fits {
                    if index > 0 { append(",") }
                    write(element)
                }
                append("]")
            case .object(let members):
                append("{")
                for (index, member) in members.sorted(by: { utf8Order($0.key, $1.key) }).enumerated() where fits {
                    if index > 0 { append(",") }
                    append(JSONWriter.quoted(member.key) + ":")
                    write(member.value)
                }
                append("}")
            }
        }

        private mutating func append(_ piece: String) {
            text += piece
            length += piece.count
        }
    }
}
