import Foundation

/// `liverules check` for one pack: loads it (manifest, schema, every rule compiled), sets it up,
/// reads every fixture against the schema and presents it, checking the output against the
/// vocabulary. Reports every problem found, and warns about declared phases and field ids that
/// no fixture reaches.
public enum PackCheck {
    public static func run(packAt directory: URL, displayPath: String) -> [Diagnostic] {
        let pack: RulePack
        do { pack = try RulePack.load(from: directory, displayPath: displayPath) } catch { return error.diagnostics }
        let presenter: Presenter
        do { presenter = try Presenter(pack: pack) } catch { return error.diagnostics(inputFile: displayPath) }
        var diagnostics: [Diagnostic] = []
        let manifestFile = displayPath + "/" + RulePack.manifestFile
        func atManifest(_ path: String, _ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
            let position = pack.manifestPositions[path] ?? SourcePosition(line: 1, column: 1)
            return Diagnostic(file: manifestFile, line: position.line, column: position.column, severity: severity, message: message)
        }
        let names = pack.fixtureNames()
        if names.isEmpty {
            diagnostics.append(atManifest("", .warning, "the pack has no fixtures: add some under \(displayPath)/fixtures/"))
        }
        var phases: Set<String> = [], fields: Set<String> = []
        // Rule failures, merged when several fixtures hit the same one: the failure, then the fixtures.
        var failures: [(diagnostic: Diagnostic, fixtures: [String])] = []
        for name in names {
            let file = "\(displayPath)/fixtures/\(name)"
            do {
                let fixture = try Fixture.load(from: pack.fixturesDirectory.appendingPathComponent(name), displayPath: file,
                                               manifest: pack.manifest)
                let presentation = try presenter.present(fixture)
                phases.insert(presentation.phase)
                for layout in presentation.layout.values { fields.formUnion(layout.fields.map(\.id)) }
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            } catch let error as PresentationError {
                for diagnostic in error.diagnostics(inputFile: file) {
                    if diagnostic.file == file {
                        diagnostics.append(diagnostic)
                    } else if let index = failures.firstIndex(where: { $0.diagnostic == diagnostic }) {
                        failures[index].fixtures.append(name)
                    } else {
                        failures.append((diagnostic, [name]))
                    }
                }
            } catch {
                diagnostics.append(Diagnostic(file: file, message: "\(error)"))
            }
        }
        for (diagnostic, fixtures) in failures {
            var merged = diagnostic
            let shown = fixtures.prefix(3).joined(separator: ", ") + (fixtures.count > 3 ? ", …" : "")
            merged.message += " (presenting \(fixtures.count == 1 ? "" : "\(fixtures.count) fixtures: ")\(shown))"
            diagnostics.append(merged)
        }
        guard !names.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) else { return diagnostics }
        for (index, phase) in pack.manifest.phases.enumerated() where !phases.contains(phase) {
            diagnostics.append(atManifest("phases[\(index)]", .warning, "no fixture reaches phase '\(phase)'"))
        }
        for (index, field) in pack.manifest.fields.enumerated() where !fields.contains(field) {
            diagnostics.append(atManifest("fields[\(index)]", .warning, "no fixture shows field '\(field)'"))
        }
        return diagnostics
    }
}
