import Foundation

/// Runs golden cases in parallel: one worker per core, each with its own ``Presenter`` per pack
/// (a presenter is used by one thread at a time). A fixture that cannot be read or presented
/// is a failed case; the others still run.
public struct GoldenRunner: Sendable {
    /// Threads to run on; by default one per core.
    public var workers: Int

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.workers = max(1, workers)
    }

    /// The results, in the order of `cases`. `progress` is called (from any thread) with the
    /// number of cases finished so far.
    public func run(_ cases: [GoldenCase], progress: (@Sendable (Int) -> Void)? = nil) -> [GoldenResult] {
        var loading: [URL: Result<RulePack, DiagnosticError>] = [:]
        for testCase in cases where loading[testCase.packDirectory] == nil {
            loading[testCase.packDirectory] = Result { () throws(DiagnosticError) in
                try RulePack.load(from: testCase.packDirectory, displayPath: testCase.packPath)
            }
        }
        let packs = loading
        let shared = SharedResults(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(cases.count, 1))) { _ in
            var presenters: [URL: Result<Presenter, PresentationError>] = [:]
            while let index = shared.next() {
                let testCase = cases[index]
                let started = ContinuousClock.now
                let outcome = Self.outcome(of: testCase, pack: packs[testCase.packDirectory]!, presenters: &presenters)
                let (seconds, attoseconds) = (ContinuousClock.now - started).components
                let finished = shared.store(GoldenResult(testCase: testCase, outcome: outcome,
                                                         seconds: Double(seconds) + Double(attoseconds) / 1e18), at: index)
                progress?(finished)
            }
        }
        return shared.results
    }

    private static func outcome(
        of testCase: GoldenCase, pack: Result<RulePack, DiagnosticError>,
        presenters: inout [URL: Result<Presenter, PresentationError>]
    ) -> GoldenOutcome {
        let loaded: RulePack
        switch pack {
        case .success(let pack): loaded = pack
        case .failure(let error): return .failed(error.diagnostics)
        }
        if presenters[testCase.packDirectory] == nil {
            presenters[testCase.packDirectory] = Result { () throws(PresentationError) in try Presenter(pack: loaded) }
        }
        do {
            let presenter = try presenters[testCase.packDirectory]!.get()
            let fixture = try Fixture.load(from: testCase.fixtureURL, displayPath: testCase.fixturePath, manifest: loaded.manifest)
            let actual = try presenter.present(fixture).canonicalJSON()
            guard let data = FileManager.default.contents(atPath: testCase.goldenURL.path) else { return .missing(actual: actual) }
            let expected = String(decoding: data, as: UTF8.self)
            return expected == actual ? .passed : .changed(expected: expected, actual: actual)
        } catch let error as DiagnosticError {
            return .failed(error.diagnostics)
        } catch let error as PresentationError {
            return .failed(error.diagnostics(inputFile: testCase.fixturePath))
        } catch {
            return .failed([Diagnostic(file: testCase.fixturePath, message: "\(error)")])
        }
    }
}

/// The work queue and the results the workers share.
private final class SharedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [GoldenResult?]
    private var handedOut = 0
    private var finished = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next case to run, or nil when every case has been handed out.
    func next() -> Int? {
        lock.withLock {
            guard handedOut < slots.count else { return nil }
            handedOut += 1
            return handedOut - 1
        }
    }

    /// Stores a result; returns how many have finished.
    func store(_ result: GoldenResult, at index: Int) -> Int {
        lock.withLock {
            slots[index] = result
            finished += 1
            return finished
        }
    }

    var results: [GoldenResult] { lock.withLock { slots.compactMap { $0 } } }
}
