import Foundation
import LiveRules
import TestPacks
import Testing

/// The fuzz targets' regression corpus (`Fuzz/corpus`), replayed through the checks the targets
/// run (``PackInputCheck``): every input ends without a broken invariant (a broken one traps).
/// How long an input takes is the fuzzer's to judge: scripts/fuzz.sh fails on any over 5 s.
@Suite struct FuzzCorpusTests {
    /// The corpus files of one target, sorted; fails when there are none.
    private func inputs(_ target: String) throws -> [URL] {
        let folder = Paths.root.appendingPathComponent("Fuzz/corpus/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        try #require(!names.isEmpty, "no corpus in \(folder.path)")
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    private func replay(_ target: String, _ check: ([UInt8]) -> Void) throws {
        for url in try inputs(target) {
            check([UInt8](try Data(contentsOf: url)))
        }
    }

    @Test func jsonAndFixtureCorpus() throws {
        let manifests = try ["delivery", "match", "meetings"].map { name in
            try RulePack.load(from: Paths.rules.appendingPathComponent(name), displayPath: "rules/\(name)").manifest
        }
        try replay("json") { PackInputCheck.json($0, asFixtureOf: manifests) }
    }

    @Test func manifestCorpus() throws {
        try replay("manifest") { PackInputCheck.manifest($0) }
    }
}
