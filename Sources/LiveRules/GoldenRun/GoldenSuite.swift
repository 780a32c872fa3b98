import Foundation

/// The golden cases under some paths, and the files that belong to no case.
package struct GoldenSuite: Sendable {
    /// Every fixture of every pack found, packs in path order, fixtures sorted.
    package var cases: [GoldenCase]
    /// Goldens without a fixture, as display paths.
    package var orphans: [String]
    /// Pending results (`golden/*.json.new`) waiting for review.
    package var pending: [GoldenCase]
    /// Paths given that hold no pack.
    package var empty: [String]
    /// Files and folders of packs that lead outside their pack (``PackFolder``): such a pack
    /// contributes no cases.
    package var refused: [Diagnostic]

    /// Finds the packs at each path (a pack folder, or a folder of packs) and their cases.
    package static func discover(_ paths: [String]) -> GoldenSuite {
        var suite = GoldenSuite(cases: [], orphans: [], pending: [], empty: [], refused: [])
        for path in paths {
            let root = URL(fileURLWithPath: path)
            let packs = PackFinder.packs(at: root)
            if packs.isEmpty { suite.empty.append(path) }
            for pack in packs {
                let display = PackFinder.displayPath(path) + (pack == root ? "" : "/" + pack.lastPathComponent)
                suite.add(PackFolder(pack, displayPath: display))
            }
        }
        return suite
    }

    /// The cases of the one pack in `folder`.
    package static func discover(pack folder: PackFolder) -> GoldenSuite {
        var suite = GoldenSuite(cases: [], orphans: [], pending: [], empty: [], refused: [])
        suite.add(folder)
        return suite
    }

    /// Adds the pack's cases, orphans and pending files; or, when any of its files leads outside
    /// it, every such file to ``refused`` and nothing else.
    private mutating func add(_ folder: PackFolder) {
        var problems: [Diagnostic] = []
        func files(_ relative: String, ending suffix: String) -> [String] {
            do { return try folder.files(in: relative, ending: suffix) } catch {
                problems += error.diagnostics
                return []
            }
        }
        do { _ = try folder.exists(RulePack.manifestFile) } catch { problems += error.diagnostics }
        _ = files("", ending: ".lua")
        let fixtures = files("fixtures", ending: ".json")
        let goldens = files("golden", ending: ".json")
        let pendingNames = files("golden", ending: ".json.new")
        guard problems.isEmpty else {
            for problem in problems where !refused.contains(problem) { refused.append(problem) }
            return
        }
        cases += fixtures.map { GoldenCase(folder: folder, name: $0) }
        let known = Set(fixtures)
        orphans += goldens.filter { !known.contains($0) }.map { folder.display("golden/\($0).json") }
        pending += pendingNames.map { GoldenCase(folder: folder, name: $0) }
    }
}
