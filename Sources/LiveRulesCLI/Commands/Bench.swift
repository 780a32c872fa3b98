import ArgumentParser
import Foundation
import LiveRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `liverules bench <pack-dir>`: presents the pack's fixtures repeatedly and reports the time per
/// presentation, the instructions per presentation and the memory of a state.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark a pack: time per presentation (p50, p99), instructions, memory per state.",
        discussion: """
            Presents every fixture of the pack in turn, on one state, timing each presentation. \
            Instructions are counted in a separate, metered pass (metering slows the VM down, so \
            it never overlaps the timed presentations). Build with -c release for figures worth \
            comparing. With --states, presents instead the activities of a `payload --batch` input, \
            to set the batch's rate beside presenting alone.
            """)

    @Argument(help: "The pack folder, e.g. rules/meetings.")
    var pack: String

    @Option(help: "How many presentations to time (the fixtures in turn).")
    var iterations = 2_000

    @Option(help: ArgumentHelp(
        "The counted deadline of CPU time per call, in milliseconds (0: none): a backstop the counted budgets come before.",
        discussion: "Raise it under a tool that slows every instruction many times over, so that it keeps watching without stopping the pack's setup."))
    var deadline = Int(LuaLimits.backstop.inMillisecondsRoundedUp)

    @Flag(help: ArgumentHelp(
        "Time presentations as a server runs them: instructions not counted, the serving deadline the only guard against a runaway rule.",
        discussion: "The default counts every instruction, as tests, check and CI do."))
    var serving = false

    @Flag(help: ArgumentHelp(
        "Time what `eval` and `serve` do for each fixture: read its JSON, present it, write the canonical JSON.",
        discussion: "Without it, the fixtures are read once and only presenting is timed."))
    var roundTrip = false

    @Option(help: ArgumentHelp(
        "Present the activities of this JSON Lines file, as `payload --batch` reads them, instead of the pack's fixtures.",
        discussion: "Its first --iterations lines at most are read; they are presented in turn.", valueName: "file"))
    var states: String?

    func validate() throws {
        try OptionRange(name: "--iterations", range: 1...100_000_000, unit: "presentations").check(iterations)
        try OptionRange.deadline(allowingNone: true).check(deadline)
        if roundTrip, states != nil { throw ValidationError("--round-trip times the pack's fixtures; it does not take --states") }
    }

    func run() throws {
        let loaded: RulePack
        let presenter: Presenter
        var fixtures: [Fixture] = []
        var texts: [Data] = []
        try PathArgument.mustExist(pack, "folder")
        if let states { try PathArgument.mustExist(states, "file") }
        do {
            loaded = try RulePack.load(from: URL(fileURLWithPath: pack), displayPath: PackFinder.displayPath(pack))
            if let states {
                fixtures = try Self.states(at: states, count: iterations, manifest: loaded.manifest)
            } else {
                for name in try loaded.fixtureNames() {
                    fixtures.append(try Fixture.load("fixtures/\(name)", in: loaded.folder, manifest: loaded.manifest))
                    if roundTrip, let url = try loaded.folder.location(of: "fixtures/\(name)") {
                        texts.append(FileManager.default.contents(atPath: url.path) ?? Data())
                    }
                }
            }
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
        guard !fixtures.isEmpty else {
            report([Diagnostic(file: loaded.displayPath, message: "the pack has no fixtures to benchmark")])
            throw ExitStatus.badInput.exitCode
        }
        do {
            let counted = LuaLimits(deadline: deadline > 0 ? .milliseconds(deadline) : nil)
            presenter = try Presenter(pack: loaded, limits: serving ? .serving(counted) : counted)
            let afterSetup = presenter.memoryInUse
            presenter.metersInstructions = true
            var instructions: [Int] = []
            var peak = 0
            for fixture in fixtures {
                _ = try presenter.present(fixture)
                instructions.append(presenter.instructionsOfLastPresentation ?? 0)
                peak = max(peak, presenter.peakMemoryOfLastPresentation)
            }
            presenter.metersInstructions = false
            for fixture in fixtures { _ = try presenter.present(fixture) }
            var nanoseconds: [Double] = []
            nanoseconds.reserveCapacity(iterations)
            for index in 0..<iterations {
                let fixture = fixtures[index % fixtures.count]
                let started = ContinuousClock.now
                if roundTrip {
                    // The bytes `Fixture.load` read above: they read again.
                    let read = (try? Fixture.read(texts[index % texts.count], displayPath: "body", manifest: loaded.manifest)) ?? fixture
                    let presentation = try presenter.present(read)
                    // Its only error, a number that is not finite, no presentation holds.
                    _ = try? presentation.canonicalJSON()
                } else {
                    _ = try presenter.present(fixture)
                }
                nanoseconds.append((ContinuousClock.now - started).inSeconds * 1e9)
            }
            nanoseconds.sort()
            func percentile(_ p: Double) -> Double { nanoseconds[min(nanoseconds.count - 1, Int(Double(nanoseconds.count) * p))] }
            let mean = nanoseconds.reduce(0, +) / Double(nanoseconds.count)
            let sortedInstructions = instructions.sorted()
            let rows: [(String, String)] = [
                ("pack", "\(loaded.manifest.name) \(loaded.manifest.version) (\(loaded.contentHash))"),
                (states == nil ? "fixtures" : "activities", "\(fixtures.count)"),
                ("presentations timed", "\(iterations)"),
                ("budget mode", serving ? "serving" : "counted"),
                ("timed", roundTrip ? "reading the JSON, presenting, writing the JSON" : "presenting"),
                ("time per presentation, p50", microseconds(percentile(0.5))),
                ("time per presentation, p99", microseconds(percentile(0.99))),
                ("time per presentation, mean", microseconds(mean)),
                ("presentations per second, one state", String(format: "%.0f", 1e9 / mean)),
                ("instructions per presentation, median", "\(sortedInstructions[sortedInstructions.count / 2])"),
                ("instructions per presentation, max", "\(sortedInstructions.last!)"),
                ("memory of a state after setup", kibibytes(afterSetup)),
                ("memory of a state, peak in a presentation", kibibytes(peak)),
            ]
            let width = rows.map(\.0.count).max()!
            for (name, value) in rows { print(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + TerminalText.escaped(value)) }
        } catch {
            report(error.diagnostics(inputFile: loaded.displayPath))
            throw ExitStatus.ruleFailed.exitCode
        }
    }

    private func microseconds(_ nanoseconds: Double) -> String { String(format: "%.1f µs", nanoseconds / 1000) }
    private func kibibytes(_ bytes: Int) -> String { String(format: "%.1f KiB", Double(bytes) / 1024) }
}

// MARK: - States

extension Bench {
    /// The activities of the first `count` lines of the JSON Lines file at `path`, each read and
    /// checked as `liverules payload --batch` reads it; the error names the line and field.
    static func states(at path: String, count: Int, manifest: PackManifest) throws(DiagnosticError) -> [Fixture] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DiagnosticError([Diagnostic(file: path, message: "cannot read the file")]) }
        defer { close(descriptor) }
        let lines = LineChunks(descriptor: descriptor, limit: InputLimits.fixtureBytes)
        var fixtures: [Fixture] = []
        while fixtures.count < count, let chunk = lines.next() {
            for line in chunk.prefix(count - fixtures.count) {
                fixtures.append(try PushRequest.read(line.bytes, line: line.number, file: path, manifest: manifest).fixture)
            }
        }
        guard !fixtures.isEmpty else { throw DiagnosticError([Diagnostic(file: path, message: "the file has no activities to benchmark")]) }
        return fixtures
    }
}
