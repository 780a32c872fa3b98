import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules test [path...]`: presents every fixture of every pack and compares it with its
/// golden.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the golden tests: present every fixture and compare it with its golden.",
        discussion: """
            Cases run in parallel, one worker per core. Each failure shows the field paths that \
            changed and a unified diff (golden → actual); a fixture that cannot be read or \
            presented is a failed case showing its error. The last line of the text report is \
            `N passed, N failed`. With --record, the result of a new case (a fixture without a \
            golden) and each changed result are written next to their golden as \
            <case>.json.new for `liverules review` to accept or reject, and the report is a short \
            summary of what is pending review; recording exits 0 unless a case could not be \
            recorded (its error is shown). With CI set in the environment nothing is ever \
            written, and orphan goldens and pending .new files fail the run. --coverage reports \
            the lines of each rule file no fixture ran. --explore N then explores N states of \
            each pack, as `liverules explore` does (CI should give 10000): a promise broken on an \
            explored state fails the run, with why and the smallest state that breaks it. Exit \
            status: 0 nothing failed (with \
            --record: everything was recorded); 1 a case failed or coverage is below \
            --min-coverage; 2 bad usage, or a pack file or folder that leads outside its pack \
            (nothing is read or written outside a pack).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, github
    }

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Flag(help: "Write new and changed results as pending .new files for `liverules review`.")
    var record = false

    @Option(help: "text, json, junit or github (the JSON and JUnit reports go to standard output, the summary line to standard error; github writes GitHub Actions annotations, ::error file=…,line=…::, then the summary).")
    var format: Format = .text

    @Option(help: "Worker threads (default: one per core).")
    var jobs: Int?

    @Flag(help: "Report which lines of each rule file the fixtures ran: percent and uncovered lines.")
    var coverage = false

    @Option(help: "Fail when a rule file's coverage is below this percentage (implies --coverage).")
    var minCoverage: Double?

    @Option(help: ArgumentHelp(
        "The deadline of CPU time per call, in milliseconds: a backstop for work no counted budget reaches.",
        discussion: "A case it stops is UNDECIDED, not a verdict on the rules: the machine's speed decided it. Raise it under a tool that slows every instruction many times over; the counted budgets apply whatever it is."))
    var deadline = Int(LuaLimits.backstop.inMillisecondsRoundedUp)

    @Option(help: "After the goldens, explore this many states of each pack and check every promise on each (CI should give 10000).")
    var explore = 0

    @Option(help: "The seed of the explored states (the same seed, the same states).")
    var exploreSeed: UInt64 = 1

    func validate() throws {
        try OptionRange.threads("--jobs").check(jobs)
        try OptionRange.states("--explore", allowingNone: true).check(explore)
        try OptionRange(name: "--min-coverage", range: 0...100, unit: "percent").check(minCoverage)
        try OptionRange.deadline(allowingNone: false).check(deadline)
    }

    func run() throws {
        let mode = GoldenMode(recording: record, ci: Environment.isCI)
        let suite = GoldenSuite.discover(paths)
        guard suite.empty.isEmpty, suite.refused.isEmpty else {
            report(suite.empty.map { PathArgument.noPack(at: $0, command: "test") })
            report(suite.refused)
            throw ExitStatus.badInput.exitCode
        }
        let progress = ProgressLine(total: suite.cases.count, enabled: format == .text && Terminal.isError && suite.cases.count >= 100)
        let recordsCoverage = coverage || minCoverage != nil
        let run = GoldenRunner(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, recordsCoverage: recordsCoverage,
                               limits: LuaLimits(deadline: .milliseconds(deadline)))
            .runRecording(suite.cases, progress: progress.update)
        progress.finish()
        let results = run.results
        let packs = Dictionary(suite.cases.map { ($0.packPath, $0.packDirectory) }, uniquingKeysWith: { first, _ in first })
        var files: [RuleCoverage]?
        if recordsCoverage {
            do { files = try RuleCoverage.of(packs: packs.keys.sorted().map { (packs[$0]!, $0) }, hits: run.coverage) } catch {
                report((error as? DiagnosticError)?.diagnostics ?? [Diagnostic(about: "liverules", message: "\(error)")])
                throw ExitStatus.badInput.exitCode
            }
        }
        if record && mode == .ci {
            FileHandle.standardError.write(Data("CI is set: --record writes nothing\n".utf8))
        }
        if mode == .record {
            do { _ = try GoldenRecorder.record(results, newGoldens: .pending) } catch {
                report(error.diagnostics)
                throw ExitStatus.badInput.exitCode
            }
        }
        // Only recording writes pending files: otherwise those found at the start still stand.
        let pendingCases = (mode == .record ? GoldenSuite.discover(paths) : suite).pending
        let states = mode == .record ? 0 : explore
        let explored = states == 0 ? nil : PackExploration.run(packs.keys.sorted().map { (packs[$0]!, $0) }, count: states,
                                                               seed: exploreSeed, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let outcome = GoldenReport(results: results, orphans: suite.orphans, pending: pendingCases.map(\.pendingPath), mode: mode,
                                   coverage: files, minimumCoverage: minCoverage, explored: explored)
        if mode == .record {
            if format == .text {
                // A case that passes loses the pending file it had.
                let stale = Set(suite.pending.map(\.id))
                let removed = results.filter { $0.outcome.isPassed && stale.contains($0.testCase.id) }.count
                print(outcome.recordingText(pendingCases: pendingCases, removed: removed, colour: Terminal.isOutput), terminator: "")
            } else {
                try printReport(outcome)
            }
            if outcome.recordingFailed { throw ExitStatus.ruleFailed.exitCode }
            return
        }
        try printReport(outcome)
        if outcome.isFailure { throw ExitStatus.ruleFailed.exitCode }
    }

    /// Prints the report in the chosen format.
    private func printReport(_ outcome: GoldenReport) throws {
        switch format {
        case .text:
            print(outcome.text(colour: Terminal.isOutput), terminator: "")
        case .json:
            print(try outcome.json(), terminator: "")
            FileHandle.standardError.write(Data((outcome.summary + "\n").utf8))
        case .junit:
            print(outcome.junit(), terminator: "")
            FileHandle.standardError.write(Data((outcome.summary + "\n").utf8))
        case .github:
            print(outcome.github(), terminator: "")
        }
    }
}
