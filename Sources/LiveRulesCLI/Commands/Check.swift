import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules check <pack-dir>...`: validates packs without changing anything.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check packs: manifest, schema, rules, fixtures and field ids.",
        discussion: """
            Compiles every rule, validates the manifest and schema, lints the rules (the host's checks of
            field ids, placements, tones, phases, colours and helper names written as literals, and luacheck
            when it is installed), reads every fixture against the schema and presents it, and reports every
            problem as path:line:col: error|warning: message.
            A folder without a pack.json is searched for packs one level down.
            With --against, also compares each pack's content state with an older version of it (a
            folder, or a git revision such as main or v1.0.0) and reports as errors the changes that break
            activities already running on devices: a new required field, a removed or renamed key, a
            type change.
            Exit status: 0 no errors (warnings allowed); 1 errors found; 2 bad usage (no pack found) or a pack
            file or folder that leads outside its pack.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Option(help: "An older version to compare content states with: a pack folder, a folder of packs, or a git revision.")
    var against: String?

    func run() throws {
        var errors = 0, warnings = 0, checked = 0, refused = false
        let luacheck = Luacheck.find()
        for pack in try NamedPack.all(at: paths, command: "check") {
            let diagnostics: [Diagnostic]
            do {
                diagnostics = try PackCheck.run(packAt: pack.directory, displayPath: pack.display, against: against.map(OlderPacks.init),
                                                luacheck: luacheck)
            } catch {
                refused = true
                diagnostics = error.diagnostics
            }
            report(diagnostics)
            errors += diagnostics.filter { $0.severity == .error }.count
            warnings += diagnostics.filter { $0.severity == .warning }.count
            checked += 1
        }
        if luacheck == nil { print("lint: luacheck skipped, it is not installed: \(Luacheck.installHint)") }
        print("checked \(checked) pack\(checked == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if refused { throw ExitStatus.badInput.exitCode }
        if errors > 0 { throw ExitStatus.ruleFailed.exitCode }
    }
}
