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
