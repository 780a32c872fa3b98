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
            `N passed, N failed`. With --record, missing goldens are written and changed results \
            are written next to their golden as <case>.json.new for `liverules review`. With CI \
            set in the environment nothing is ever written, and orphan goldens and pending .new \
            files fail the run. --coverage reports the lines of each rule file no fixture ran. \
            Exit status: 0 nothing failed; 1 a case failed or coverage is below --min-coverage; \
            2 bad usage, or a pack file or folder that leads outside its pack (nothing is read \
            or written outside a pack).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, github
    }

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Flag(help: "Write missing goldens, and changed results as pending .new files.")
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
    var deadline = Int(LuaLimits.backstop.components.seconds * 1000)

    func validate() throws {
        try OptionRange.threads("--jobs").check(jobs)
        try OptionRange(name: "--min-coverage", range: 0...100, unit: "percent").check(minCoverage)
        try OptionRange.deadline(allowingNone: false).check(deadline)
    }

    func run() throws {
        let mode = GoldenMode(recording: record, ci: Environment.isCI)
        let suite = GoldenSuite.discover(paths)
        guard suite.empty.isEmpty, suite.refused.isEmpty else {
            report(suite.empty.map { Diagnostic(file: $0, message: "no pack here: a pack is a folder with a \(RulePack.manifestFile)") })
            report(suite.refused)
            throw ExitStatus.badInput.exitCode
        }
        let progress = ProgressLine(total: suite.cases.count, enabled: format == .text && Terminal.isError && suite.cases.count >= 100)
        let recordsCoverage = coverage || minCoverage != nil
        let run = GoldenRunner(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, recordsCoverage: recordsCoverage,
                               limits: LuaLimits(deadline: .milliseconds(deadline)))
            .runRecording(suite.cases, progress: progress.update)
        progress.finish()
        var results = run.results
        let packs = Dictionary(suite.cases.map { ($0.packPath, $0.packDirectory) }, uniquingKeysWith: { first, _ in first })
        var files: [RuleCoverage]?
        if recordsCoverage {
            do { files = try RuleCoverage.of(packs: packs.keys.sorted().map { (packs[$0]!, $0) }, hits: run.coverage) } catch {
                report((error as? DiagnosticError)?.diagnostics ?? [Diagnostic(file: "liverules test", message: "\(error)")])
                throw ExitStatus.badInput.exitCode
            }
        }
        if record && mode == .ci {
            FileHandle.standardError.write(Data("CI is set: --record writes nothing\n".utf8))
        }
        if mode == .record {
            let written: [String]
            do { written = try GoldenRecorder.record(results) } catch {
                report(error.diagnostics)
                throw ExitStatus.badInput.exitCode
            }
            for line in written { FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8)) }
            results = results.map { result in
                guard case .missing = result.outcome else { return result }
                return GoldenResult(testCase: result.testCase, outcome: .passed, seconds: result.seconds)
            }
        }
        // Only recording writes pending files: otherwise those found at the start still stand.
        let pending = (mode == .record ? GoldenSuite.discover(paths) : suite).pending.map(\.pendingPath)
        let outcome = GoldenReport(results: results, orphans: suite.orphans, pending: pending, mode: mode,
                                   coverage: files, minimumCoverage: minCoverage)
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
        if outcome.isFailure { throw ExitStatus.ruleFailed.exitCode }
    }
}
