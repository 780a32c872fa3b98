import Foundation
import Lua

/// Runs golden cases in parallel: one worker per core, each with its own ``Presenter`` per pack
/// (a presenter is used by one thread at a time). A fixture that cannot be read or presented
/// is a failed case; the others still run.
package struct GoldenRunner: Sendable {
    /// Threads to run on; by default one per core.
    package var workers: Int
    /// Whether to record which lines of Lua ran (``GoldenRun/coverage``).
    package var recordsCoverage: Bool
    /// The budgets presentations run under: counted, so every run ends the same way.
    package var limits: LuaLimits

    package init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, recordsCoverage: Bool = false,
                 limits: LuaLimits = LuaLimits()) {
        self.workers = max(1, workers)
        self.recordsCoverage = recordsCoverage
        self.limits = limits
    }

    /// The results, in the order of `cases`. `progress` is called (from any thread) with the
    /// number of cases finished so far. Packs are loaded from their folders unless `packs`
    /// holds them (by folder).
    package func run(
        _ cases: [GoldenCase], packs: [URL: RulePack] = [:], progress: (@Sendable (Int) -> Void)? = nil
    ) -> [GoldenResult] {
        runRecording(cases, packs: packs, progress: progress).results
    }

    /// The results, and the lines run per chunk name when recording coverage.
    package func runRecording(
        _ cases: [GoldenCase], packs given: [URL: RulePack] = [:], progress: (@Sendable (Int) -> Void)? = nil
    ) -> GoldenRun {
        var loading: [URL: Result<RulePack, DiagnosticError>] = given.mapValues { .success($0) }
        for testCase in cases where loading[testCase.packDirectory] == nil {
            loading[testCase.packDirectory] = Result { () throws(DiagnosticError) in
                try RulePack.load(folder: testCase.folder)
            }
        }
        let packs = loading
        let shared = IndexedWork<GoldenResult>(count: cases.count)
        let hits = LineHits()
        let coverage = recordsCoverage
        let limits = limits
        DispatchQueue.concurrentPerform(iterations: min(workers, max(cases.count, 1))) { _ in
            var presenters: [URL: Result<Presenter, PresentationError>] = [:]
            var explainers: [URL: Presenter] = [:]
            defer {
                for case .success(let presenter) in presenters.values where coverage { hits.merge(presenter.coverage()) }
            }
            while let index = shared.next() {
                let testCase = cases[index]
                let started = ContinuousClock.now
                let outcome = Self.outcome(of: testCase, pack: packs[testCase.packDirectory]!, presenters: &presenters,
                                           coverage: coverage, limits: limits)
                let seconds = (ContinuousClock.now - started).inSeconds
                var origins: [String: String] = [:]
                if case .changed(let expected, let actual) = outcome, case .success(let pack) = packs[testCase.packDirectory]! {
                    origins = Self.origins(of: testCase, pack: pack, expected: expected, actual: actual, explainers: &explainers)
                }
                let finished = shared.store(GoldenResult(testCase: testCase, outcome: outcome,
                                                         seconds: seconds,
                                                         origins: origins), at: index)
                progress?(finished)
            }
        }
        return GoldenRun(results: shared.results, coverage: hits.coverage)
    }

    private static func outcome(
        of testCase: GoldenCase, pack: Result<RulePack, DiagnosticError>,
        presenters: inout [URL: Result<Presenter, PresentationError>], coverage: Bool, limits: LuaLimits
    ) -> GoldenOutcome {
        let loaded: RulePack
        switch pack {
        case .success(let pack): loaded = pack
        case .failure(let error): return .failed(error.diagnostics)
        }
        if presenters[testCase.packDirectory] == nil {
            presenters[testCase.packDirectory] = Result { () throws(PresentationError) in
                try Presenter(pack: loaded, limits: limits, recordsCoverage: coverage)
            }
        }
        let presenter: Presenter
        do { presenter = try presenters[testCase.packDirectory]!.get() } catch {
            return .failed(error.diagnostics(inputFile: testCase.fixturePath))
        }
        return outcome(of: testCase, manifest: loaded.manifest) { fixture in try presenter.present(fixture) }
    }

    /// How `testCase` ends when `present` presents its fixture: the fixture is read through the
    /// pack folder and presented, and the presentation's canonical JSON compared with the golden
    /// byte for byte (texts are made only when they differ). A fixture that cannot be read or
    /// presented is a failed case.
    package static func outcome(
        of testCase: GoldenCase, manifest: PackManifest, present: (Fixture) throws -> Presentation
    ) -> GoldenOutcome {
        do {
            let fixture = try Fixture.load(testCase.fixtureFile, in: testCase.folder, manifest: manifest)
            let actual = try present(fixture).canonicalUTF8()
            guard let data = try testCase.folder.readIfPresent(testCase.goldenFile, limit: InputLimits.goldenBytes, kind: "a golden") else {
                return .missing(actual: String(decoding: actual, as: UTF8.self))
            }
            if same(data, actual) { return .passed }
            return .changed(expected: String(decoding: data, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
        } catch let error as DiagnosticError {
            return .failed(error.diagnostics)
        } catch let error as PresentationError {
            let diagnostics = error.diagnostics(inputFile: testCase.fixturePath)
            return error.dependsOnMachine ? .undecided(diagnostics) : .failed(diagnostics)
        } catch {
            return .failed([Diagnostic(file: testCase.fixturePath, message: "\(error)")])
        }
    }
}

extension GoldenRunner {
    /// Whether `data` holds exactly `bytes`.
    private static func same(_ data: Data, _ bytes: [UInt8]) -> Bool {
        guard data.count == bytes.count else { return false }
        return data.withUnsafeBytes { golden in
            bytes.withUnsafeBytes { actual in golden.isEmpty || memcmp(golden.baseAddress!, actual.baseAddress!, golden.count) == 0 }
        }
    }
}

/// What a run found: the results in the order of the cases, and the lines of Lua that ran, per
/// chunk name, when coverage was recorded.
package struct GoldenRun: Sendable {
    package var results: [GoldenResult]
    package var coverage: [String: [Int: Int]]
}

/// The lines of Lua the workers' presenters ran, merged.
private final class LineHits: @unchecked Sendable {
    private let lock = NSLock()
    private var hits: [String: [Int: Int]] = [:]

    /// Adds a worker's line hits.
    func merge(_ coverage: [String: [Int: Int]]) {
        lock.withLock {
            for (chunk, lines) in coverage { hits[chunk, default: [:]].merge(lines, uniquingKeysWith: +) }
        }
    }

    var coverage: [String: [Int: Int]] { lock.withLock { hits } }
}
