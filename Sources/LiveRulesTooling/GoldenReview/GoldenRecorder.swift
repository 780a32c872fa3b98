import Foundation
import LiveRules

/// Writes what `--record` asks for: a changed result goes to `<case>.json.new` for review, a
/// missing golden is written (or, with ``NewGolden/pending``, goes to `<case>.json.new` too),
/// and a passing case loses a stale pending file. Every write goes through the case's
/// ``PackFolder``, so nothing is written outside the pack. Never called when `CI` is set.
package enum GoldenRecorder {
    /// What recording does with the result of a case that has no golden yet.
    package enum NewGolden: Sendable {
        /// Writes it as the golden (and removes a pending file of the case): the studio's
        /// Accept, a decision already made.
        case written
        /// Writes it as the pending `<case>.json.new`, for `liverules review` to accept or
        /// reject like a changed result: `liverules test --record`.
        case pending
    }

    /// What was written or removed, as display paths with a verb. Stops at the first file that
    /// cannot be written, or that leads outside its pack.
    package static func record(_ results: [GoldenResult], newGoldens: NewGolden = .written) throws(DiagnosticError) -> [String] {
        var done: [String] = []
        for result in results {
            let testCase = result.testCase
            switch result.outcome {
            case .missing(let actual) where newGoldens == .pending:
                try testCase.folder.write(testCase.pendingFile, Data(actual.utf8))
                done.append("new \(testCase.pendingPath) (review it with: liverules review)")
            case .missing(let actual):
                try testCase.folder.write(testCase.goldenFile, Data(actual.utf8))
                if try testCase.folder.exists(testCase.pendingFile) { try testCase.folder.remove(testCase.pendingFile) }
                done.append("recorded \(testCase.goldenPath)")
            case .changed(_, let actual):
                try testCase.folder.write(testCase.pendingFile, Data(actual.utf8))
                done.append("pending \(testCase.pendingPath) (review it with: liverules review)")
            case .passed where try testCase.folder.exists(testCase.pendingFile):
                try testCase.folder.remove(testCase.pendingFile)
                done.append("removed stale \(testCase.pendingPath)")
            case .passed, .failed, .undecided:
                break
            }
        }
        return done
    }
}
