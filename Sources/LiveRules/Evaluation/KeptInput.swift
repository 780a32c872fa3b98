import Lua

/// An input kept in a presenter's state between presentations, so one that does not change (an
/// activity's attributes never do; a backend fanning one state out to many activities presents it
/// again and again) is encoded, checked and viewed once. The value last presented is kept with the
/// table it was pushed as, and the driver keeps the checked view of the last table it was given:
/// passing the same table again skips the encoding and the schema check.
///
/// Only values of `Equatable` value types are kept (a class's `==` may say equal after the
/// object changed), and only for strict presentations, whose rules see read-only views that no
/// presentation can change.
struct KeptInput {
    private var value: (any Equatable)?
    private var table: LuaRef?

    /// The table to pass for `value`: the kept one when `keeping` and `value` equals the kept
    /// value, otherwise `value` pushed now (and kept, when `keeping` and it can be).
    mutating func table<Value: Encodable>(for value: Value, in lua: LuaState, keeping: Bool) throws(LuaError) -> LuaRef {
        guard keeping, !(Value.self is AnyObject.Type), let compared = value as? any Equatable else {
            forget()
            return try lua.reference(value)
        }
        if let kept = self.value, let table, Self.equal(compared, kept) { return table }
        forget()
        let table = try lua.reference(value)
        (self.value, self.table) = (compared, table)
        return table
    }

    /// Drops the kept value: the next one is pushed and checked afresh.
    mutating func forget() {
        value = nil
        table = nil
    }

    private static func equal<T: Equatable>(_ value: T, _ kept: any Equatable) -> Bool {
        (kept as? T) == value
    }
}
