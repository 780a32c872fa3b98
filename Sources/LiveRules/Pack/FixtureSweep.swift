/// Every fixture of a pack read against its schema and presented once: the problems found, and
/// the phases and field ids the presentations reached. What `liverules check` and a reload run.
package struct FixtureSweep {
    /// The fixture files, relative to `fixtures/`, sorted.
    package let names: [String]
    /// Fixtures that do not match the schema, at their line and column; then rule and output
    /// failures, each once (one mistake, whatever values it quotes), naming the fixtures that hit
    /// it: `… (presenting 3 fixtures: a.json, …)`.
    package let diagnostics: [Diagnostic]
    package let phases: Set<String>
    package let fields: Set<String>

    /// Reads and presents every fixture of `pack` with `present`. Throws only when the fixtures
    /// cannot be listed (a file or folder leads outside the pack).
    package init(_ pack: RulePack, present: (Fixture) throws(PresentationError) -> Presentation) throws(DiagnosticError) {
        names = try pack.fixtureNames()
        var diagnostics: [Diagnostic] = []
        var phases: Set<String> = [], fields: Set<String> = []
        // Rule failures, merged when several fixtures hit the same one: the failure, then the fixtures.
        var failures: [(diagnostic: Diagnostic, fixtures: [String])] = []
        for name in names {
            let file = pack.folder.display("fixtures/\(name)")
            do {
                let presentation = try present(Fixture.load("fixtures/\(name)", in: pack.folder, manifest: pack.manifest))
                phases.insert(presentation.phase)
                for layout in presentation.layout.values { fields.formUnion(layout.fields.map(\.id)) }
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            } catch let error as PresentationError {
                for diagnostic in error.diagnostics(inputFile: file) {
                    if diagnostic.file == file {
                        diagnostics.append(diagnostic)
                    } else if let index = failures.firstIndex(where: { $0.diagnostic.isSameMistake(as: diagnostic) }) {
                        failures[index].fixtures.append(name)
                    } else {
                        failures.append((diagnostic, [name]))
                    }
                }
            } catch {
                diagnostics.append(Diagnostic(file: file, message: "\(error)"))
            }
        }
        for (diagnostic, fixtures) in failures { diagnostics.append(Self.merged(diagnostic, presenting: fixtures)) }
        self.diagnostics = diagnostics
        self.phases = phases
        self.fields = fields
    }

    /// `diagnostic`, hit while presenting `fixtures` (names in `fixtures/`), once: its message
    /// names them, `(presenting 3 fixtures: a.json, b.json, c.json)`, the first three.
    package static func merged(_ diagnostic: Diagnostic, presenting fixtures: [String]) -> Diagnostic {
        var merged = diagnostic
        let shown = fixtures.prefix(3).joined(separator: ", ") + (fixtures.count > 3 ? ", …" : "")
        merged.message += " (presenting \(fixtures.count == 1 ? "" : "\(fixtures.count) fixtures: ")\(shown))"
        return merged
    }
}
