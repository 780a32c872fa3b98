import Foundation
import LiveRules
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

    @Test func everyBundledPackHasAtLeastFifteenFixtures() {
        for folder in PackFinder.packs(at: Paths.rules) {
            let count = Self.cases.filter { $0.pack == folder.lastPathComponent }.count
            #expect(count >= 15, "\(folder.lastPathComponent) has \(count) fixtures")
        }
    }

    @Test(arguments: cases)
    func fixturePresentsItsGolden(_ test: Case) throws {
        let folder = Paths.rules.appendingPathComponent(test.pack)
        let pack = try RulePack.load(from: folder, displayPath: "rules/\(test.pack)")
        let fixture = try Fixture.load(from: folder.appendingPathComponent("fixtures/\(test.fixture).json"),
                                       displayPath: "rules/\(test.pack)/fixtures/\(test.fixture).json", manifest: pack.manifest)
        let actual = try Presenter(pack: pack).present(fixture).canonicalJSON()
        let golden = try String(contentsOf: folder.appendingPathComponent("golden/\(test.fixture).json"), encoding: .utf8)
        #expect(actual == golden, "rules/\(test.pack)/golden/\(test.fixture).json differs:\n\(actual)")
    }

    @Test func everyBundledPackChecksClean() {
        for folder in PackFinder.packs(at: Paths.rules) {
            let diagnostics = PackCheck.run(packAt: folder, displayPath: "rules/\(folder.lastPathComponent)")
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }
}
