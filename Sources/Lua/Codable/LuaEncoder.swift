import CLua
import CLuaShim
import Foundation

/// Pushes `Encodable` values straight onto a Lua stack, with no JSON in between.
///
/// Mapping: keyed containers are tables with string keys; unkeyed containers are sequences
/// (1-based; a nil element leaves a hole); `[Int: T]` is a table with integer keys; integers of
/// every width are Lua integers (a `UInt64` above `Int64.max` is an error); `Double` and `Float`
/// are Lua floats, even when integral; `Date` is a float of Unix seconds; `Data` and `String` are
/// Lua strings (bytes as they are, NUL included); `URL` is its absolute string; a nil optional
/// property is an absent key. A ``LuaRef`` pushes the value it holds. Values nested more than
/// ``maxDepth`` levels deep are an error, here and in ``LuaDecoder``, rather than a crash of the
/// Swift stack.
///
/// Values are pushed while no rule runs, so nothing here can raise a Lua error.
///
/// Its hot stored properties skip run-time exclusivity checks (`@exclusivity(unchecked)`): a
/// coder serves one call on one thread and never overlaps accesses to them.
final class LuaEncoder: Encoder, SingleValueEncodingContainer {
    /// The deepest nesting of values (tables in tables) either direction accepts.
    static let maxDepth = 200

    let state: LuaState
    let L: OpaquePointer
    /// Reuses the unchanged elements of sequences, when the value is pushed with one.
    let reuse: LuaSequenceReuse?
    @exclusivity(unchecked) var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The stack top before the value being encoded now: its slot is `valueBase + 1`.
    @exclusivity(unchecked) private var valueBase: Int32 = 0
    /// Set when a container found no room on the Lua stack; fails the encoding.
    private var stackExhausted = false
    /// What is known about the type of the value being encoded now. (Facts live as long as the
    /// state, which outlives the encoder: held without reference counting.)
    @exclusivity(unchecked) private var facts: Unmanaged<LuaTypeFacts>?
    /// The size to create the current value's table with (learned from earlier values).
    @exclusivity(unchecked) private var sizeHint: Int32 = 0
    /// The kept keyed container the current value uses, released when it is done. (Its facts
    /// hold it.)
    @exclusivity(unchecked) private var borrowed: Unmanaged<LuaKeptContainer<LuaEncodingFrame>>?
    /// Entries written into the current value's table so far, besides those its kept keyed
    /// container counts.
    @exclusivity(unchecked) private var entryCount: Int32 = 0

    init(state: LuaState, reuse: LuaSequenceReuse? = nil) {
        self.state = state
        self.reuse = reuse
        L = state.L
        codingPath.reserveCapacity(8)
    }

    /// Pushes exactly one value on success; leaves the stack as it was on failure. [-0, +1]
    func push<T: Encodable>(_ value: T) throws {
        let top = lua_gettop(L)
        // Each level of nesting adds one key to the path.
        guard codingPath.count < Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        guard lua_checkstack(L, 8) != 0 else { throw failure("too many values for the Lua stack") }
        if try pushSpecial(value) { return }
        let facts = state.facts(for: T.self)
        let outer = (valueBase, self.facts, sizeHint, borrowed, entryCount)
        (valueBase, self.facts, sizeHint, borrowed, entryCount) = (top, .passUnretained(facts), facts.tableSize, nil, 0)
        defer {
            borrowed?._withUnsafeGuaranteedRef { $0.release() }
            (valueBase, self.facts, sizeHint, borrowed, entryCount) = outer
        }
        do {
            if facts.tree {
                if let reuse { (reuse.path, reuse.next) = (codingPath.map(LuaSequenceReuse.Step.init), nil) }
                try (value as! any LuaTreeEncodable).write(to: LuaTreeWriter(state: state, depth: codingPath.count, reuse: reuse))
            } else if facts.integerKeyed {
                try (value as! any LuaIntegerKeyedEncodable).pushEntries(with: self)
            } else if let sequence = facts.sequence {
                try sequence.pushElements(of: value, with: self)
            } else {
                try value.encode(to: self)
            }
            if stackExhausted { throw failure("too many values for the Lua stack") }
        } catch {
            lua_settop(L, top)
            throw error
        }
        let pushed = lua_gettop(L) - top
        if pushed == 0 { lrs_newtable(L) } else if pushed > 1 { lua_settop(L, top + 1) }
        facts.learn(tableSize: entryCount + (borrowed?._withUnsafeGuaranteedRef { $0.frame.entries } ?? 0))
    }

