import ArgumentParser
import Foundation
import LiveRules

/// Loads the pack in the folder `path` names; reports why not and exits 1 for a rule that does
/// not compile, 2 for anything else (`no such folder`, `no pack here` for a folder without one).
func loadPack(_ path: String) throws -> RulePack {
    try PathArgument.mustExist(path, "folder")
    guard FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent(RulePack.manifestFile).path) else {
        report([Diagnostic(about: PackFinder.displayPath(path), message: PathArgument.noPackMessage)])
        throw ExitStatus.badInput.exitCode
    }
    do {
        return try RulePack.load(from: URL(fileURLWithPath: path), displayPath: PackFinder.displayPath(path))
    } catch {
        report(error.diagnostics)
        let isRuleProblem = !error.isOutsidePack && error.diagnostics.contains { $0.file.hasSuffix(".lua") }
        throw (isRuleProblem ? ExitStatus.ruleFailed : .badInput).exitCode
    }
}

/// Loads the fixture `path` names for `pack`; reports why not and exits 2.
func loadFixture(_ path: String, of pack: RulePack) throws -> Fixture {
    do {
        // A fixture inside the pack folder is read through it, so a link there cannot lead
        // out; one named elsewhere is the user's own file, read as named.
        let url = URL(fileURLWithPath: path)
        if let relative = pack.folder.relativePath(of: url) {
            return try Fixture.load(relative, in: pack.folder, displayPath: path, manifest: pack.manifest)
        }
        return try Fixture.load(from: url, displayPath: path, manifest: pack.manifest)
    } catch {
        report(error.diagnostics)
        throw ExitStatus.badInput.exitCode
    }
}
