import Lua

/// An input kept in a presenter's state between presentations, so what does not change is
/// encoded, checked and viewed once: an activity's attributes never change, a backend fanning one
/// state out to many activities presents it again and again, and from one update to the next
/// most of a day's meetings or a match's events stay the same.
///
/// A value presented twice in a row is kept with the table it was pushed as the second time, and
/// the driver keeps that table's checked view: passing the same table again skips the encoding
/// and the schema check. A value that changed is pushed again, but each list in it reuses the
/// elements equal to those at the same place last time (``LuaSequenceReuse``): the pushed list
/// holds the old element's checked view, which the schema check accepts as it is, so only the
/// elements that changed are encoded, checked and viewed.
///
/// Only values of `Equatable` value types are kept (a class's `==` may say equal after the
/// object changed), and only for strict presentations, whose rules see read-only views that no
/// presentation can change. Fixture JSON is compared byte for byte, so a golden never depends on
/// the fixture presented before it; the app's types are compared with `==`, which must mean
/// "encodes the same" (as synthesized `==` does, but for canonically equivalent strings, which
/// keep the bytes they first came with).
struct KeptInput {
    /// The value last presented.
    private var value: (any Equatable)?
    /// Its table, once it came twice in a row.
    private var table: LuaRef?
    /// The lists of the value last pushed, for the next push to reuse.
    private let lists = LuaSequenceReuse()
    /// List elements the last argument took from the value before (none when nothing was pushed).
    private(set) var reusedElements = 0

    /// The table to pass for `value`, and whether the driver keeps it (see the type's
    /// description); with `keeping` false, `value` pushed now and nothing kept.
    mutating func argument<Value: Encodable>(for value: Value, in lua: LuaState, keeping: Bool) throws(LuaError) -> (LuaRef, keep: Bool) {
        reusedElements = 0
        guard keeping, !(Value.self is AnyObject.Type), let compared = value as? any Equatable else {
            forget()
            return (try lua.reference(value), false)
        }
        guard let kept = self.value, Self.equal(compared, kept) else {
            (self.value, table) = (compared, nil)
            return (try push(value, in: lua), false)
        }
        if let table { return (table, true) }
        let table = try push(value, in: lua)
        self.table = table
        return (table, true)
    }

    /// Pushes `value` reusing the unchanged elements of the lists pushed before.
    private mutating func push(_ value: some Encodable, in lua: LuaState) throws(LuaError) -> LuaRef {
        let table = try lua.reference(value, reusing: lists)
        reusedElements = lists.reusedCount
        return table
    }

    /// Drops the kept value: the next one is pushed and checked afresh.
    mutating func forget() {
        value = nil
        table = nil
        lists.forget()
    }

    /// Whether `value` is the value kept: fixture JSON when it is identical (see
    /// ``JSONValue/isIdentical(to:)``), the app's types when `==` says so.
    private static func equal<T: Equatable>(_ value: T, _ kept: any Equatable) -> Bool {
        if let json = value as? JSONValue, let kept = kept as? JSONValue { return json.isIdentical(to: kept) }
        return (kept as? T) == value
    }
}
