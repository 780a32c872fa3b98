import Foundation
import LiveRules

/// A pack and one fixture named on the command line, read as `eval` and `timeline` read them;
/// problems are reported and end the command with its exit status.
struct PackAndFixture {
    let pack: RulePack
    let fixture: Fixture

    /// Loads the pack folder `pack` and the fixture `fixture`: a file, or the name of a case of
    /// the pack (`countdown-middle` for `fixtures/countdown-middle.json`) when `acceptsCaseName`
    /// and no such file exists. Exits 1 for a rule that does not compile, 2 for bad input.
    init(pack path: String, fixture name: String, acceptsCaseName: Bool = false) throws {
        pack = try loadPack(path)
        guard acceptsCaseName, !FileManager.default.fileExists(atPath: name), !name.contains("/") else {
            fixture = try loadFixture(name, of: pack)
            return
        }
        do {
            let testCase = GoldenCase(folder: pack.folder, name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
            fixture = try Fixture.load(testCase.fixtureFile, in: pack.folder, manifest: pack.manifest)
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
    }
}
