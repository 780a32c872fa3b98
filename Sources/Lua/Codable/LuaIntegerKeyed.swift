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
