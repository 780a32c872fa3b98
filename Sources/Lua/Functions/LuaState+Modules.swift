import CLua
import CLuaShim
import Foundation

extension LuaState {
    /// Installs the searcher `require` uses: module `a.b` is `a/b.lua` in `sandbox.modules`, or
    /// the text file `a/b.lua` inside `sandbox.moduleRoot`, named `<chunkPrefix>/a/b.lua` in
    /// errors; modules named `<hostModulePrefix>.…` come from `sandbox.hostModules` instead,
    /// named by their path alone. Names with anything but letters, digits, `_` and `.` are
    /// refused, and so is any file outside its root, and a pack's module longer than
    /// ``LuaState/pureChunkBytes`` (a file's size is checked before it is read, ``BoundedFile``). The pack's
    /// modules must be pure (see ``LuaState/load(_:chunkName:pure:)``); the host's are trusted.
    func installModuleSearcher() {
        let packRoot = sandbox.moduleRoot.map(Self.resolved)
        let packModules = sandbox.modules
        let hostModules = sandbox.hostModules
        let hostPrefix = sandbox.hostModulePrefix
        let prefix = sandbox.chunkPrefix
        pushHostFunction(LuaHostFunction(name: "require") { call in
            let name = try call.argument(1, as: String.self)
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            let valid = !parts.isEmpty && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
            guard valid else { throw LuaModuleError.invalidName(name) }
            let relative = parts.joined(separator: "/") + ".lua"
            if parts.count > 1, let hostPrefix, parts[0] == hostPrefix {
                guard let source = hostModules[relative] else {
                    throw LuaModuleError.notAHostModule(name, known: hostModules.keys.map(Self.moduleName).sorted())
                }
                try call.return(source)
                try call.return("@" + relative)
                try call.return(false)
                return
            }
            let chunkName = "@" + (prefix.isEmpty ? relative : prefix + "/" + relative)
            if let packModules {
                guard let source = packModules[relative] else { throw LuaModuleError.notFound(name, relative) }
                try Self.checkLength(of: name, bytes: source.utf8.count)
                try call.return(source)
                try call.return(chunkName)
                try call.return(true)
                return
            }
            guard let root = packRoot else { throw LuaModuleError.notFound(name, relative) }
            let file = root.appendingPathComponent(relative).resolvingSymlinksInPath()
            guard file.path.hasPrefix(root.path + "/") else { throw LuaModuleError.outsideRoot(name) }
            let bytes: Data
            do throws(BoundedFile.Failure) {
                bytes = try BoundedFile.read(file.path, limit: Self.pureChunkBytes)
            } catch {
                guard case .tooLarge(let size) = error else { throw LuaModuleError.notFound(name, relative) }
                throw LuaModuleError.tooLong(name, bytes: size ?? Self.pureChunkBytes + 1)
            }
            guard let source = String(bytes: bytes, encoding: .utf8) else { throw LuaModuleError.notFound(name, relative) }
            try call.return(source)
            try call.return(chunkName)
            try call.return(true)
        })
        lrs_setsearcher(L)
    }

    /// Refuses a pack module longer than ``pureChunkBytes``.
    private static func checkLength(of name: String, bytes: Int) throws(LuaModuleError) {
        guard bytes <= pureChunkBytes else { throw .tooLong(name, bytes: bytes) }
    }

    private static func resolved(_ url: URL) -> URL {
        url.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// `a/b.lua` as `require` names it: `a.b`.
    private static func moduleName(_ path: String) -> String {
        String(path.dropLast(".lua".count)).replacingOccurrences(of: "/", with: ".")
    }
}

/// Why `require` refused a module.
enum LuaModuleError: Error, CustomStringConvertible {
    case invalidName(String)
    case outsideRoot(String)
    case notFound(String, String)
    case notAHostModule(String, known: [String])
    case tooLong(String, bytes: Int)

    var description: String {
        switch self {
        case .invalidName(let name): "require '\(name)': module names use letters, digits, '_' and '.'"
        case .outsideRoot(let name): "require '\(name)': the module is outside the pack folder"
        case .notFound(let name, let file): "require '\(name)': no file \(file) in the pack folder"
        case .tooLong(let name, let bytes): "require '\(name)': " + LuaState.tooLong(bytes, what: "a pack module")
        case .notAHostModule(let name, let known):
            "require '\(name)': the host has no such module (it has \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        }
    }
}

// MARK: - CFunctions

extension LuaState {
    /// A reference to a C function written against Lua's C API (a `lua_CFunction`), so Lua code
    /// of this state can call it: for hosts that implement part of their own work in C, next to
    /// the state rather than inside this layer. Pass the reference to Lua as a call argument, or
    /// call it with ``call(_:_:returning:)``.
    ///
    /// Lua calls the function like any other, in protected mode and under the state's budgets,
    /// so it may raise with `lua_error` (the raise never crosses a Swift frame). Its stack effect
    /// is its own contract with its callers.
    public func reference(function: @convention(c) (OpaquePointer?) -> Int32) -> LuaRef {
        lua_pushcclosure(L, function, 0)
        return LuaRef(popping: self)
    }

    /// Makes the C function `function` callable from Lua as the global `name` (dotted names
    /// create the tables on the way), as ``register(_:_:)`` does for a Swift function: for a
    /// host's hot helpers written against Lua's C API. It runs under the state's budgets and
    /// charges its own work (see ``reference(function:)``).
    public func register(_ name: String, function: @convention(c) (OpaquePointer?) -> Int32) {
        setGlobal(name) { lua_pushcclosure(L, function, 0) }
    }
}
