#if Studio
import Foundation
import LiveRules
import LiveRulesTooling

/// One pack as the studio shows it: its cases as the active version presents them, and the
/// problems of the last save that was refused (the banner), while the cases stay as they were.
package struct StudioPack: Sendable, Encodable {
    /// The pack's name from its manifest (empty until a version of it loads).
    package var name: String
    /// How messages name the pack folder (`rules/meetings`).
    package var path: String
    /// The manifest's phases, in order.
    package var phases: [String]
    /// The cases, fixtures sorted.
    package var cases: [StudioCase]
    /// Why the last save was refused, compiler style; empty when the files on disk serve.
    package var banner: [String]
    /// What the reloader warned of when it activated the version shown (content-state changes
    /// that break activities already running), compiler style.
    package var warnings: [String]
}

extension StudioPack {
    /// The pack as `version` presents it: each case run as `liverules test` runs it
    /// (``GoldenRunner/outcome(of:manifest:present:)``: the status and the field paths that
    /// changed), with the output checks' findings; in parallel, one presenter per worker, a
    /// worker per core.
    static func rendering(_ version: PackVersion, path: String) -> StudioPack {
        let pack = version.pack
        var rendered = StudioPack(name: pack.manifest.name, path: path, phases: pack.manifest.phases, cases: [], banner: [], warnings: [])
        let suite = GoldenSuite.discover(pack: pack.folder)
        guard suite.refused.isEmpty else {
            rendered.banner = suite.refused.map(\.description)
            return rendered
        }
        let cases = suite.cases
        let shared = IndexedWork<StudioCase>(count: cases.count)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(cases.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let presenter = Result { () throws(PresentationError) in
                try Presenter(pack: pack, recordsCoverage: false)
            }
            while let index = shared.next() {
                shared.store(StudioCase(cases[index], pack: pack, presenter: presenter), at: index)
            }
        }
        rendered.cases = shared.results
        return rendered
    }

    /// States the studio explores of each version of a pack, after its cases are on the page:
    /// few, so that a save shows its broken promises soon (`liverules test --explore` runs the
    /// thousands).
    static let exploredStates = 300

    /// The pack's promises broken on ``exploredStates`` explored states (seed 1), each as a case
    /// of its smallest state: what it broke and why as its problems. None when the pack cannot be
    /// set up (its cases say why).
    static func explored(_ pack: RulePack, path: String) -> [StudioCase] {
        guard let explorer = try? Explorer(pack: pack), let presenter = try? Presenter(pack: pack, recordsCoverage: false)
        else { return [] }
        return explorer.explore(seed: 1, count: exploredStates).findings.enumerated().map { number, finding in
            let name = "explored-\(finding.failure.property)-\(number + 1)"
            let fixture = Explorer.fixture(finding.fixture, manifest: pack.manifest)
            let placed = fixture.flatMap { try? presenter.presentChecking($0) }
            let headline = PackExploration.headline(of: finding)
            var written = finding.fixture
            if case .object(var members) = written {
                members["description"] = .string("Explored (seed 1, state \(finding.index)): breaks \(finding.failure.property)"
                    + (finding.failure.placement.map { " in \($0)" } ?? "") + ": \(finding.failure.message)")
                written = .object(members)
            }
            return StudioCase(
                id: "\(pack.manifest.name)/\(name)", name: name, status: .explored, fixtureFile: "\(path)/fixtures/\(name).json",
                fixture: try? JSONWriter.canonical(written), goldenFile: "\(path)/golden/\(name).json", golden: nil,
                current: try? placed?.0.canonicalJSON(), presentation: placed?.0, now: fixture?.now,
                measures: placed.flatMap { placed in fixture.map { StudioCase.measures(of: placed.0, now: $0.now) } } ?? [:],
                problems: [headline] + finding.why.map { "why: " + $0 }, diff: nil,
                findings: placed?.1.map(\.description) ?? [], stale: nil)
        }
    }
}

extension StudioCase {
    /// Case `testCase` run by `presenter`: its golden outcome, and the presentation with its
    /// output-check findings.
    init(_ testCase: GoldenCase, pack: RulePack, presenter: Result<Presenter, PresentationError>) {
        var placed: (presentation: Presentation, findings: [OutputFinding])?
        var presented: Fixture?
        let outcome = GoldenRunner.outcome(of: testCase, manifest: pack.manifest) { fixture in
            presented = fixture
            let checked = try presenter.get().presentChecking(fixture)
            placed = (checked.0, checked.1)
            return checked.0
        }
        var golden: String?, current: String?, diff: String?
        switch outcome {
        case .passed:
            golden = Self.text(testCase.goldenFile, in: testCase.folder)
            current = golden
        case .changed(let expected, let actual):
            (golden, current) = (expected, actual)
            diff = LineDiff.unified(old: expected, new: actual, oldName: testCase.goldenPath, newName: "current")
        case .missing(let actual): current = actual
        case .failed, .undecided: placed = nil
        }
        self.init(
            id: testCase.id, name: testCase.name, status: GoldenStatus(outcome),
            fixtureFile: testCase.fixturePath, fixture: Self.text(testCase.fixtureFile, in: testCase.folder),
            goldenFile: testCase.goldenPath, golden: golden, current: current, presentation: placed?.presentation, now: presented?.now,
            measures: placed.flatMap { placed in presented.map { Self.measures(of: placed.presentation, now: $0.now) } } ?? [:],
            problems: GoldenResult(testCase: testCase, outcome: outcome, seconds: 0).problems,
            diff: diff, findings: placed?.findings.map(\.description) ?? [],
            stale: placed.flatMap { placed in presented.flatMap { Self.stale(of: $0, after: placed.presentation, presenter: presenter) } })
    }

    /// `fixture` presented at the stale date `presentation`'s timing sets, its phase as the
    /// previous one; nil without a stale date. A failure there is shown, not hidden: an update
    /// that goes stale must still present.
    private static func stale(of fixture: Fixture, after presentation: Presentation,
                              presenter: Result<Presenter, PresentationError>) -> StaleRendering? {
        guard let date = presentation.timing?.stale else { return nil }
        var fixture = fixture
        fixture.now = date.timeIntervalSince1970
        fixture.previousPhase = presentation.phase
        do {
            let stale = try presenter.get().present(fixture)
            return StaleRendering(at: fixture.now, presentation: stale, measures: measures(of: stale, now: fixture.now), problems: [])
        } catch {
            return StaleRendering(at: fixture.now, presentation: nil, measures: [:],
                                  problems: error.diagnostics(inputFile: fixture.file).map(\.description))
        }
    }

    /// Per placement, the width each field of `presentation` takes on its line at `now`.
    static func measures(of presentation: Presentation, now: Double) -> [Placement: [Double]] {
        Dictionary(uniqueKeysWithValues: presentation.layout.map { placement, layout in
            (placement, layout.fields.enumerated().map { index, field in
                FieldMeasure(field, on: OutputFinding.slot(of: index, named: field.slot, in: placement.budget), in: placement,
                             now: now, stale: presentation.timing?.stale).lineWidth
            })
        })
    }

    /// A file of the pack as text, or nil when it is missing or cannot be read.
    private static func text(_ relative: String, in folder: PackFolder) -> String? {
        (try? folder.readIfPresent(relative, limit: InputLimits.goldenBytes, kind: "a golden")).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }
}
#endif