    /// Counts an entry written into `table`, when it is the current value's table.
    func counted(_ table: Int32) {
        if table == valueBase + 1 { entryCount += 1 }
    }

    /// Pushes `value`, found at `key` in a container at `path`. [-0, +1]
    func push<T: Encodable>(_ value: T, key: any CodingKey, in path: LuaContainerPath) throws {
        if path.isCurrent(in: codingPath) {
            codingPath.append(key)
            defer { codingPath.removeLast() }
            try push(value)
        } else {
            let outer = codingPath
            codingPath = path.resolved(in: codingPath) + [key]
            defer { codingPath = outer }
            try push(value)
        }
    }

    /// The path of a container opened on the current value.
    var here: LuaContainerPath { LuaContainerPath(depth: codingPath.count) }

    /// Makes room for a nested container's table, which stays on the stack until the current
    /// value is pushed. Containers cannot throw: when the Lua stack cannot grow, this returns false
    /// and the encoding fails once the current value is done (the container writes into its parent
    /// meanwhile, which the failure discards).
    func reserveContainer() -> Bool {
        if lua_checkstack(L, 8) != 0 { return true }
        stackExhausted = true
        return false
    }

    /// Pushes the types whose Lua form differs from their `Encodable` form; false for the rest.
    /// (Each branch has checked that `T` is the type it casts to.)
    private func pushSpecial<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Date.self {
            lua_pushnumber(L, unsafeBitCast(value, to: Date.self).timeIntervalSince1970)
        } else if T.self == Data.self {
            unsafeBitCast(value, to: Data.self).withUnsafeBytes { bytes in
                _ = lua_pushlstring(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
        } else if T.self == URL.self {
            state.pushString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == LuaRef.self {
            let reference = value as! LuaRef
            guard reference.state === state else { throw failure("a LuaRef belongs to another state") }
            reference.push(into: state)
        } else {
            return false
        }
        return true
    }

    /// Pushes a sequence of the elements. [-0, +1]
    func pushSequence<Element: Encodable>(_ elements: [Element]) throws {
        if let reuse, !(Element.self is AnyObject.Type), let equatable = Element.self as? any Equatable.Type {
            return try pushSequence(elements, comparedAs: equatable, reusing: reuse)
        }
        lua_createtable(L, Int32(clamping: elements.count), 0)
        let table = lua_gettop(L)
        let path = here
        // Through the buffer: in this unspecialized code, Array's own indexing costs more.
        try elements.withUnsafeBufferPointer { elements in
            for index in 0..<elements.count {
                try push(elements[index], key: LuaIndexKey(intValue: index), in: path)
                lua_rawseti(L, table, lua_Integer(index + 1))
            }
        }
    }

    /// Pushes a sequence of the elements, reusing those that did not change (`E` is `Element`,
    /// known to be `Equatable`). [-0, +1]
    private func pushSequence<Element: Encodable, E: Equatable>(
        _ elements: [Element], comparedAs: E.Type, reusing reuse: LuaSequenceReuse
    ) throws {
        let path = here
        let place = codingPath.map(LuaSequenceReuse.Step.init)
        try reuse.pushSequence(unsafeBitCast(elements, to: [E].self), at: place, in: state, same: ==) { _, index in
            try push(elements[index], key: LuaIndexKey(intValue: index), in: path)
        }
    }

    /// Pushes a table with integer keys. [-0, +1]
    func pushTable<Value: Encodable>(entries: [Int: Value]) throws {
        lua_createtable(L, 0, Int32(clamping: entries.count))
        let table = lua_gettop(L)
        for (key, value) in entries {
            try push(value, key: LuaIntegerKey(intValue: key), in: here)
            lua_rawseti(L, table, lua_Integer(key))
        }
    }

    /// Pushes an integer, refusing unsigned values past `Int64.max`. [-0, +1]
    func pushInteger<I: BinaryInteger>(_ value: I) throws {
        guard let integer = Int64(exactly: value) else {
            throw failure("\(value) does not fit a Lua integer (64-bit signed)")
        }
        lua_pushinteger(L, integer)
    }

    func failure(_ message: String) -> EncodingError {
        EncodingError.invalidValue(message, .init(codingPath: codingPath, debugDescription: message))
    }

    // MARK: Encoder

    /// The table of the value being encoded, created on first use at the learned size (as a
    /// sequence or a record). [-0, +1 the first time]
    private func currentTable(sequence: Bool) -> Int32 {
        if lua_gettop(L) > valueBase, lua_type(L, valueBase + 1) == LUA_TTABLE { return valueBase + 1 }
        lua_settop(L, valueBase)
        lua_createtable(L, sequence ? sizeHint : 0, sequence ? 0 : sizeHint)
        return lua_gettop(L)
    }

    /// A keyed container on the current value: the one its type's last value used when it is
    /// free, re-aimed at this value's table.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let table = currentTable(sequence: false)
        guard borrowed == nil, let facts = facts?.takeUnretainedValue() else {
            return KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(encoder: self, table: table, path: here))
        }
        if let kept = facts.keyedContainer {
            guard !kept.inUse, kept.keyType == ObjectIdentifier(Key.self) else {
                return KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(encoder: self, table: table, path: here))
            }
            kept.acquire(by: self, table: table)
            borrowed = .passUnretained(kept)
            return unsafeDowncast(kept, to: LuaKeyedEncodingBox<Key>.self).container
        }
        let made = LuaKeyedEncodingBox<Key>(frame: LuaEncodingFrame(encoder: self, table: table, path: here, kept: true))
        facts.keyedContainer = made
        borrowed = .passUnretained(made)
        return made.container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LuaUnkeyedEncodingContainer(encoder: self, table: currentTable(sequence: true), path: here)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: SingleValueEncodingContainer (pushes at the current value's slot)

    func encodeNil() throws { lua_pushnil(L) }
    func encode(_ value: Bool) throws { lua_pushboolean(L, value ? 1 : 0) }
    func encode(_ value: String) throws { state.pushString(value) }
    func encode(_ value: Double) throws { lua_pushnumber(L, value) }
    func encode(_ value: Float) throws { lua_pushnumber(L, Double(value)) }
    func encode(_ value: Int) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: Int8) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: Int16) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: Int32) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: Int64) throws { lua_pushinteger(L, value) }
    func encode(_ value: UInt) throws { try pushInteger(value) }
    func encode(_ value: UInt8) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: UInt16) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: UInt32) throws { lua_pushinteger(L, lua_Integer(value)) }
    func encode(_ value: UInt64) throws { try pushInteger(value) }
    func encode<T: Encodable>(_ value: T) throws { try push(value) }
}

