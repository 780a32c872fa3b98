import ArgumentParser
import LiveRules

/// The output formats of a command that prints one case: its default and its choices.
protocol CaseFormat: ExpressibleByArgument, CaseIterable, RawRepresentable<String>, Sendable {
    /// What the command prints without `--format`.
    static var standard: Self { get }
}

/// `<pack> <fixture> [--format …]`, as `eval`, `timeline` and `payload` take them: the fixture
/// is a file, or the name of one of the pack's cases.
struct CaseArguments<Format: CaseFormat>: ParsableArguments {
    @Argument(help: "The pack folder, e.g. rules/meetings.")
    var pack: String

    @Argument(help: "The fixture: a file (e.g. rules/meetings/fixtures/countdown-middle.json) or a case of the pack by name (countdown-middle).")
    var fixture: String

    @Option(help: ArgumentHelp("What to print.", valueName: Format.allCases.map(\.rawValue).joined(separator: "|")))
    var format: Format = .standard

    /// The pack and the fixture, read; problems are reported and end the command.
    func load() throws -> PackAndFixture {
        try PackAndFixture(pack: pack, fixture: fixture)
    }
}
