/// The coding key of an element of a Lua sequence. `intValue` is Swift's 0-based position;
/// paths print it 1-based, as Lua counts.
struct LuaIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\((intValue ?? 0) + 1)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The key of an `[Int: Value]` entry: the Lua integer key itself.
struct LuaIntegerKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The key under which a superclass encodes its fields.
struct LuaSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { return nil }
}

extension [any CodingKey] {
    /// `meetings[2].start`: keys joined by dots, sequence positions 1-based in brackets, integer
    /// dictionary keys in brackets.
    var luaPath: String {
        var path = ""
        for key in self {
            if key is LuaIndexKey || key.isInteger {
                path += "[\(key.stringValue)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path
    }
}

extension CodingKey {
    /// Whether the key stands for an integer (its text is exactly its `intValue`), as the keys of
    /// integer dictionaries do.
    var isInteger: Bool {
        guard let intValue else { return false }
        return stringValue == String(intValue)
    }
}
