import CLua

/// A key a check of a table's keys refused, with its value: ordered as the sandbox orders keys
/// (numbers ascending, then strings by their bytes, then false, true, then other types by name),
/// so the key an error names does not depend on the order Lua's hash happens to visit keys in.
struct LuaFoundKey: Comparable {
    /// 0 numbers, 1 strings, 2 booleans, 3 anything else.
    private let rank: Int
    private let integer: Int64?
    private let number: Double
    /// A string key's first bytes (enough to tell keys apart in a message) and its length.
    private let bytes: [UInt8]
    private let length: Int
    /// The key as a step of a path: `.title`, `.lock\xFFScreen`, `[1]`, `[true]`, `[table]`.
    let step: String
    /// What the key is, for an error that is about the key: `integer key 1`, `boolean key true`,
    /// `a key of 10 bytes that are not valid UTF-8`.
    let kind: String
    /// How errors show the key's value.
    let value: String

    /// How many bytes of a string key are kept.
    private static let kept = 256

    /// The key at `key` with the value at `value` of `state`'s stack.
    init(in state: LuaState, key: Int32, value: Int32) {
        let L = state.L
        self.value = state.describe(at: value)
        switch lua_type(L, key) {
        case LUA_TNUMBER:
            rank = 0
            integer = lua_isinteger(L, key) != 0 ? lua_tointegerx(L, key, nil) : nil
            number = lua_tonumberx(L, key, nil)
            (bytes, length) = ([], 0)
            step = "[\(integer.map(String.init) ?? "\(number)")]"
            kind = (integer != nil ? "integer key " : "number key ") + step.dropFirst().dropLast()
        case LUA_TSTRING:
            rank = 1
            (integer, number) = (nil, 0)
            var count = 0
            let pointer = lua_tolstring(L, key, &count)
            let whole = UnsafeRawBufferPointer(start: pointer, count: count)
            bytes = Array(whole.prefix(Self.kept))
            length = count
            step = "." + LuaText.escaped(whole)
            kind = LuaText.isValidUTF8(whole) ? "key \"\(LuaText.escaped(whole))\"" : "a key of \(count) bytes that are not valid UTF-8"
        case LUA_TBOOLEAN:
            rank = 2
            let truth = lua_toboolean(L, key) != 0
            (integer, number) = (nil, truth ? 1 : 0)
            (bytes, length) = ([], 0)
            step = "[\(truth)]"
            kind = "boolean key \(truth)"
        default:
            rank = 3
            (integer, number) = (nil, 0)
            (bytes, length) = ([], 0)
            let name = String(cString: lua_typename(L, lua_type(L, key)))
            step = "[\(name)]"
            kind = "a key that is a \(name)"
        }
    }

    static func < (a: LuaFoundKey, b: LuaFoundKey) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        if let x = a.integer, let y = b.integer, x != y { return x < y }
        if a.number != b.number { return a.number < b.number }
        if (a.integer == nil) != (b.integer == nil) { return a.integer != nil }
        if a.bytes != b.bytes { return a.bytes.lexicographicallyPrecedes(b.bytes) }
        if a.length != b.length { return a.length < b.length }
        return (a.step, a.value) < (b.step, b.value)
    }

    static func == (a: LuaFoundKey, b: LuaFoundKey) -> Bool { !(a < b) && !(b < a) }
}
