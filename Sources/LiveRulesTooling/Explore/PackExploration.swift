import Foundation
import LiveRules

/// One pack explored after its golden tests (`liverules test --explore`): the states checked,
/// the promises broken with their smallest states, and the pack's promises that never applied.
package struct PackExploration: Sendable {
    /// The pack's display path (`rules/meetings`).
    package var pack: String
    package var count: Int
    package var seed: UInt64
    package var findings: [Explorer.Finding]
    /// Warnings: rows of the pack's promises that matched no explored state.
    package var warnings: [Diagnostic]
    /// The pack could not be set up to explore (its rules or promises fail to load): the
    /// errors, and no states were explored.
    package var errors: [Diagnostic]

    /// Whether exploring found anything that fails the run.
    package var isFailure: Bool { !findings.isEmpty || !errors.isEmpty }

    /// Explores each pack in `packs` (folder, display path) with `count` states from `seed`,
    /// `workers` packs at a time; results in the order of `packs`.
    package static func run(_ packs: [(directory: URL, display: String)], count: Int, seed: UInt64, workers: Int) -> [PackExploration] {
        let shared = IndexedWork<PackExploration>(count: packs.count)
        DispatchQueue.concurrentPerform(iterations: min(max(workers, 1), max(packs.count, 1))) { _ in
            while let index = shared.next() {
                shared.store(explore(packs[index].directory, display: packs[index].display, count: count, seed: seed), at: index)
            }
        }
        return shared.results
    }

    /// Explores one pack.
    package static func explore(_ directory: URL, display: String, count: Int, seed: UInt64) -> PackExploration {
        var exploration = PackExploration(pack: display, count: count, seed: seed, findings: [], warnings: [], errors: [])
        do {
            let report = try Explorer(pack: try RulePack.load(from: directory, displayPath: display)).explore(seed: seed, count: count)
            exploration.findings = report.findings
            if let file = report.promisesFile { exploration.warnings = neverApplied(report.neverApplied, in: file, states: count) }
        } catch let error as DiagnosticError {
            exploration.errors = error.diagnostics
        } catch let error as PresentationError {
            exploration.errors = error.diagnostics()
        } catch {
            exploration.errors = [Diagnostic(file: display, message: "\(error)")]
        }
        return exploration
    }

    /// A warning for each row of `file` that applied to none of the `states`.
    package static func neverApplied(_ rows: [(row: Int, line: Int)], in file: String, states: Int) -> [Diagnostic] {
        rows.map {
            Diagnostic(file: file, line: $0.line, column: 1, severity: .warning,
                       message: "row \($0.row) never applied: its 'when' matched none of the \(states) states explored")
        }
    }

    /// What a finding says on one line: `file:line: promise in placement: message`, at the
    /// pack's promise, the rule line that failed or the one that laid the placement out.
    package static func headline(of finding: Explorer.Finding) -> String {
        let failure = finding.failure
        let place = finding.file.map { "\($0):\(finding.line ?? 1): " } ?? ""
        return "\(place)\(failure.property)\(failure.placement.map { " in \($0)" } ?? ""): \(failure.message)"
    }
}
