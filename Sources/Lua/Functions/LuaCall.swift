import CLua
import CLuaShim

/// One call from Lua into a Swift function: read its arguments, give its results.
public struct LuaCall {
    let state: LuaState
    /// The name the function was registered under, for error messages.
    public let name: String
    /// How many arguments Lua passed.
    public let argumentCount: Int

    /// Decodes argument `position` (1-based); a missing argument reads as nil.
    public func argument<T: Decodable>(_ position: Int, as type: T.Type = T.self) throws -> T {
        do {
            return try state.decode(T.self, at: Int32(position))
        } catch {
            throw LuaArgumentError(position: position, function: name, reason: error.message)
        }
    }

    /// Counts `steps` units of work against the calling rule's step budget (the string library
    /// charges one per byte it reads): a function whose work grows with its arguments reports
    /// it, and a call that takes the budget past its limit ends in a budget error when the
    /// function returns.
    public func charge(_ steps: Int) {
        lrs_ctx(state.L).pointee.host_steps += Int64(max(steps, 0))
    }

    /// Adds `value` as the next of the function's results. They belong to the call: Lua takes
    /// them when the function returns, so the stack around the call is left as it was.
    public func `return`(_ value: some Encodable) throws {
        try state.push(value)
    }
}

/// A bad argument, worded as Lua's own library words it.
struct LuaArgumentError: Error, CustomStringConvertible {
    let position: Int
    let function: String
    let reason: String

    var description: String { "bad argument #\(position) to '\(function)' (\(reason))" }
}

extension LuaState {
    /// Makes `body` callable from Lua as the global `name` (a dotted name such as `text.fit`
    /// creates the tables on the way). A throwing body becomes a Lua error in the calling rule.
    public func register(_ name: String, _ body: @escaping (LuaCall) throws -> Void) {
        setGlobal(name) { pushHostFunction(LuaHostFunction(name: name, body: body)) }
    }

    /// Sets the global `name` (dotted: the tables on the way are created) to the value `push`
    /// pushes.
    func setGlobal(_ name: String, to push: () -> Void) {
        var path = name.split(separator: ".").map(String.init)
        let last = path.removeLast()
        lrs_pushglobaltable(L)
        for part in path {
            if rawField(part, of: -1) != LUA_TTABLE {
                lrs_pop(L, 1)
                lrs_newtable(L)
                lua_pushvalue(L, -1)
                setRawField(part, of: -3)
            }
            lua_rotate(L, -2, 1)
            lrs_pop(L, 1)
        }
        push()
        setRawField(last, of: -2)
        lrs_pop(L, 1)
    }
}

// MARK: - Callers

extension LuaCall {
    /// The Lua functions on the stack below this host function, innermost first: each one's chunk
    /// name (as given to ``LuaState/load(_:chunkName:pure:)``, without Lua's `@`) and the line it
    /// is running. C functions, and Lua functions without line information, are left out. Reads
    /// the stack only; the budgets and the stack's contents are unaffected.
    public func callers() -> [SourceLocation] {
        var found: [SourceLocation] = []
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(state.L, level, &record) != 0 {
            level += 1
            guard lua_getinfo(state.L, "Sl", &record) != 0, record.currentline > 0, let source = record.source else { continue }
            var name = String(cString: source)
            if name.hasPrefix("@") { name.removeFirst() }
            found.append(SourceLocation(file: name, line: Int(record.currentline)))
        }
        return found
    }
}
