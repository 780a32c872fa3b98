import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules explore <packs…>`: generates states from each pack's schema and checks every
/// promise on each, the host's and the pack's own (`promises.lua`); shrinks what breaks one.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate states from each pack's schema and check every promise on each.",
        discussion: """
            Generates --count content states (with their attributes and now) from the pack's \
            schema, seeded by --seed: empty, one and many items, long, unbroken, CJK, emoji and \
            right-to-left texts, optional fields missing, equal and overlapping times, now at and \
            around every date of the state, days when clocks change, colours at the contrast \
            thresholds. Each is presented and checked: the rules never fail on a state the schema \
            accepts; no placement is empty while another shows fields; no field is both shown \
            and dropped; no text is empty; every text fits its slot at its widest reading; and \
            the pack's own promises (promises.lua, built with liverules.promise) hold. The first \
            state that breaks each promise (at each placement) is shrunk to a smallest one that \
            still breaks it (fewer items, fewer optional fields, shorter texts, rounder times) \
            and printed; with --write it is written as fixtures/explored-<promise>-<n>.json (n the \
            first number free: a fixture is never replaced), \
            ready to become a golden case once fixed. The same seed and count give the same \
            states and findings on every machine. Exit status: 0 every promise held; 1 one broke; \
            2 bad usage or input.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Option(help: "The seed of the states (the same seed, the same states).")
    var seed: UInt64 = 1

    @Option(help: "How many states to explore per pack.")
    var count = 1000

    @Flag(help: "Write each shrunk state as a fixture of the pack (fixtures/explored-<promise>-<n>.json, never over a fixture already there).")
    var write = false

    func validate() throws {
        try OptionRange.states("--count", allowingNone: false).check(count)
    }

    func run() throws {
        var broken = false
        for named in try NamedPack.all(at: paths, command: "explore") {
            let pack: RulePack
            let explorer: Explorer
            do {
                pack = try RulePack.load(from: named.directory, displayPath: named.display)
                explorer = try Explorer(pack: pack)
            } catch let error as DiagnosticError {
                report(error.diagnostics)
                throw ExitStatus.badInput.exitCode
            } catch let error as PresentationError {
                report(error.diagnostics())
                throw ExitStatus.ruleFailed.exitCode
            }
            let outcome = explorer.explore(seed: seed, count: count)
            let findings = outcome.findings
            print("\(named.display): \(count) states explored (seed \(seed)): "
                  + (findings.isEmpty ? "every promise held" : "\(findings.count) promise\(findings.count == 1 ? "" : "s") broken"))
            for (number, finding) in findings.enumerated() {
                try show(finding, number: number + 1, in: pack)
            }
            if let file = outcome.promisesFile {
                report(PackExploration.neverApplied(outcome.neverApplied, in: file, states: count))
            }
            broken = broken || !findings.isEmpty
        }
        if broken { throw ExitStatus.ruleFailed.exitCode }
    }

    /// Prints `finding` and, with --write, writes its state as a fixture of `pack`.
    private func show(_ finding: Explorer.Finding, number: Int, in pack: RulePack) throws {
        let failure = finding.failure
        print("  " + TerminalText.escaped(PackExploration.headline(of: finding)))
        for line in finding.why { print("    why: " + TerminalText.escaped(line)) }
        var fixture = finding.fixture
        if case .object(var members) = fixture {
            members["description"] = .string("Explored (seed \(seed), state \(finding.index)): breaks \(failure.property)"
                + (failure.placement.map { " in \($0)" } ?? "") + ": \(failure.message)")
            fixture = .object(members)
        }
        guard write else {
            print("    smallest state: " + TerminalText.escaped(try JSONWriter.compact(finding.fixture)))
            return
        }
        // A fixture already there (one written before, perhaps a golden case now) is never
        // replaced: the first free number is taken, even against another process writing.
        let text = Data(try JSONWriter.canonical(fixture).utf8)
        var suffix = number
        do {
            while !(try pack.folder.create("fixtures/explored-\(failure.property)-\(suffix).json", text)) { suffix += 1 }
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
        print("    written to \(pack.folder.display("fixtures/explored-\(failure.property)-\(suffix).json"))")
    }
}
