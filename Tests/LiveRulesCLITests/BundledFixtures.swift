import Foundation
import TestPacks

/// How many fixtures the bundled packs in rules/ have, counted from the folders, so tests that run
/// them state what they expect without numbers that change whenever a pack gains a fixture.
enum BundledFixtures {
    /// The fixtures of `rules/<pack>`.
    static func count(_ pack: String) -> Int {
        let folder = Paths.root.appendingPathComponent("rules").appendingPathComponent("\(pack)/fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.count
    }

    /// The meetings pack's fixtures.
    static var meetings: Int { count("meetings") }

    /// Every bundled pack's fixtures.
    static var total: Int { ["meetings", "match", "delivery"].map(count).reduce(0, +) }
}
