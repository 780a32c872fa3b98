import CLua
import CLuaShim
import Foundation

/// One sandboxed Lua 5.4 state, owned by this object and closed when it goes away.
///
/// Every call into Lua is protected and runs under ``LuaLimits``; after success and after every
/// kind of failure the stack is as it was before the call. A state is used by one thread at a
/// time: it is not `Sendable`, and its `lua_State` never escapes it.
public final class LuaState {
    /// The raw state. Valid for the life of this object.
    @usableFromInline let L: OpaquePointer
    let context: UnsafeMutablePointer<lrs_context>
    /// The budgets in force.
    public let limits: LuaLimits
    let sandbox: LuaSandbox
    /// Swift functions Lua can call; kept alive as long as the state.
    private var hostFunctions: [LuaHostFunction] = []
    /// What the encoder learned about the types it pushed, by type, and the ones used recently.
    /// (Read and written once per pushed value, never overlapping: no run-time exclusivity
    /// checks.)
    @exclusivity(unchecked) var encodingFacts: [ObjectIdentifier: LuaTypeFacts] = [:]
    @exclusivity(unchecked) var recentEncodingFacts = LuaRecentFacts<LuaTypeFacts>()
    /// What the decoder learned about the types it read, by type, and the ones used recently.
    @exclusivity(unchecked) var decodingFacts: [ObjectIdentifier: LuaDecodingFacts] = [:]
    @exclusivity(unchecked) var recentDecodingFacts = LuaRecentFacts<LuaDecodingFacts>()

    /// Creates a state with the sandboxed libraries open.
    public init(limits: LuaLimits = LuaLimits(), sandbox: LuaSandbox = LuaSandbox()) throws(LuaError) {
        self.limits = limits
        self.sandbox = sandbox
        context = .allocate(capacity: 1)
        context.initialize(to: lrs_context())
        context.pointee.instruction_limit = Int64(limits.instructions)
        context.pointee.step_limit = Int64(limits.steps)
        context.pointee.memory_limit = limits.memoryBytes
        context.pointee.string_limit = limits.stringBytes
        context.pointee.deadline_ns = limits.deadlineNanoseconds
        context.pointee.serving = limits.mode == .serving ? 1 : 0
        context.pointee.dispatch = luaHostDispatch
        context.pointee.log = luaHostLog
        guard let state = lrs_newstate(context) else {
            context.deallocate()
            throw .memory(limit: limits.memoryBytes, location: nil)
        }
        L = state
        context.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        lua_pushcclosure(L, lrs_opensandbox, 0)
        try protectedCall(arguments: 0, results: 0)
        if sandbox.moduleRoot != nil || sandbox.modules != nil || sandbox.hostModulePrefix != nil { installModuleSearcher() }
    }

    deinit {
        lrs_closestate(L)
        context.deallocate()
    }

    // MARK: Loading

    /// The most bytes of a pure chunk (see ``load(_:chunkName:pure:)``) or a pack module: longer
    /// ones are refused before they are compiled. Lua's compiler does work that grows faster than
    /// the text on some constructs (a chain of `or`s walks a list that grows with each); at this
    /// size the costliest chunk measured compiles in 35 ms (see the manual's PackFormat article, limits on pack files).
    public static let pureChunkBytes = 16 << 10

    /// Compiles a text chunk without running it. `chunkName` is how errors name it
    /// (`rules/meetings/badge.lua` gives `rules/meetings/badge.lua:12:`). Binary chunks are refused.
    ///
    /// A `pure` chunk is a pack's code. It is refused, as a syntax error at its line 1, when it
    /// is longer than ``pureChunkBytes``; its compile is charged to the step budget (16 steps a
    /// byte); and it is refused, as a syntax error at the line of the assignment, when a
    /// function in it assigns a local of the chunk's top level: such a local lives as long as
    /// the chunk, so a rule that assigns one would carry a value from one call to the next.
    /// (Tables such locals hold can still be changed; inputs and modules reach rules read-only.)
    public func load(_ source: String, chunkName: String, pure: Bool = false) throws(LuaError) -> LuaRef {
        try pushChunk(source, chunkName: chunkName, pure: pure)
        return LuaRef(popping: self)
    }

