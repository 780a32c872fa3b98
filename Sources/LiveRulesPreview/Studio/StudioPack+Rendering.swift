import Foundation
import LiveRules
import LiveRulesTooling

extension StudioPack {
    /// The pack as `version` presents it: its golden suite run by the ``GoldenRunner`` that
    /// `liverules test` uses (the statuses and the field paths that changed), and each fixture
    /// presented once more to place its fields in their slots.
    static func rendering(_ version: PackVersion, path: String) -> StudioPack {
        let pack = version.pack
        var rendered = StudioPack(name: pack.manifest.name, path: path, phases: pack.manifest.phases, cases: [], banner: [], warnings: [])
        let suite = GoldenSuite.discover(pack: pack.folder)
        guard suite.refused.isEmpty else {
            rendered.banner = suite.refused.map(\.description)
            return rendered
        }
        let results = GoldenRunner().run(suite.cases, packs: [pack.directory: pack])
        let presenter = try? Presenter(pack: pack, recordsCoverage: false, checksOutput: true)
        rendered.cases = results.map { result in StudioCase(result, pack: pack, presenter: presenter) }
        return rendered
    }
}

extension StudioCase {
    /// The case of a golden run's `result`, its fixture presented again by `presenter` (set up
    /// with `checksOutput`) for the slots and the output checks.
    init(_ result: GoldenResult, pack: RulePack, presenter: Presenter?) {
        let testCase = result.testCase
        var golden: String?, current: String?, diff: String?
        switch result.outcome {
        case .passed:
            golden = Self.text(testCase.goldenFile, in: testCase.folder)
            current = golden
        case .changed(let expected, let actual):
            (golden, current) = (expected, actual)
            diff = LineDiff.unified(old: expected, new: actual, oldName: testCase.goldenPath, newName: "current")
        case .missing(let actual): current = actual
        case .failed: break
        }
        var presentation: Presentation?, slots: [Placement: [String]] = [:], findings: [String] = []
        if !Self.failed(result.outcome), let presenter,
           let fixture = try? Fixture.load(testCase.fixtureFile, in: testCase.folder, manifest: pack.manifest),
           let placed = try? presenter.presentPlacing(fixture) {
            (presentation, slots) = (placed.presentation, placed.slots)
            findings = placed.findings.map(\.description)
        }
        self.init(
            id: testCase.id, name: testCase.name, status: GoldenStatus(result.outcome),
            fixtureFile: testCase.fixturePath, fixture: Self.text(testCase.fixtureFile, in: testCase.folder),
            goldenFile: testCase.goldenPath, golden: golden, current: current, presentation: presentation,
            slots: slots, problems: result.problems, diff: diff, findings: findings)
    }

    private static func failed(_ outcome: GoldenOutcome) -> Bool {
        if case .failed = outcome { true } else { false }
    }

    /// A file of the pack as text, or nil when it is missing or cannot be read.
    private static func text(_ relative: String, in folder: PackFolder) -> String? {
        (try? folder.readIfPresent(relative)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }
}
