import CLua
import CLuaShim

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

/// The sequences one input pushed last time, so that pushing its next value encodes only what
/// changed: an element equal to the element at the same position of the sequence at the same
/// place last time is not encoded again; the new sequence holds the Lua value that position of
/// the old sequence holds now. A day's meetings or a match's events mostly stay the same from one
/// update to the next.
///
/// A place is the keys and positions that lead from the pushed value to a sequence. Arrays of
/// `Equatable` elements the encoder pushes take part, compared with `==`, which must then mean
/// "encodes the same": a type whose `==` ignores a field that it encodes must not be pushed with
/// a reuse, and `String`'s `==` holds for canonically equivalent text whose bytes differ (the
/// earlier bytes are kept). Elements of class types never take part (a class's `==` may say
/// equal after the object changed). ``LuaTreeWriter`` lists take part with the comparison their
/// writer gives (``LuaTreeWriter/list(_:fields:same:_:)``). Each old position
/// is reused at most once, by the same place, so a host that replaces the tables it was given by
/// tables of its own (read-only views, say) gets its own tables back at the same place of the
/// new value, and nowhere else. A host must not let anything change a pushed table in another
/// way: the next push would hand the change on as if it were the element's encoding.
///
/// One reuse serves one input of one ``LuaState``, one push at a time
/// (``LuaState/reference(_:reusing:)``).
public final class LuaSequenceReuse {
    /// One step of a place: a key of a keyed value, or a 0-based position in a sequence.
    enum Step: Hashable {
        case key(String)
        case index(Int)

        init(_ key: any CodingKey) {
            if key is LuaIndexKey, let index = key.intValue { self = .index(index) } else { self = .key(key.stringValue) }
        }
    }

    /// A sequence pushed: its elements (an array of their type) and its table.
    struct Sequence {
        let elements: Any
        let table: LuaRef
    }

    /// The sequences of the last push that succeeded, by place.
    private var previous: [[Step]: Sequence] = [:]
    /// The sequences of the push under way.
    private var pushed: [[Step]: Sequence] = [:]
    /// The place of the table a ``LuaTreeWriter`` is writing now (an encoder's coding path says
    /// it for the rest). Changed at every value a tree writes: no run-time exclusivity checks (one
    /// push at a time uses it and `next`, and never overlaps accesses).
    @exclusivity(unchecked) var path: [Step] = []
    /// The step to the next value the writer writes: a member's key or a list position, taken
    /// into the path only when that value is a table (``open()``).
    @exclusivity(unchecked) var next: Step?

    /// Starts the place of a table a tree writer opens: its step joins the path. Returns whether
    /// the path grew (not at the value's root), for ``close(_:)``.
    func open() -> Bool {
        guard let step = next else { return false }
        path.append(step)
        next = nil
        return true
    }

    /// Ends the place ``open()`` started.
    func close(_ opened: Bool) {
        if opened { path.removeLast() }
    }

    /// Elements the last push took from the push before it instead of encoding them.
    public private(set) var reusedCount = 0

    /// A reuse with nothing pushed yet: the first push encodes every element.
    public init() {}

    /// Drops what the last push left: the next one encodes every element.
    public func forget() {
        previous = [:]
    }

    /// Starts a push.
    func begin() {
        pushed = [:]
        reusedCount = 0
        path = []
        next = nil
    }

    /// Ends a push: what it pushed is reused next time when it succeeded; nothing is otherwise.
    func finish(succeeded: Bool) {
        previous = succeeded ? pushed : [:]
        pushed = [:]
    }

    /// The elements last pushed at `place` when they were `[Element]`, their table pushed onto
    /// the stack of `state`; nil (nothing pushed) otherwise. [-0, +(0|1)]
    private func pushPrevious<Element>(at place: [Step], of type: Element.Type, in state: LuaState) -> [Element]? {
        guard let sequence = previous[place], sequence.table.state === state, let elements = sequence.elements as? [Element] else {
            return nil
        }
        sequence.table.push(into: state)
        return elements
    }

    /// Notes `elements` pushed at `place` as the table at `index`. [-0, +0]
    private func record<Element>(_ elements: [Element], at place: [Step], table index: Int32, in state: LuaState) {
        lua_pushvalue(state.L, index)
        pushed[place] = Sequence(elements: elements, table: LuaRef(popping: state))
    }

    /// Pushes `elements` as a sequence (room for `fields` keys besides): an element for which
    /// `same` holds with the one at its position last time is the value that position holds now;
    /// `push` encodes the others (exactly one value each, given the element and its position).
    /// [-0, +1]
    func pushSequence<Element, Failure: Error>(
        _ elements: [Element], at place: [Step], in state: LuaState, fields: Int32 = 0,
        same: (Element, Element) -> Bool, _ push: (Element, Int) throws(Failure) -> Void
    ) throws(Failure) {
        let L = state.L
        lua_createtable(L, Int32(clamping: elements.count), fields)
        let table = lua_gettop(L)
        let old = pushPrevious(at: place, of: Element.self, in: state) ?? []
        var reused = 0
        defer { reusedCount += reused }
        for index in elements.indices {
            if index < old.count, same(old[index], elements[index]) {
                lua_rawgeti(L, table + 1, lua_Integer(index + 1))
                reused += 1
            } else {
                try push(elements[index], index)
            }
            lua_rawseti(L, table, lua_Integer(index + 1))
        }
        lua_settop(L, table)
        record(elements, at: place, table: table, in: state)
    }
}

extension LuaState {
    /// Encodes `value` as ``reference(_:)`` does, reusing for each sequence in it the elements
    /// that did not change since the last value pushed with `reuse` (see ``LuaSequenceReuse``).
    public func reference(_ value: some Encodable, reusing reuse: LuaSequenceReuse) throws(LuaError) -> LuaRef {
        reuse.begin()
        do {
            try push(value, reusing: reuse)
        } catch {
            reuse.finish(succeeded: false)
            throw error
        }
        reuse.finish(succeeded: true)
        return LuaRef(popping: self)
    }
}
