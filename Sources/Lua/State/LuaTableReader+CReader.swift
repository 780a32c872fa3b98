import CLua
import CLuaShim

/// A C function that reads a table on the stack in one pass, for hosts that implement their
/// reading in C next to the state: `reader(L, table, context, out)` reads the table at absolute
/// index `table`, given the value at absolute index `context` the host prepared for it, fills
/// `out` and returns nonzero when it could read the table, 0 when it could not. It must leave the
/// stack as it found it, never raise and never run Lua code: raw reads only.
public typealias LuaTableCReader = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32

extension LuaTableReader {
    /// Runs `reader` over the table with `context` (a value kept in the same state) and `out`;
    /// whether it could read the table. What it wrote to `out` may point into the table's
    /// strings: valid only inside the closure this reader was given to.
    public func read(with reader: LuaTableCReader, context: LuaRef, into out: UnsafeMutableRawPointer) -> Bool {
        context.push(into: state)
        defer { lrs_pop(L, 1) }
        return reader(L, index, lua_gettop(L), out) != 0
    }
}
