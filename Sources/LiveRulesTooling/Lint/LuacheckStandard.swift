import Lua

/// The globals rules see, read from a real sandboxed state: what luacheck's standard for rules
/// allows (the host's `liverules_host_…` functions are not in it: rules never call them).
package struct LuacheckStandard: Sendable, Equatable {
    /// Each global's name, with the field names of the ones that are library tables (`string`).
    package var globals: [String: [String]]

    /// The globals of a state made as every presenter's is, before the host registers its own.
    package static func sandbox() throws(LuaError) -> LuacheckStandard {
        let lua = try LuaState()
        let globals = try lua.run("""
            local globals = {}
            for name, value in pairs(_G) do
              local fields = {}
              if type(value) == "table" and name ~= "_G" then
                for field in pairs(value) do fields[#fields + 1] = field end
                table.sort(fields)
              end
              globals[name] = fields
            end
            return globals
            """, chunkName: "luacheck-standard", returning: [String: [String]].self)
        return LuacheckStandard(globals: globals)
    }

    /// The luacheck configuration (Lua) that makes this the only standard, with the warnings
    /// rules are not held to left out: line lengths and whitespace (`6xx`), and a rule
    /// function's `input` left unused.
    package var configuration: String {
        var entries: [String] = []
        for name in globals.keys.sorted() {
            let fields = globals[name]!
            entries.append(fields.isEmpty ? "  \(quoted(name))," :
                "  [\(quoted(name))] = { fields = { \(fields.map(quoted).joined(separator: ", ")) } },")
        }
        return "stds.liverules = { read_globals = {\n\(entries.joined(separator: "\n"))\n} }\n"
            + "std = \"liverules\"\nignore = { \"6\", \"212/input\" }\n"
    }

    private func quoted(_ name: String) -> String { "\"\(name)\"" }
}
