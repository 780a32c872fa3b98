import ArgumentParser
import Foundation
import LiveRules

/// A pack and one fixture named on the command line, read as `eval`, `timeline` and `payload` read them;
/// problems are reported and end the command with its exit status.
struct PackAndFixture {
    let pack: RulePack
    let fixture: Fixture

    /// Loads the pack folder `pack` and the fixture `fixture`: a file, or the name of a case of
    /// the pack (`countdown-middle` for `fixtures/countdown-middle.json`) when no such file
    /// exists. Exits 1 for a rule that does not compile, 2 for bad input.
    init(pack path: String, fixture name: String) throws {
        pack = try loadPack(path)
        fixture = try Self.fixture(name, of: pack)
    }

    /// The fixture `name` of `pack`: a file, or the name of one of its cases when no such file
    /// exists. Exits 2 when it cannot be read, or when it is neither (`name: error: no such file
    /// or case …`, with the closest case's name).
    static func fixture(_ name: String, of pack: RulePack) throws -> Fixture {
        if FileManager.default.fileExists(atPath: name) { return try loadFixture(name, of: pack) }
        let cases = GoldenSuite.discover(pack: pack.folder).cases.map(\.name)
        let caseName = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard cases.contains(caseName) else {
            let typed = caseName.split(separator: "/").last.map(String.init) ?? caseName
            let closest = Suggestion.closest(to: caseName, among: cases) ?? Suggestion.closest(to: typed, among: cases)
            let message = name.contains("/") ? "no such file" + (closest.map { " (the case \($0) of \(pack.displayPath)?)" } ?? "")
                : "no such file or case of \(pack.displayPath)" + (closest.map { " — did you mean \($0)?" }
                    ?? " (a case is the name of a file in \(pack.displayPath)/fixtures, without .json)")
            report([Diagnostic(about: name, message: message)])
            throw ExitStatus.badInput.exitCode
        }
        do {
            let testCase = GoldenCase(folder: pack.folder, name: caseName)
            return try Fixture.load(testCase.fixtureFile, in: pack.folder, manifest: pack.manifest)
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
    }
}

// MARK: - CaseArguments

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