extension LuaState {
    /// Pushes `value` onto the stack, reusing with `reuse` the sequence elements that did not
    /// change since its last push (see ``LuaSequenceReuse``). [-0, +1]; nothing on failure.
    func push<T: Encodable>(_ value: T, reusing reuse: LuaSequenceReuse? = nil) throws(LuaError) {
        // References, dates, numbers, Booleans and strings (the usual arguments) need no encoder.
        // (Each branch has checked that `T` is the type it casts to.)
        if T.self == LuaRef.self || T.self == Date.self || T.self == Double.self || T.self == Bool.self || T.self == String.self
            || T.self == String?.self {
            guard lua_checkstack(L, 8) != 0 else { throw .encoding(path: "", message: "too many values for the Lua stack") }
            if T.self == Bool.self {
                lua_pushboolean(L, unsafeBitCast(value, to: Bool.self) ? 1 : 0)
            } else if T.self == LuaRef.self {
                let reference = value as! LuaRef
                guard reference.state === self else { throw .encoding(path: "", message: "a LuaRef belongs to another state") }
                reference.push(into: self)
            } else if T.self == Date.self {
                lua_pushnumber(L, unsafeBitCast(value, to: Date.self).timeIntervalSince1970)
            } else if T.self == Double.self {
                lua_pushnumber(L, unsafeBitCast(value, to: Double.self))
            } else if let text = T.self == String.self ? unsafeBitCast(value, to: String.self) : unsafeBitCast(value, to: String?.self) {
                pushString(text)
            } else {
                lua_pushnil(L)
            }
            return
        }
        do {
            try LuaEncoder(state: self, reuse: reuse).push(value)
        } catch let error as LuaError {
            throw error
        } catch let error as EncodingError {
            if case .invalidValue(_, let context) = error {
                throw .encoding(path: context.codingPath.luaPath, message: context.debugDescription)
            }
            throw .encoding(path: "", message: String(describing: error))
        } catch {
            throw .encoding(path: "", message: String(describing: error))
        }
    }
}
