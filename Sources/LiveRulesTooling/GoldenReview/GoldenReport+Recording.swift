import Foundation
import LiveRules

extension GoldenReport {
    /// How many pending cases the recording summary names before `… and N more`.
    static let listedPending = 10

    /// The cases recording could not record: those that failed or were stopped by the deadline.
    package var unrecorded: [GoldenResult] { results.filter { $0.outcome.problems != nil } }

    /// Whether `liverules test --record` failed: a case could not be recorded, or a rule file's
    /// coverage is below the minimum. A changed or new result is not a failure: it was recorded
    /// for review.
    package var recordingFailed: Bool { !unrecorded.isEmpty || !belowMinimum.isEmpty }

    /// The report of `liverules test --record`, short: the cases that could not be recorded
    /// (their problems as ``text(colour:)`` shows them, no diffs), orphan goldens, coverage when
    /// recorded; then every case pending review, `new` (no golden yet) or `changed`, as
    /// `liverules review` will show them, stale pending files `removed`, and the command to run
    /// next. Text from the packs is escaped (``TerminalText``).
    package func recordingText(pendingCases: [GoldenCase], removed: Int, colour: Bool) -> String {
        var lines: [String] = []
        let failed = unrecorded
        for group in failed.groupedByProblem() {
            lines += group.count == 1 ? Self.block(group[0], label: group[0].outcome.label, colour: colour)
                : sharedBlock(group, colour: colour)
            lines.append("")
        }
        for orphan in orphans {
            lines.append("\(TerminalText.escaped(orphan)): \(Self.paint("warning", "33", colour)): orphan golden: no fixture has this name")
        }
        if !orphans.isEmpty { lines.append("") }
        lines += coverageLines(colour: colour) + undecidedLines(colour: colour)
        let new = pendingCases.filter { !((try? $0.folder.exists($0.goldenFile)) ?? true) }
        if pendingCases.isEmpty {
            lines.append("nothing to review: every case that ran matches its golden")
        } else {
            let changed = pendingCases.count - new.count
            lines.append("pending review: \(new.count) new, \(changed) changed (as .json.new files beside the goldens)")
            for testCase in pendingCases.prefix(Self.listedPending) {
                let kind = new.contains { $0.id == testCase.id } ? "new" : "changed"
                lines.append("  " + kind.padding(toLength: 9, withPad: " ", startingAt: 0) + TerminalText.escaped(testCase.id))
            }
            if pendingCases.count > Self.listedPending { lines.append("  … and \(pendingCases.count - Self.listedPending) more") }
        }
        if removed > 0 { lines.append("removed \(removed) stale pending \(removed == 1 ? "file" : "files") (the case matches its golden again)") }
        if !failed.isEmpty {
            lines.append(Self.paint("could not record \(failed.count) \(failed.count == 1 ? "case" : "cases"): "
                + "fix the \(failed.count == 1 ? "error" : "errors") above, then run `liverules test --record` again", "1;31", colour))
        }
        if !pendingCases.isEmpty {
            lines.append("next: liverules review   (shows each change: a accept, r reject; or --accept for all)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
