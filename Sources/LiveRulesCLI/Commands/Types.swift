import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules types [pack-dir…]`: writes each pack's editor definitions (LuaCATS) and the Lua
/// language server's `.luarc.json` into the pack folder.
struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write editor definitions (LuaCATS) and a .luarc.json for the Lua language server.",
        discussion: """
            Writes .luarc.json and types/ into each pack folder: the pack's attributes, state and facts,
            the input every rule receives, what each rule returns, and every helper function with its
            parameters. Run it again after changing pack.json or a phase rule's facts.
            A folder without a pack.json is searched for packs one level down.
            Exit status: 0 written (or up to date with --check); 1 with --check, definitions out of date;
            2 bad usage (no pack found) or a pack that does not load.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Flag(help: "Write nothing; report the packs whose definitions are missing or out of date.")
    var check = false

    func run() throws {
        var stale = false, failed = false
        for named in try NamedPack.all(at: paths, command: "types") {
            let display = named.display
            let pack: RulePack
            do { pack = try RulePack.load(from: named.directory, displayPath: display) } catch {
                report(error.diagnostics)
                failed = true
                continue
            }
            let types = PackTypes(pack: pack)
            let outdated = types.stale(in: pack.folder)
            if check {
                report(outdated.map { Diagnostic(file: pack.folder.display($0), message: "out of date: run `liverules types \(display)`") })
                stale = stale || !outdated.isEmpty
                if outdated.isEmpty { print("\(display): up to date") }
                continue
            }
            do { try types.write(to: pack.folder) } catch {
                report(error.diagnostics)
                failed = true
                continue
            }
            print("\(display): wrote \(PackTypes.configurationFile) and \(RulePack.typesFolder)/ (\(outdated.count) of \(types.files.count) files changed)")
        }
        if failed { throw ExitStatus.badInput.exitCode }
        if stale { throw ExitStatus.ruleFailed.exitCode }
    }
}
