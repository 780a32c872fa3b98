import CLua
import CLuaShim

/// A value that writes its Lua form itself, with a ``LuaTreeWriter``, instead of through
/// `Encodable`'s containers: for trees whose keys are data (a parsed JSON document), where the
/// containers' per-key machinery costs several times the tables it builds. The form written
/// must be the one `encode(to:)` gives through ``LuaState``'s encoder; the encoder uses `write`
/// whenever it pushes a value of the type.
public protocol LuaTreeEncodable: Encodable {
    /// Writes exactly one value with `writer`.
    func write(to writer: LuaTreeWriter) throws(LuaError)
}

/// Writes values straight onto a state's stack for a ``LuaTreeEncodable``: each call writes one
/// value, into the table or list being built when inside ``object(count:_:)`` or
/// ``list(_:fields:_:)``. Valid only inside the `write` it was given to.
public struct LuaTreeWriter {
    let state: LuaState
    /// Levels of tables open around the value being written.
    let depth: Int
    /// Reuses the unchanged elements of lists when the value is pushed with one; it then also
    /// follows the place being written (see ``LuaSequenceReuse``).
    let reuse: LuaSequenceReuse?

    private var L: OpaquePointer { state.L }

    /// Writes nil (in a list: a hole; in an object: an absent member).
    public func null() { lua_pushnil(L) }

    /// Writes a Boolean.
    public func bool(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }

    /// Writes an integer.
    public func integer(_ value: Int64) { lua_pushinteger(L, value) }

    /// Writes a float (also when it is integral, as `Double` encodes).
    public func number(_ value: Double) { lua_pushnumber(L, value) }

    /// Writes a string (its UTF-8 bytes).
    public func string(_ value: String) { state.pushString(value) }

    /// Writes a table with string keys: `members` writes each member with
    /// ``LuaTreeMembers/member(_:_:)``. The table is made with room for `count` keys (the
    /// members, and any the host adds later), so it is not resized while it fills.
    public func object(count: Int, _ members: (LuaTreeMembers) throws(LuaError) -> Void) throws(LuaError) {
        let inner = try nested()
        let opened = reuse?.open() ?? false
        defer { reuse?.close(opened) }
        lua_createtable(L, 0, Int32(clamping: count))
        try members(LuaTreeMembers(writer: inner))
    }

    /// Writes a sequence of `elements` (1-based), each written by `element`, in a table with
    /// room for `fields` keys besides (that the host adds later).
    public func list<C: Collection>(
        _ elements: C, fields: Int = 0, _ element: (C.Element, LuaTreeWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        try write(elements, fields: fields, element)
    }

    /// Writes a list as ``list(_:fields:_:)`` does. When the value is pushed with a
    /// ``LuaSequenceReuse``, an element for which `same(old, new)` holds, `old` being the element
    /// at its position of the list written at this place last time, is not written again: the
    /// list holds what that position holds now. `same` must hold only for values whose Lua forms
    /// are identical, byte for byte.
    public func list<C: Collection>(
        _ elements: C, fields: Int = 0, same: (C.Element, C.Element) -> Bool,
        _ element: (C.Element, LuaTreeWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard let reuse else { return try write(elements, fields: fields, element) }
        let inner = try nested()
        let opened = reuse.open()
        defer { reuse.close(opened) }
        try reuse.pushSequence(Array(elements), at: reuse.path, in: state, fields: Int32(clamping: fields), same: same) {
            value, index throws(LuaError) in
            reuse.next = .index(index)
            try element(value, inner)
        }
    }

    /// Writes a sequence of `elements`, each written by `element`. [-0, +1]
    private func write<C: Collection>(
        _ elements: C, fields: Int, _ element: (C.Element, LuaTreeWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        let inner = try nested()
        let opened = reuse?.open() ?? false
        defer { reuse?.close(opened) }
        lua_createtable(L, Int32(clamping: elements.count), Int32(clamping: fields))
        var index: lua_Integer = 0
        for value in elements {
            reuse?.next = .index(Int(index))
            try element(value, inner)
            index += 1
            lua_rawseti(L, -2, index)
        }
    }

    /// The writer for the values of a table opened here, with room on the stack for them.
    private func nested() throws(LuaError) -> LuaTreeWriter {
        guard depth < LuaEncoder.maxDepth else {
            throw .encoding(path: "", message: "nested more than \(LuaEncoder.maxDepth) levels deep")
        }
        guard lua_checkstack(L, 8) != 0 else { throw .encoding(path: "", message: "too many values for the Lua stack") }
        return LuaTreeWriter(state: state, depth: depth + 1, reuse: reuse)
    }
}

/// Writes the members of a table a ``LuaTreeWriter`` opened.
public struct LuaTreeMembers {
    let writer: LuaTreeWriter

    /// Writes member `key`, its value written by `value`. [-0, +0] on the table being built.
    public func member(_ key: String, _ value: (LuaTreeWriter) throws(LuaError) -> Void) throws(LuaError) {
        let L = writer.state.L
        writer.reuse?.next = .key(key)
        var key = key
        key.withUTF8 { lrs_pushkey(L, $0.baseAddress, $0.count) }
        try value(writer)
        lua_rawset(L, -3)
    }
}
