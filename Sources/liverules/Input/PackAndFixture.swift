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
        do {
            pack = try RulePack.load(from: URL(fileURLWithPath: path), displayPath: PackFinder.displayPath(path))
        } catch {
            report(error.diagnostics)
            let isRuleProblem = !error.isOutsidePack && error.diagnostics.contains { $0.file.hasSuffix(".lua") }
            throw (isRuleProblem ? ExitStatus.ruleFailed : .badInput).exitCode
        }
        do {
            if acceptsCaseName, !FileManager.default.fileExists(atPath: name), !name.contains("/") {
                let testCase = GoldenCase(folder: pack.folder, name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
                fixture = try Fixture.load(testCase.fixtureFile, in: pack.folder, manifest: pack.manifest)
                return
            }
            // A fixture inside the pack folder is read through it, so a link there cannot lead
            // out; one named elsewhere is the user's own file, read as named.
            let url = URL(fileURLWithPath: name)
            if let relative = pack.folder.relativePath(of: url) {
                fixture = try Fixture.load(relative, in: pack.folder, displayPath: name, manifest: pack.manifest)
            } else {
                fixture = try Fixture.load(from: url, displayPath: name, manifest: pack.manifest)
            }
        } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
    }
}
