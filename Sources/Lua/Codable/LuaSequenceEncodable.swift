/// Arrays the encoder pushes itself, element by element: without `Array.encode(to:)`'s unkeyed
/// container (an existential box) and its copy of every element. The Lua form is the same.
protocol LuaSequenceEncodable {
    /// Pushes a sequence holding the elements. [-0, +1]
    func pushElements(with encoder: LuaEncoder) throws
}

extension Array: LuaSequenceEncodable where Element: Encodable {
    func pushElements(with encoder: LuaEncoder) throws {
        try encoder.pushSequence(self)
    }
}
