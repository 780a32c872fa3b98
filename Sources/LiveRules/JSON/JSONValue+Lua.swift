import Lua

extension JSONValue: LuaTreeEncodable {
    /// Writes the Lua form `encode(to:)` gives (objects as tables with the member names as keys,
    /// arrays as sequences, `null` as nil) straight onto the stack: a fixture's state is data
    /// whose keys `Encodable`'s containers would look up one by one. Tables are made with room
    /// for the two notes the strict schema check adds to each table it checks (its name and
    /// its parent), so adding them does not resize the table.
    public func write(to writer: LuaTreeWriter) throws(LuaError) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            try writer.list(elements, fields: Self.checkNotes, same: { $0.isIdentical(to: $1) }) { element, writer throws(LuaError) in
                try element.write(to: writer)
            }
        case .object(let members):
            try writer.object(count: members.count + Self.checkNotes) { object throws(LuaError) in
                for (key, value) in members {
                    try object.member(key) { writer throws(LuaError) in try value.write(to: writer) }
                }
            }
        }
    }

    /// Keys the strict schema check adds to a table it checks (lrl_adopt: its key and parent).
    static let checkNotes = 2
}

extension JSONValue {
    /// Whether `other` is this value with every string the same bytes and every number the same
    /// bits: what has the same Lua form. (`==` also holds for strings that are only canonically
    /// equivalent, "é" composed and decomposed, and for 0 and -0.) Pushing a fixture reuses what
    /// is identical to the fixture before, so a presentation never depends on which came first.
    func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let index = b.index(forKey: key) else { return false }
                let (otherKey, otherValue) = b[index]
                guard key.utf8.elementsEqual(otherKey.utf8), value.isIdentical(to: otherValue) else { return false }
            }
            return true
        default: return false
        }
    }
}
