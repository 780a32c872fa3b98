import Foundation
import LiveRules

/// The results of a golden run, with the files that belong to no case, counted and rendered.
/// In ``GoldenMode/ci`` orphan goldens and pending `.new` files fail the run; otherwise they are
/// reported as warnings.
package struct GoldenReport: Sendable {
    package var results: [GoldenResult]
    package var orphans: [String]
    package var pending: [String]
    package var mode: GoldenMode
    /// Per rule file, when coverage was recorded.
    package var coverage: [RuleCoverage]?
    /// Files below this percentage fail the run.
    package var minimumCoverage: Double?
    /// The packs explored after the goldens, when exploring ran: a broken promise fails the run.
    package var explored: [PackExploration]?

    package init(results: [GoldenResult], orphans: [String], pending: [String], mode: GoldenMode,
                coverage: [RuleCoverage]? = nil, minimumCoverage: Double? = nil, explored: [PackExploration]? = nil) {
        self.results = results
        self.orphans = orphans
        self.pending = pending
        self.mode = mode
        self.coverage = coverage
        self.minimumCoverage = minimumCoverage
        self.explored = explored
    }

    /// Rule files below the minimum coverage.
    package var belowMinimum: [RuleCoverage] {
        guard let minimumCoverage, let coverage else { return [] }
        return coverage.filter { $0.percent < minimumCoverage }
    }

    /// Whether the run failed: a failed case, a stray file in CI, too little coverage, or a
    /// promise broken on an explored state.
    package var isFailure: Bool { failed > 0 || !belowMinimum.isEmpty || (explored ?? []).contains(where: \.isFailure) }

    /// Promises broken on explored states, and packs that could not be explored.
    package var broken: Int { (explored ?? []).reduce(0) { $0 + $1.findings.count + ($1.errors.isEmpty ? 0 : 1) } }

    package var passed: Int { results.filter(\.outcome.isPassed).count }
    package var failed: Int { results.count - passed + (mode == .ci ? orphans.count + pending.count : 0) }

    /// Cases the deadline stopped before any counted budget ran out: counted as failed, but no
    /// verdict on the rules (``GoldenOutcome/undecided(_:)``).
    package var undecided: Int {
        results.filter { if case .undecided = $0.outcome { true } else { false } }.count
    }

    /// `N passed, N failed`, then when packs were explored `; N states explored, N promises
    /// broken`: the last line of the text report.
    package var summary: String {
        guard let explored else { return "\(passed) passed, \(failed) failed" }
        let states = explored.filter(\.errors.isEmpty).reduce(0) { $0 + $1.count }
        return "\(passed) passed, \(failed) failed; \(states) states explored, \(broken) promise\(broken == 1 ? "" : "s") broken"
    }

    /// What went wrong with one case, as lines: the field paths that changed, then a unified diff
    /// (golden → `newName`); or the missing golden; or the problems. Lines are raw: text
    /// outputs escape them (``TerminalText``).
    static func details(of result: GoldenResult, newName: String = "actual") -> [String] {
        guard case .changed(let expected, let actual) = result.outcome else { return result.problems }
        let diff = LineDiff.unified(old: expected, new: actual, oldName: result.testCase.goldenPath, newName: newName)
        return result.problems + diff.split(separator: "\n").map(String.init)
    }

    /// What went wrong with one case in a line or a few: the field paths that changed, the
    /// missing golden, or the problems (no diff). Lines are raw, as ``details(of:newName:)``.
    package static func compactDetails(of result: GoldenResult) -> [String] {
        details(of: result).filter { line in
            !(line.hasPrefix("---") || line.hasPrefix("+++") || line.hasPrefix("@@") || line.hasPrefix("-") || line.hasPrefix("+")
                || line.hasPrefix(" ") || line.hasPrefix("\\"))
        }
    }

    /// The human report: one block per failed case, warnings or failures for orphans and
    /// pending files, then the summary as the last line. Text from the packs is escaped
    /// (``TerminalText``); `colour` adds ANSI colours.
    package func text(colour: Bool) -> String {
        var lines: [String] = []
        for group in results.groupedByProblem() {
            lines += group.count == 1 ? Self.block(group[0], label: group[0].outcome.label, colour: colour)
                : sharedBlock(group, colour: colour)
            lines.append("")
        }
        let severity = mode == .ci ? Self.paint("error", "1;31", colour) : Self.paint("warning", "33", colour)
        for orphan in orphans { lines.append("\(TerminalText.escaped(orphan)): \(severity): orphan golden: no fixture has this name") }
        for file in pending { lines.append("\(TerminalText.escaped(file)): \(severity): pending change: run `liverules review`") }
        if !orphans.isEmpty || !pending.isEmpty { lines.append("") }
        lines += coverageLines(colour: colour) + undecidedLines(colour: colour) + exploredLines(colour: colour)
        lines.append(Self.paint(summary, isFailure ? "1;31" : "32", colour))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each promise an explored state broke, with why and its smallest state; each pack that
    /// could not be explored; each promise that never applied; then an empty line. None when
    /// nothing was explored or everything held.
    func exploredLines(colour: Bool) -> [String] {
        var lines: [String] = []
        for pack in explored ?? [] {
            for error in pack.errors { lines.append(Self.paint("EXPLORE \(TerminalText.escaped(pack.pack))", "1;31", colour) + ": " + TerminalText.escaped(error.description)) }
            for finding in pack.findings {
                lines.append(Self.paint("BROKEN \(TerminalText.escaped(pack.pack))", "1;31", colour)
                             + " (explored state \(finding.index), seed \(pack.seed))")
                lines.append("  " + TerminalText.escaped(PackExploration.headline(of: finding)))
                for why in finding.why { lines.append("    why: " + TerminalText.escaped(why)) }
                lines.append("    smallest state: " + TerminalText.escaped((try? JSONWriter.compact(finding.fixture)) ?? ""))
            }
            for warning in pack.warnings { lines.append(TerminalText.escaped(warning.description)) }
        }
        if !lines.isEmpty { lines.append("") }
        return lines
    }

    /// The coverage of each rule file and those below the minimum, then an empty line; none
    /// when coverage was not recorded.
    func coverageLines(colour: Bool) -> [String] {
        guard let coverage else { return [] }
        var lines: [String] = []
        let files = coverage.map { TerminalText.escaped($0.file) }
        let width = files.map(\.count).max() ?? 0
        lines.append("coverage")
        for (file, name) in zip(coverage, files) {
            let percent = String(format: "%6.1f%%", file.percent)
            let row = "  " + name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + percent
                + (file.uncovered.isEmpty ? "" : "  uncovered: \(file.uncoveredRanges)")
            lines.append(file.uncovered.isEmpty ? row : Self.paint(row, "33", colour))
        }
        if let minimumCoverage, !belowMinimum.isEmpty {
            lines.append(Self.paint(String(format: "coverage below %g%%: ", minimumCoverage)
                + belowMinimum.map { TerminalText.escaped($0.file) }.joined(separator: ", "), "1;31", colour))
        }
        lines.append("")
        return lines
    }

    /// The note that the deadline stopped some cases, when it did.
    func undecidedLines(colour: Bool) -> [String] {
        guard undecided > 0 else { return [] }
        return [Self.paint("\(undecided) of the failed \(undecided == 1 ? "case was" : "cases were") stopped by the deadline "
            + "before any counted budget ran out (UNDECIDED above): that depends on this machine's speed, not only on the rules", "33", colour)]
    }

    /// One case as the reports show it: `LABEL pack/case (fixture)`, then its details (the diff
    /// from the golden to `newName`), diff lines as they are and the rest indented; escaped.
    static func block(_ result: GoldenResult, label: String, colour: Bool, newName: String = "actual") -> [String] {
        let testCase = result.testCase
        var lines = [paint("\(label) \(TerminalText.escaped(testCase.id))", "1;31", colour) + " (\(TerminalText.escaped(testCase.fixturePath)))"]
        for line in details(of: result, newName: newName).map(TerminalText.escaped) {
            if line.hasPrefix("---") || line.hasPrefix("+++") || line.hasPrefix("@@") { lines.append(paint(line, "36", colour)) }
            else if line.hasPrefix("-") { lines.append(paint(line, "31", colour)) }
            else if line.hasPrefix("+") { lines.append(paint(line, "32", colour)) }
            else if line.hasPrefix(" ") || line.hasPrefix("\\") { lines.append(line) }
            else { lines.append("  " + line) }
        }
        return lines
    }

    /// The header of a group of cases that failed with the same problems, among `results`: how
    /// many and which (every case of the pack, or their ids).
    package static func sharedHeader(_ group: [GoldenResult], among results: [GoldenResult]) -> String {
        let pack = group[0].testCase.packPath
        let head = "\(group[0].outcome.label) \(group.count) cases fail with the same error"
        if group.allSatisfy({ $0.testCase.packPath == pack }), results.filter({ $0.testCase.packPath == pack }).count == group.count {
            return head + ": every case of \(TerminalText.escaped(pack))"
        }
        return head + ": " + group.map { TerminalText.escaped($0.testCase.id) }.joined(separator: ", ")
    }

    /// A group of cases that failed with the same problems as one block: the header naming the
    /// cases, then the problems once.
    func sharedBlock(_ group: [GoldenResult], colour: Bool) -> [String] {
        [Self.paint(Self.sharedHeader(group, among: results), "1;31", colour)] + group[0].problems.map { "  " + TerminalText.escaped($0) }
    }

    static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

// MARK: - GoldenMode

/// What a golden run may write, and how it treats files that belong to no case.
package enum GoldenMode: Sendable, Hashable {
    /// Writes nothing; orphan goldens and pending `.new` files are reported as warnings.
    case check
    /// Writes missing goldens, and changed results as pending `.new` files (``GoldenRecorder``).
    case record
    /// `CI` is set: writes nothing, whatever was asked, and orphans and pending files fail the run.
    case ci

    /// The mode for a run that asked to record or not, in an environment with or without `CI`.
    package init(recording: Bool, ci: Bool) {
        self = ci ? .ci : recording ? .record : .check
    }
}
