import Foundation
import LiveRules

/// A result `--record` left for review: `golden/<case>.json.new` beside the golden it would
/// replace (or create). Both are read, renamed and deleted through the case's ``PackFolder``.
package struct PendingChange: Sendable {
    package var testCase: GoldenCase

    package init(_ testCase: GoldenCase) {
        self.testCase = testCase
    }

    /// The change as the review shows it: a header (`NEW` for a case without a golden, else
    /// `PENDING`), the field paths, a unified diff from the
    /// golden (or nothing, for a new golden) to the pending result. Control characters in it are
    /// escaped (``TerminalText``).
    package func text(colour: Bool) throws(DiagnosticError) -> String {
        let folder = testCase.folder
        let existing = try folder.readIfPresent(testCase.goldenFile, limit: InputLimits.goldenBytes, kind: "a golden")
        let golden = existing.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let pending = try folder.readIfPresent(testCase.pendingFile, limit: InputLimits.goldenBytes, kind: "a pending golden").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let result = GoldenResult(testCase: testCase, outcome: .changed(expected: golden, actual: pending), seconds: 0)
        return GoldenReport.block(result, label: existing == nil ? "NEW" : "PENDING", colour: colour, newName: testCase.pendingPath)
            .joined(separator: "\n") + "\n"
    }

    /// The pending file becomes the golden, in one rename.
    package func accept() throws(DiagnosticError) {
        try testCase.folder.move(testCase.pendingFile, to: testCase.goldenFile)
    }

    /// The pending file is deleted; the golden stays as it was.
    package func reject() throws(DiagnosticError) {
        try testCase.folder.remove(testCase.pendingFile)
    }
}
