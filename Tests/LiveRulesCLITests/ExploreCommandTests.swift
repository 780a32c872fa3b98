import Foundation
import Testing

/// `liverules explore`, run as a user runs it.
@Suite struct ExploreCommandTests {
    /// A copy of meetings whose combo drops the next meeting's countdown when its title is one
    /// long Latin word.
    private func plantedPack() throws -> URL {
        let root = try CLI.copyOfPack("meetings")
        let layout = root.appendingPathComponent("rules/meetings/layout.lua")
        let text = try String(contentsOf: layout, encoding: .utf8)
        let planted = text.replacingOccurrences(of: "  local texts, glance = content.of(input)\n", with: """
              local texts, glance = content.of(input)
              local following = input.facts["next"]
              if input.phase == "combo" and following and following.title:match("^%a+$") and #following.title > 30 then
                texts.nextCountdown = nil
              end

            """)
        #expect(planted != text)
        try planted.write(to: layout, atomically: true, encoding: .utf8)
        return root
    }

    /// --write writes each smallest state as a fixture `test` then runs; a second run never
    /// replaces the first run's files (they may be golden cases by then): it takes the next
    /// free numbers.
    @Test func writtenStatesNeverReplaceFixtures() throws {
        let root = try plantedPack()
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
