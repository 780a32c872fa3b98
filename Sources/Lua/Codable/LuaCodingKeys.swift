import CLua
import CLuaShim

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

/// Where a container sits in its coder's coding path: the first `depth` keys of the coder's path
/// (which are the same whenever the container is used) plus `extra` keys a nested container adds.
/// Containers keep this instead of a copy of the path, so the coder appends to its own path in
/// place: a copy held by a container would make every append reallocate it.
struct LuaContainerPath {
    let depth: Int
    var extra: [any CodingKey] = []

    /// The container's full coding path, given the coder's current one.
    func resolved(in current: [any CodingKey]) -> [any CodingKey] {
        extra.isEmpty && current.count == depth ? current : Array(current.prefix(depth)) + extra
    }

    /// The path of a container nested under `key`.
    func appending(_ key: any CodingKey) -> LuaContainerPath {
        LuaContainerPath(depth: depth, extra: extra + [key])
    }

    /// Whether the coder's current path is this path (so a key can be appended in place).
    func isCurrent(in current: [any CodingKey]) -> Bool {
        extra.isEmpty && current.count == depth
    }
}

/// The key strings of one kept container, made once each. Keys of at most one byte (as
/// synthesized `CodingKeys` are) are told apart by that byte; each key's string is then fetched by
/// a registry reference, without asking the key for its `stringValue`, copying or hashing it.
/// (The references live as long as the state: kept containers do.)
final class LuaKeyStrings {
    /// Registry references by the key's byte. 0: not made yet; `integerKey`: a key that stands
    /// for an integer, which the cache does not serve.
    private let references: UnsafeMutablePointer<Int32>
    private static let integerKey: Int32 = -1

    init() {
        references = .allocate(capacity: 256)
        references.initialize(repeating: 0, count: 256)
    }

    deinit { references.deallocate() }

    /// Pushes the string of `key` and returns true; returns false, pushing nothing, for keys it
    /// does not serve: wider than one byte, or (when `refusingIntegers`) standing for an integer.
    /// All keys given to one cache must be of one type. [-0, +1 | +0]
    func push<Key: CodingKey>(_ key: Key, into L: OpaquePointer, refusingIntegers: Bool) -> Bool {
        let size = MemoryLayout<Key>.size
        guard size <= 1 else { return false }
        // A one-byte key is its byte: read it in place, without a generic call.
        let tag = size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        switch references[tag] {
        case Self.integerKey:
            return false
        case 0:
            if refusingIntegers, key.isInteger {
                references[tag] = Self.integerKey
                return false
            }
            var name = key.stringValue
            name.withUTF8 { lrs_pushkey(L, $0.baseAddress, $0.count) }
            lua_pushvalue(L, -1)
            references[tag] = luaL_ref(L, lrs_registryindex())
        case let reference:
            lua_rawgeti(L, lrs_registryindex(), lua_Integer(reference))
        }
        return true
    }
}

/// `[Int: Value]` dictionaries map to Lua tables with integer keys (Swift's own Codable writes
/// them with string keys, which would make `t[1]` and `t["1"]` differ in the rules).
protocol LuaIntegerKeyedEncodable {
    /// Pushes a table holding the entries. [-0, +1]
    func pushEntries(with encoder: LuaEncoder) throws
}

protocol LuaIntegerKeyedDecodable {
    /// Reads the table at `index` (integer keys only).
    init(luaTableAt index: Int32, with decoder: LuaDecoder) throws
}

extension Dictionary: LuaIntegerKeyedEncodable where Key == Int, Value: Encodable {
    func pushEntries(with encoder: LuaEncoder) throws {
        try encoder.pushTable(entries: self)
    }
}

extension Dictionary: LuaIntegerKeyedDecodable where Key == Int, Value: Decodable {
    init(luaTableAt index: Int32, with decoder: LuaDecoder) throws {
        self = try decoder.integerKeyedEntries(Value.self, at: index)
    }
}