    /// Compiles (see ``load(_:chunkName:pure:)``) and runs a text chunk; returns what it
    /// returned, decoded.
    @discardableResult
    public func run<R: Decodable>(
        _ source: String, chunkName: String, pure: Bool = false, returning type: R.Type = LuaIgnored.self
    ) throws(LuaError) -> R {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try pushChunk(source, chunkName: chunkName, pure: pure)
        try protectedCall(arguments: 0, results: 1)
        return try decode(R.self, at: -1)
    }

    /// Pushes the compiled chunk. [-0, +1]
    func pushChunk(_ source: String, chunkName: String, pure: Bool = false) throws(LuaError) {
        if pure, source.utf8.count > Self.pureChunkBytes {
            throw .syntax(message: Self.tooLong(source.utf8.count, what: "a pack's Lua file"),
                          location: SourceLocation(file: chunkName, line: 1))
        }
        var source = source
        let status = source.withUTF8 { text in
            lrs_loadtext(L, text.baseAddress, text.count, "@" + chunkName, pure ? 1 : 0)
        }
        guard status == LUA_OK else { throw popError(status: status, compiling: true) }
    }

    /// Why a chunk of `bytes` bytes is refused: "the file has … bytes; `what` may have at most …".
    static func tooLong(_ bytes: Int, what: String) -> String {
        "the file has \(bytes) bytes; \(what) may have at most \(pureChunkBytes) (\(pureChunkBytes >> 10) KiB)"
    }

    // MARK: Calling

