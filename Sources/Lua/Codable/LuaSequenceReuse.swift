import CLua
import CLuaShim

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
