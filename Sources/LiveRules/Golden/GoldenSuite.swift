import Foundation

/// The golden cases under some paths, and the files that belong to no case.
public struct GoldenSuite: Sendable {
    /// Every fixture of every pack found, packs in path order, fixtures sorted.
    public var cases: [GoldenCase]
    /// Goldens without a fixture, as display paths.
    public var orphans: [String]
    /// Pending results (`golden/*.json.new`) waiting for review.
    public var pending: [GoldenCase]
    /// Paths given that hold no pack.
    public var empty: [String]

    /// Finds the packs at each path (a pack folder, or a folder of packs) and their cases.
    public static func discover(_ paths: [String]) -> GoldenSuite {
        var suite = GoldenSuite(cases: [], orphans: [], pending: [], empty: [])
        for path in paths {
            let root = URL(fileURLWithPath: path)
            let packs = PackFinder.packs(at: root)
            if packs.isEmpty { suite.empty.append(path) }
            for pack in packs {
                let display = PackFinder.displayPath(path) + (pack == root ? "" : "/" + pack.lastPathComponent)
                let fixtures = Set(files(in: pack.appendingPathComponent("fixtures"), ending: ".json"))
                for name in fixtures.sorted() {
                    suite.cases.append(GoldenCase(packDirectory: pack, packPath: display, name: name))
                }
                for name in files(in: pack.appendingPathComponent("golden"), ending: ".json") where !fixtures.contains(name) {
                    suite.orphans.append("\(display)/golden/\(name).json")
                }
                for name in files(in: pack.appendingPathComponent("golden"), ending: ".json.new") {
                    suite.pending.append(GoldenCase(packDirectory: pack, packPath: display, name: name))
                }
            }
        }
        return suite
    }

    /// Paths of the files under `folder` ending in `suffix`, relative and without the suffix, sorted.
    static func files(in folder: URL, ending suffix: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }
}
