import Foundation
import Testing

/// `liverules explore`, run as a user runs it.
@Suite struct ExploreCommandTests {
    /// --write writes each smallest state as a fixture `test` then runs; a second run never
    /// replaces the first run's files (they may be golden cases by then): it takes the next
    /// free numbers.
    @Test func writtenStatesNeverReplaceFixtures() throws {
        let root = try CLI.meetingsDroppingTheCountdown()
        let fixtures = root.appendingPathComponent("rules/meetings/fixtures")
        let first = try CLI.run(["explore", "rules/meetings", "--count", "1000", "--write"], in: root)
        #expect(first.status == 1, "\(first.output)\(first.errors)")
        #expect(first.output.contains("    written to rules/meetings/fixtures/explored-promise-1.json"), "\(first.output)")
        let written = try Data(contentsOf: fixtures.appendingPathComponent("explored-promise-1.json"))
        let again = try CLI.run(["explore", "rules/meetings", "--count", "1000", "--write"], in: root)
        #expect(again.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasPrefix("explored-") }.sorted()
        #expect(names.count == 4 && names.last == "explored-promise-4.json", "\(names)")
        #expect(try Data(contentsOf: fixtures.appendingPathComponent("explored-promise-1.json")) == written)
        #expect(again.output.contains("written to rules/meetings/fixtures/explored-promise-3.json"), "\(again.output)")
        // Each reads as a fixture of the pack: `test` presents it (no golden yet).
        let tested = try CLI.run(["test", "rules/meetings"], in: root)
        #expect(tested.output.contains("MISSING meetings/explored-promise-1"), "\(tested.output)")
    }
}
