import Foundation
import LiveRules

/// The editor definitions of a pack, as `liverules types` writes them into the pack folder: a
/// `.luarc.json` for the Lua language server, and LuaCATS definition files (`---@meta`) under
/// ``RulePack/typesFolder``:
/// - `types/pack.lua`: the pack's phases and field ids, its attributes, state and other schema
///   types, the facts the phase rule returns, the `input` every rule receives, the layout and
///   what each rule returns (one alias per ``RuleStage``);
/// - `types/host.lua`: the host's vocabulary (``HostTypes``);
/// - `types/liverules/<module>.lua`: every helper module, from the LuaCATS comments of its source.
///
/// With them, the language server completes `input.state.…`, field ids and helper functions,
/// and flags unknown fields and wrong arguments, in any editor that runs it.
package struct PackTypes {
    /// The language server's configuration file, at the top of the pack folder.
    package static let configurationFile = ".luarc.json"

    /// Each file's path in the pack folder and its text, sorted by path.
    package let files: [(path: String, text: String)]

    /// The definitions of `pack`.
    package init(pack: RulePack) {
        var files = [(Self.configurationFile, Self.configuration),
                     (RulePack.typesFolder + "/pack.lua", PackTypes.packDefinitions(pack)),
                     (RulePack.typesFolder + "/host.lua", HostTypes.text)]
        for module in HelperModule.all.values {
            files.append((RulePack.typesFolder + "/" + module.name.replacingOccurrences(of: ".", with: "/") + ".lua", module.definitions))
        }
        self.files = files.sorted { $0.0 < $1.0 }
    }

    /// The files that are missing from `folder` or differ from what it holds (one longer than
    /// what would be written is not read).
    package func stale(in folder: PackFolder) -> [String] {
        files.filter { file in
            let expected = Data(file.text.utf8)
            return (try? folder.readIfPresent(file.path, limit: expected.count, kind: "a type file")).flatMap { $0 } != expected
        }.map(\.path)
    }

    /// Writes every file into `folder`, each replaced at once.
    package func write(to folder: PackFolder) throws(DiagnosticError) {
        for file in files { try folder.write(file.path, Data(file.text.utf8)) }
    }

    /// The language server's settings: Lua 5.4, the definitions as a library, `require` as the
    /// host resolves it (`a.b` is `a/b.lua`), and only the libraries the sandbox has.
    static let configuration = """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",
          "runtime.path": ["?.lua", "?/init.lua"],
          "runtime.builtin": {
            "coroutine": "disable",
            "debug": "disable",
            "io": "disable",
            "os": "disable",
            "package": "disable"
          },
          "workspace.library": ["\(RulePack.typesFolder)"],
          "workspace.ignoreDir": [".build"],
          "workspace.checkThirdParty": false,
          "diagnostics.globals": []
        }

        """
}
