import Foundation
import LiveRules

/// `liverules check` for one pack: loads it (manifest, schema, every rule compiled), sets it up,
/// reads every fixture against the schema and presents it, checking the output against the
/// vocabulary. Reports every problem found, warns about declared phases and field ids that no
/// fixture reaches, and reports what the output checks find in each fixture's presentation
/// (``OutputFinding``): warnings, or errors when the pack's `"checks"` is `"strict"`.
package enum PackCheck {
    /// The problems found in the pack. Throws, instead, when a file or folder of the pack leads
    /// outside it (``DiagnosticError/isOutsidePack``): nothing else of the pack is read then.
    /// With `against`, also every content-state change since the older version that breaks
    /// activities already running (errors) or may (warnings). A pack that loads is also linted:
    /// the host's static checks (``RuleLint``) and, when `luacheck` is given, luacheck's findings.
    package static func run(packAt directory: URL, displayPath: String, against: OlderPacks? = nil,
                            luacheck: Luacheck? = nil) throws(DiagnosticError) -> [Diagnostic] {
        let pack: RulePack
        do { pack = try RulePack.load(from: directory, displayPath: displayPath) } catch {
            if error.isOutsidePack { throw error }
            return error.diagnostics
        }
        return try check(pack, displayPath: displayPath, luacheck: luacheck) + (against.map { evolution(of: pack, since: $0) } ?? [])
    }

    /// A warning when the pack has editor definitions (a `.luarc.json`) that `liverules types`
    /// would write differently now.
    private static func staleTypes(of pack: RulePack) -> [Diagnostic] {
        guard (try? pack.folder.exists(PackTypes.configurationFile)) == true,
              let first = PackTypes(pack: pack).stale(in: pack.folder).first else { return [] }
        return [Diagnostic(file: pack.folder.display(first), severity: .warning,
                           message: "the editor definitions are out of date: run `liverules types \(pack.displayPath)`")]
    }

    /// The schema changes since the older version of `pack`.
    private static func evolution(of pack: RulePack, since older: OlderPacks) -> [Diagnostic] {
        do {
            guard let manifest = try older.manifest(of: pack) else {
                return [Diagnostic(file: pack.folder.display(RulePack.manifestFile), severity: .warning,
                                   message: "no older version of pack '\(pack.manifest.name)' in \(older): nothing to compare")]
            }
            return pack.schemaDiagnostics(since: manifest, breakingIsError: true)
        } catch {
            return error.diagnostics
        }
    }

    private static func check(_ pack: RulePack, displayPath: String, luacheck: Luacheck?) throws(DiagnosticError) -> [Diagnostic] {
        var lint = RuleLint.diagnostics(for: pack) + (luacheck?.diagnostics(for: pack) ?? []) + staleTypes(of: pack)
        // A mistake lint found is the same one running the rules trips over on its line: said once.
        func linted() -> Set<String> { Set(lint.filter { $0.severity == .error }.map { "\($0.file):\($0.line)" }) }
        func unlinted(_ found: [Diagnostic]) -> [Diagnostic] { found.filter { !linted().contains("\($0.file):\($0.line)") } }
        let presenter: Presenter
        do { presenter = try Presenter(pack: pack, recordsCoverage: false) } catch {
            // Except a syntax error: the host's own says what is likely missing ("missing comma?").
            let found = error.diagnostics(inputFile: displayPath)
            let lines = Set(found.map { "\($0.file):\($0.line)" })
            lint.removeAll { $0.message.hasSuffix(Luacheck.syntaxErrorCode) && lines.contains("\($0.file):\($0.line)") }
            return lint + unlinted(found)
        }
        func atManifest(_ path: String, _ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
            let position = pack.manifestPositions[path] ?? SourcePosition(line: 1, column: 1)
            return Diagnostic(file: pack.folder.display(RulePack.manifestFile), line: position.line, column: position.column,
                              severity: severity, message: message)
        }
        let sweep = try FixtureSweep(pack) { fixture throws(PresentationError) in try presenter.present(fixture) }
        var diagnostics = lint + unlinted(sweep.diagnostics)
        if sweep.names.isEmpty {
            diagnostics.append(atManifest("", .warning, "the pack has no fixtures: add some under \(displayPath)/fixtures/"))
        }
        guard !sweep.names.isEmpty, !sweep.diagnostics.contains(where: { $0.severity == .error }) else { return diagnostics }
        for (index, phase) in pack.manifest.phases.enumerated() where !sweep.phases.contains(phase) {
            diagnostics.append(atManifest("phases[\(index)]", .warning, "no fixture reaches phase '\(phase)'"))
        }
        for (index, field) in pack.manifest.fields.enumerated() where !sweep.fields.contains(field) {
            diagnostics.append(atManifest("fields[\(index)]", .warning, "no fixture shows field '\(field)'"))
        }
        let severity: Diagnostic.Severity = pack.manifest.checks == .strict ? .error : .warning
        // The promises are checked on the fixtures only when nothing else is wrong: a mistake in
        // the rules would otherwise also be reported as every promise it breaks.
        let promises: PackPromises?
        do { promises = diagnostics.contains { $0.severity == .error } ? nil : try PackPromises(pack) } catch {
            promises = nil
            diagnostics += error.diagnostics()
        }
        for name in sweep.names {
            // Every fixture presented without error in the sweep, so neither step throws here.
            guard let fixture = try? Fixture.load("fixtures/\(name)", in: pack.folder, manifest: pack.manifest),
                  let (presentation, findings) = try? presenter.presentChecking(fixture) else { continue }
            let file = pack.folder.display("fixtures/\(name)")
            diagnostics += findings.map { Diagnostic(file: file, severity: severity, message: "\($0)") }
            diagnostics += brokenPromises(promises, by: presentation, of: fixture, file: file)
        }
        return diagnostics
    }

    /// The pack's promises a fixture's presentation breaks, each an error at the fixture naming
    /// the promise's row; a promise that fails is an error at its own line.
    private static func brokenPromises(_ promises: PackPromises?, by presentation: Presentation, of fixture: Fixture,
                                       file: String) -> [Diagnostic] {
        guard let promises else { return [] }
        do {
            return try promises.check(presentation, of: fixture).broken.map { broken in
                let line = promises.rowLines.indices.contains(broken.row - 1) ? promises.rowLines[broken.row - 1] : 1
                return Diagnostic(file: file, message: "breaks the promise at \(promises.chunkName):\(line) in \(broken.placement): \(broken.message)")
            }
        } catch {
            return error.diagnostics()
        }
    }
}
