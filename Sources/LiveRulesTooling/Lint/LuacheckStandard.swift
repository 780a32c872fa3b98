import Lua

/// The globals of the sandbox every rule runs in, read from a real sandboxed state: luacheck's
/// standard for rules. What the host adds for a pack (its `liverules_host_…` plumbing, which
/// ``RuleLint`` reports in rules) is not in it: ``Luacheck`` asks a presenter of the pack about
/// the names luacheck finds undefined.
package struct LuacheckStandard: Sendable, Equatable {
    /// Each global's name, with the field names of the ones that are library tables (`string`).
    package var globals: [String: [String]]

    /// The globals of a state made as every presenter's is, before the host adds its own.
    package static func sandbox() throws(LuaError) -> LuacheckStandard {
        let globals = try LuaState().run("""
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

    private func quoted(_ name: String) -> String { LuaText.quoted(name) }
}
