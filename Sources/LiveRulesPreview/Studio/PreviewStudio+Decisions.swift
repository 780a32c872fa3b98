#if Studio
import Foundation
import LiveRules
import LiveRulesTooling

extension PreviewStudio {
    /// Decides case `id` of the pack at `path` as `liverules review` does, with the same code:
    /// the case is run again on the pack's active version, and its result is recorded as
    /// `liverules test --record` records it (a new golden is written; a changed result becomes
    /// the pending `.new` file) and the pending file accepted, or the pending file is rejected.
    /// `current` is the presentation the page showed: when the case presents something else now,
    /// nothing is written. Refused when the studio is read-only. Returns the case as rendered
    /// afterwards.
    package func decide(_ decision: GoldenDecision, pack path: String, case id: String, current: String?) throws(StudioError) -> StudioCase {
        if let readOnlyReason { throw StudioError(.forbidden, readOnlyReason) }
        guard let pack = pack(at: path), let shown = studioCase(pack: path, id: id) else {
            throw StudioError(.notFound, "no case \(id) in \(path)")
        }
        guard let version = version(named: pack.name) else { throw StudioError(.notFound, "\(path) has no active version") }
        let testCase = GoldenCase(folder: version.pack.folder, name: shown.name)
        do {
            switch decision {
            case .accept:
                let result = GoldenRunner(workers: 1).run([testCase], packs: [version.pack.directory: version.pack])[0]
                switch result.outcome {
                case .changed(_, let actual), .missing(let actual):
                    guard current == nil || current == actual else {
                        throw StudioError(.conflict, "\(id) presents something else now: look at it again before accepting")
                    }
                    _ = try GoldenRecorder.record([result])
                    if case .changed = result.outcome { try PendingChange(testCase).accept() }
                case .passed:
                    throw StudioError(.conflict, "\(id) already matches its golden")
                case .failed(let problems), .undecided(let problems):
                    throw StudioError(.conflict, "\(id) fails: " + problems.map(\.description).joined(separator: "; "))
                }
            case .reject:
                if try testCase.folder.exists(testCase.pendingFile) { try PendingChange(testCase).reject() }
            }
        } catch let error as StudioError {
            throw error
        } catch let error as DiagnosticError {
            throw StudioError(.failed, error.diagnostics.map(\.description).joined(separator: "\n"))
        } catch {
            throw StudioError(.failed, "\(error)")
        }
        refresh(path)
        return studioCase(pack: path, id: id) ?? shown
    }
}

/// What the page asks of a changed or new case.
package enum GoldenDecision: String, Sendable, Hashable, Codable {
    /// The current presentation becomes the golden.
    case accept
    /// The golden stays; a pending `.new` result beside it is deleted.
    case reject
}
#endif
