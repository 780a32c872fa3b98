import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import TestPacks
import Testing

/// Every bundled pack's fixtures present exactly their goldens, so the project's own CI guards
/// the bundled rules.
@Suite struct BundledPackGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pack: String
        var fixture: String
        var testDescription: String { "\(pack)/\(fixture)" }
    }

    static var cases: [Case] {
        PackFinder.packs(at: Paths.rules).flatMap { folder in
            let pack = folder.lastPathComponent
            let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fixtures").path)) ?? []
            return fixtures.filter { $0.hasSuffix(".json") }.sorted().map { Case(pack: pack, fixture: String($0.dropLast(5))) }
        }
    }

    /// The parameterized test below runs nothing when discovery finds nothing: this one fails then.
    @Test func everyBundledPackHasAtLeastFifteenFixtures() {
        #expect(PackFinder.packs(at: Paths.rules).map(\.lastPathComponent) == ["delivery", "match", "meetings"])
        #expect(Self.cases.count >= 45, "\(Self.cases.count) bundled fixtures found")
        for folder in PackFinder.packs(at: Paths.rules) {
            let count = Self.cases.filter { $0.pack == folder.lastPathComponent }.count
            #expect(count >= 15, "\(folder.lastPathComponent) has \(count) fixtures")
        }
    }

    @Test(arguments: cases)
    func fixturePresentsItsGolden(_ test: Case) throws {
        let testCase = GoldenCase(packDirectory: Paths.rules.appendingPathComponent(test.pack), packPath: "rules/\(test.pack)",
                                  name: test.fixture)
        let result = try #require(GoldenRunner(workers: 1).run([testCase]).first)
        #expect(result.outcome.isPassed, "\(GoldenReport.details(of: result).joined(separator: "\n"))")
    }

    @Test func everyBundledPackChecksClean() throws {
        let packs = PackFinder.packs(at: Paths.rules)
        #expect(packs.count == 3)
        for folder in packs {
            let diagnostics = try PackCheck.run(packAt: folder, displayPath: "rules/\(folder.lastPathComponent)")
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }
}
