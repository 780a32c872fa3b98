/// Arrays the encoder pushes itself, element by element, without `Array.encode(to:)`'s unkeyed
/// container (an existential box) and its dispatch per element. The Lua form is the same.
protocol LuaSequenceEncodable {
    /// Pushes a sequence holding the elements of `value`, which is of this type. [-0, +1]
    static func pushElements<Value>(of value: Value, with encoder: LuaEncoder) throws
}

extension Array: LuaSequenceEncodable where Element: Encodable {
    static func pushElements<Value>(of value: Value, with encoder: LuaEncoder) throws {
        try encoder.pushSequence(unsafeBitCast(value, to: Self.self))
    }
}
