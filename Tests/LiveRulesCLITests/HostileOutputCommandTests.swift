import Foundation
import Testing
import TestPacks

/// `liverules eval` on a copy of the meetings pack whose rule is a script of the hostile-output
/// corpus (`Tests/LiveRulesTests/Resources/hostile-output`, whose header names the rule it
/// replaces and the error it must end in): it exits 1 with that error at that rule file, and the
/// whole process, Swift runtime included, stays below the 64 MiB a read may cost (measured with
/// GNU time where it is installed: ``MeasuredRun``).
@Suite struct HostileOutputCommandTests {
    static let corpus = Paths.root.appendingPathComponent("Tests/LiveRulesTests/Resources/hostile-output")
    /// The most the process may hold resident, loading the runtime, the pack and the fixture
    /// included (about 30 MiB together here, a debug build).
    static let residentBound = 64 << 20

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(Self.names.count >= 25)
    }

    @Test(arguments: names)
    func evalEndsInTheDeclaredErrorWithinItsMemory(_ name: String) throws {
        let source = try String(contentsOf: Self.corpus.appendingPathComponent(name), encoding: .utf8)
        let lines = source.split(separator: "\n", maxSplits: 2)
        let stage = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let expected = try #require(lines.dropFirst().first.map { String($0.dropFirst("-- expect: ".count)) })
        let root = try CLI.copyOfPack("meetings", files: ["\(stage).lua": source])
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["eval", "rules/meetings", "rules/meetings/fixtures/countdown-middle.json"]
        let outcome: (status: Int32, output: String, errors: String)
        if MeasuredRun.isAvailable {
            let run = try MeasuredRun.run(arguments, in: root)
            #expect(run.peakResidentBytes < Self.residentBound, "\(name): \(run.peakResidentBytes) bytes resident")
            outcome = (run.status, run.output, run.errors)
        } else {
            let run = try CLI.run(arguments, in: root)
            outcome = (run.status, run.output, run.errors)
        }
        #expect(outcome.status == 1, "\(name): \(outcome.errors)")
        #expect(outcome.errors.hasPrefix("rules/meetings/\(stage).lua:"), "\(name): \(outcome.errors)")
        #expect(outcome.errors.contains(": error: \(expected)\n"), "\(name): \(outcome.errors)")
        #expect(outcome.output.isEmpty)
    }
}
