import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules timeline <pack> <fixture>`: steps a fixture's `now` through a range and prints the
/// moments a device needs a push, and why.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Step a fixture's now through a range and print each moment a device needs a push, and why.",
        discussion: """
            Presents the fixture's attributes and state at every step from --from to --to (by \
            default the span of the dates in the fixture, in 1-minute steps), each step with the \
            previous step's phase as previousPhase. A device draws the last push and keeps its \
            live fields (timers, progress) current itself, so a step needs a push only when the \
            phase, badge, score or colours change, it alerts, or a field is shown, goes, moves, \
            or changes a text or live form the device cannot derive; each push is printed with \
            time, phase, badge, score, ALERT and why. At every step each live field the device \
            draws is compared with what the rules give: a difference is an error naming the \
            step and field. An error repeated at every step is printed once. After \(LiveRulesTooling.Timeline.failuresBeforeStopping) \
            steps in a row fail, the timeline stops there and says how many steps it skipped. \
            The last line counts the pushes needed, the presentations that differ from the step \
            before, and the alerts. Exit status: 0 success; 1 a step failed or a device would \
            draw a wrong time; 2 bad usage or input.
            """)

    enum Format: String, CaseFormat {
        case text, json
        static let standard = Format.text
    }

    @OptionGroup var arguments: CaseArguments<Format>

    @Option(help: "The first moment, ISO-8601 (2026-03-02T09:00:00Z).")
    var from: String?

    @Option(help: "The last moment, ISO-8601.")
    var to: String?

    @Option(help: "Time between moments: 30s, 1m, 5m, 1h (a bare number is seconds).")
    var step = "1m"

    func validate() throws {
        _ = try parsedStep()
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, ISO8601.parse(value) == nil {
                throw ValidationError("\(name) '\(value)': expected an ISO-8601 time such as 2026-03-02T09:00:00Z")
            }
        }
    }

    func run() throws {
        let input = try arguments.load()
        var range = TimelineRange.span(of: input.fixture, schema: input.pack.manifest.schema)
        if let from { range.from = ISO8601.parse(from)! }
        if let to { range.to = ISO8601.parse(to)! }
        range.step = try parsedStep()
        if let problem = range.problem {
            report([Diagnostic(about: "liverules", message: problem)])
            throw ExitStatus.badInput.exitCode
        }
        let presenter: Presenter
        do { presenter = try Presenter(pack: input.pack) } catch {
            report(error.diagnostics(inputFile: input.fixture.file))
            throw ExitStatus.ruleFailed.exitCode
        }
        let timeline = LiveRulesTooling.Timeline(input.fixture, range: range) { fixture throws(PresentationError) in
            try presenter.presentNoting(fixture)
        }
        switch arguments.format {
        case .text: print(timeline.lines.map(TerminalText.escaped).joined(separator: "\n"))
        case .json: print(try JSONWriter.canonical(timeline.json), terminator: "")
        }
        if !timeline.mismatches.isEmpty || !timeline.unannounced.isEmpty || timeline.moments.contains(where: { if case .failure = $0.outcome { true } else { false } }) {
            throw ExitStatus.ruleFailed.exitCode
        }
    }

    /// The longest `--step`: a year's moments, leap day included.
    private static let longestStep: Double = 366 * 86_400

    /// `--step` in seconds: `30s`, `5m`, `1h`, or a bare number of seconds.
    private func parsedStep() throws -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let unit = step.last.flatMap { units[$0] }
        guard let number = Double(unit == nil ? step : String(step.dropLast())), number.isFinite else {
            throw ValidationError("--step '\(step)': expected a positive duration such as 30s, 1m or 1h")
        }
        let seconds = number * (unit ?? 1)
        guard (1...Self.longestStep).contains(seconds) else {
            throw ValidationError("--step '\(step)': expected between 1 second and 366 days (\(Int(Self.longestStep))s)")
        }
        return seconds
    }
}