    /// Calls `function` with the arguments, discarding its results.
    public func call<each A: Encodable>(_ function: LuaRef, _ arguments: repeat each A) throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let count = try pushCall(function, repeat each arguments)
        try protectedCall(arguments: count, results: 0)
    }

    /// Calls `function` with the arguments and decodes its first result as `R`.
    public func call<each A: Encodable, R: Decodable>(
        _ function: LuaRef, _ arguments: repeat each A, returning type: R.Type
    ) throws(LuaError) -> R {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let count = try pushCall(function, repeat each arguments)
        try protectedCall(arguments: count, results: 1)
        return try decode(R.self, at: -1)
    }

    /// Calls `function` with the arguments and reads its first result, a table, with `read`:
    /// for hosts that know the shape of what they read, field by field, without `Codable`.
    public func call<each A: Encodable, R>(
        _ function: LuaRef, _ arguments: repeat each A, reading read: (LuaTableReader) throws(LuaError) -> R
    ) throws(LuaError) -> R {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let count = try pushCall(function, repeat each arguments)
        try protectedCall(arguments: count, results: 1)
        let result = lua_gettop(L)
        guard lua_type(L, result) == LUA_TTABLE else {
            throw .decoding(path: "", expected: "table", found: describe(at: result))
        }
        return try read(LuaTableReader(state: self, index: result))
    }

    /// Pushes the function and its arguments; returns the argument count. [-0, +(1+n)]
    private func pushCall<each A: Encodable>(
        _ function: LuaRef, _ arguments: repeat each A
    ) throws(LuaError) -> Int32 {
        guard function.state === self else {
            throw .encoding(path: "", message: "the function belongs to another LuaState")
        }
        function.push(into: self)
        var count: Int32 = 0
        for argument in repeat each arguments {
            try push(argument)
            count += 1
        }
        return count
    }

    /// Runs the function below `arguments` values in protected mode under the budgets.
    /// [-(arguments+1), +results]; on failure pops the error and throws it.
    func protectedCall(arguments: Int32, results: Int32) throws(LuaError) {
        let status = lrs_pcall(L, arguments, results)
        guard status == LUA_OK else { throw popError(status: status) }
    }

    /// Pops the error message of a failed call (or compilation) and takes the traceback the
    /// message handler kept apart; classifies the error. Errors the allocator caused carry no
    /// position in their message: they get the place it noted. [-1, +0]
    private func popError(status: Int32, compiling: Bool = false) -> LuaError {
        let text = lua_type(L, -1) == LUA_TSTRING ? errorText(at: -1) : "(error object is not a string)"
        lrs_pop(L, 1)
        let traceback = takeTraceback()
        var (location, message) = SourceLocation.split(text, isChunk: isLoadedChunk)
        if location == nil {  // the place the host noted: the allocator's refusal, a module's raise
            let noted = withUnsafePointer(to: &context.pointee.where) {
                $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            location = SourceLocation.split(noted, isChunk: { _ in true }).0
        }
        if location == nil {  // an error value that is not a message: where the code was that raised it
            let host = sandbox.hostModulePrefix.map { $0 + "/" }
            location = LuaStackFrame.frames(of: traceback).first { host == nil || !$0.location.file.hasPrefix(host!) }?.location
        }
        let exceeded = lrs_exceeded(UInt32(context.pointee.exceeded))
        if exceeded != LRS_WITHIN_BUDGET { location = callerOutsideHostModules(location, traceback: traceback) }
        switch exceeded {
        case LRS_EXCEEDED_INSTRUCTIONS:
            return .budget(.instructions(limits.instructions), location: location)
        case LRS_EXCEEDED_STEPS:
            return .budget(.steps(limits.steps), location: location)
        case LRS_EXCEEDED_STRING:
            return .budget(.stringBytes(limits.stringBytes), location: location)
        case LRS_EXCEEDED_MEMORY:
            return .memory(limit: limits.memoryBytes, location: location)
        case LRS_EXCEEDED_DEADLINE:
            return .budget(.deadline(.nanoseconds(context.pointee.deadline_ns)), location: location)
        default:
            if compiling { return .syntax(message: message, location: location) }
            return .runtime(message: message, location: location, traceback: traceback)
        }
    }

    /// Whether `name` is a chunk this state loaded (``SourceLocation/split(_:isChunk:)``).
    private func isLoadedChunk(_ name: Substring) -> Bool {
        var name = String(name)
        return name.withUTF8 { lrs_isknownchunk(L, $0.baseAddress, $0.count) != 0 }
    }

    /// The string at index as error text: its bytes when they are valid UTF-8; otherwise escaped
    /// (``LuaText/escaped(_:limit:)``), so that no byte of a rule's message is lost. [-0, +0]
    private func errorText(at index: Int32) -> String {
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return LuaText.string(validating: bytes) ?? LuaText.escaped(bytes, limit: .max)
    }

    /// For a budget spent inside one of the host's modules (``LuaSandbox/hostModulePrefix``):
    /// the innermost frame of the traceback outside them, the code that called the host;
    /// `location` otherwise. Read only once a budget ran out.
    private func callerOutsideHostModules(_ location: SourceLocation?, traceback: String) -> SourceLocation? {
        guard let prefix = sandbox.hostModulePrefix.map({ $0 + "/" }), let location, location.file.hasPrefix(prefix) else { return location }
        return LuaStackFrame.frames(of: traceback).first { !$0.location.file.hasPrefix(prefix) }?.location ?? location
    }

    /// The traceback the message handler left in the registry (or ""), which it clears. [-0, +0]
    private func takeTraceback() -> String {
        defer {
            lua_pushnil(L)
            setRawField(LRS_TRACEBACK, of: lrs_registryindex())
        }
        guard rawField(LRS_TRACEBACK, of: lrs_registryindex()) == LUA_TSTRING else {
            lrs_pop(L, 1)
            return ""
        }
        defer { lrs_pop(L, 1) }
        return errorText(at: -1)
    }

    // MARK: Globals

    /// Whether `value` is a function written in C (a library or host function), not in Lua.
    public func isCFunction(_ value: LuaRef) -> Bool {
        value.push(into: self)
        defer { lrs_pop(L, 1) }
        return lua_iscfunction(L, -1) != 0
    }

    /// The global `name`, also after sealing; `nil` when it is nil. Reads raw: no rule
    /// metamethod runs.
    public func global(_ name: String) -> LuaRef? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lrs_pushglobaltable(L)
        if rawField(name, of: -1) == LUA_TNIL, lua_getmetatable(L, -2) != 0 {
            // Sealed: the globals live in the table the metatable's __index names.
            guard rawField("__index", of: -1) == LUA_TTABLE, rawField(name, of: -1) != LUA_TNIL else { return nil }
        }
        guard lua_type(L, -1) != LUA_TNIL else { return nil }
        return LuaRef(popping: self)
    }

    /// Sets the global `name` to `value`, raw, even after sealing.
    public func setGlobal(_ name: String, _ value: some Encodable) throws(LuaError) {
        lrs_pushglobaltable(L)
        defer { lrs_pop(L, 1) }
        try push(value)
        setRawField(name, of: -2)
    }

    /// Guards the globals while a pack loads: what they hold now (the libraries, host functions,
    /// what the host defined) can no longer be replaced, and the library tables become
    /// read-only, so no pack chunk changes what the host's own Lua or another chunk gets from
    /// them. Other globals may be defined until ``sealGlobals(freezing:)``.
    public func guardGlobals() throws(LuaError) {
        lua_pushcclosure(L, lrs_guardglobals, 0)
        try protectedCall(arguments: 0, results: 0)
    }

    /// Seals the globals and library tables: from now on a rule that assigns a global, or reads
    /// one nobody defined, gets an error naming it. Call it once the pack's chunks have run.
    ///
    /// Freezes what the pack built while loading, so no call can leave state for the next: the
    /// tables the globals and `roots` (the rule functions) reach, through upvalues too, become
    /// read-only. Pack modules are frozen when they load; the host's helpers are left alone.
    public func sealGlobals(freezing roots: [LuaRef] = []) throws(LuaError) {
        lua_pushcclosure(L, lrs_sealglobals, 0)
        for root in roots { root.push(into: self) }
        try protectedCall(arguments: Int32(roots.count), results: 0)
    }

    /// Pushes table[name] of the table at index, raw. Returns its Lua type. [-0, +1]
    @discardableResult
    func rawField(_ name: String, of index: Int32) -> Int32 {
        let table = lua_absindex(L, index)
        pushString(name)
        return lua_rawget(L, table)
    }

    /// Pops a value into table[name] of the table at index, raw. [-1, +0]
    func setRawField(_ name: String, of index: Int32) {
        let table = lua_absindex(L, index)
        pushString(name)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// Pushes a Swift string, bytes exactly (NUL bytes included). [-0, +1]
    func pushString(_ value: String) {
        value.withUTF8Bytes { bytes in _ = lua_pushlstring(L, bytes.baseAddress, bytes.count) }
    }

    // MARK: Introspection

    /// Values on the Lua stack now; unchanged by every public call, whether it succeeds or fails.
    public var stackDepth: Int { Int(lua_gettop(L)) }

    /// Bytes the state holds now.
    public var memoryInUse: Int { context.pointee.memory_used }

    /// Bytes the allocator keeps for the state's small blocks (its pool's slabs): they stay with
    /// the state, reused, until it closes. The memory cap bounds what fills them.
    public var pooledBytes: Int { context.pointee.pool.slab_count * Int(LRS_POOL_SLAB) }

    /// The most bytes the state held during the last top-level call.
    public var peakMemoryOfLastCall: Int { context.pointee.memory_peak }

    /// Runs a full garbage collection (host-side; rules cannot).
    public func collectGarbage() {
        lrs_collectgarbage(L)
    }

    /// Called by the C log callback with what a rule printed.
    func log(_ text: String) {
        sandbox.log(text)
    }

    /// Keeps a Swift function alive for the life of the state and pushes it as a Lua function.
    /// [-0, +1]
    func pushHostFunction(_ function: LuaHostFunction) {
        hostFunctions.append(function)
        lrs_pushhostfunction(L, Unmanaged.passUnretained(function).toOpaque())
    }
}

/// Receives what a rule printed; `host` is the LuaState.
private let luaHostLog: lrs_log_fn = { host, text, length in
    guard let host, let text else { return }
    let state = Unmanaged<LuaState>.fromOpaque(host).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: text, count: length)
    state.log(String(decoding: bytes, as: UTF8.self))
}

// MARK: - Release

extension LuaState {
    /// The Lua release this library was built with and runs, e.g. `Lua 5.4.6`.
    public static var release: String { String(cString: lrs_release()) }
}

// MARK: - LuaIgnored

/// A result type that accepts any Lua value and reads nothing: for calls run for their effect.
public struct LuaIgnored: Decodable, Sendable {
    /// The ignored result.
    public init() {}
    /// Reads nothing, whatever the value.
    public init(from decoder: any Decoder) throws {}
}
