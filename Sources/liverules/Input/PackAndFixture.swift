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
    /// exists. Exits 2 when it cannot be read.
    static func fixture(_ name: String, of pack: RulePack) throws -> Fixture {
        guard !FileManager.default.fileExists(atPath: name), !name.contains("/") else {
            return try loadFixture(name, of: pack)
        }
        do {
            let testCase = GoldenCase(folder: pack.folder, name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
            return try Fixture.load(testCase.fixtureFile, in: pack.folder, manifest: pack.manifest)
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
    }
}
