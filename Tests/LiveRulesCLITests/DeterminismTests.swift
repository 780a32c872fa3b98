import Foundation
import Testing
import TestPacks

/// Every bundled fixture (`rules/*/fixtures/**/*.json`) presented by the built CLI, `liverules
/// eval <pack> <fixture>`, in 20 separate processes gives one set of bytes. Each process seeds
/// Lua's string hashes afresh, so output that depended on hash order (`pairs`), an address or
/// the collector's timing would differ between them.
///
/// 20 processes for every fixture (about 1,200 processes, two at a time) took 55 s on a shared
/// 2-core machine, too close to a minute. So every fifth fixture of each pack, in name order
/// starting with the first, gets 20 processes and the others 3: about 380 processes, run four at
/// a time, 13 s on the same machine.
@Suite struct DeterminismTests {
    static let sampledProcesses = 20
    static let otherProcesses = 3
    static let concurrentProcesses = 4

    /// `rules/<pack>/fixtures/<name>.json` paths relative to the package root, sorted, each with
    /// the number of processes it gets.
    private func bundledFixtures() -> [(pack: String, fixture: String, processes: Int)] {
        let rules = Paths.root.appendingPathComponent("rules")
        let packs = ((try? FileManager.default.contentsOfDirectory(atPath: rules.path)) ?? []).sorted()
        return packs.flatMap { pack in
            let fixtures = rules.appendingPathComponent("\(pack)/fixtures")
            let names = FileManager.default.enumerator(atPath: fixtures.path)?.allObjects.compactMap { $0 as? String } ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().enumerated().map { index, name in
                ("rules/\(pack)", "rules/\(pack)/fixtures/\(name)", index % 5 == 0 ? Self.sampledProcesses : Self.otherProcesses)
            }
        }
    }

    @Test func everyBundledFixtureGivesTheSameBytesInEveryProcess() throws {
        let fixtures = bundledFixtures()
        #expect(fixtures.count >= 45, "bundled fixtures found: \(fixtures.count)")
        let runs = fixtures.indices.flatMap { Array(repeating: $0, count: fixtures[$0].processes) }
        let results = Results(fixtures: fixtures.count)
        DispatchQueue.concurrentPerform(iterations: Self.concurrentProcesses) { _ in
            while let run = results.next(of: runs.count) {
                let index = runs[run]
                do {
                    let outcome = try CLI.run(["eval", fixtures[index].pack, fixtures[index].fixture])
                    results.add("status \(outcome.status)\n\(outcome.output)\(outcome.errors)", for: index)
                } catch {
                    results.add("\(error)", for: index)
                }
            }
        }
        for (index, outputs) in results.outputs.enumerated() {
            #expect(outputs.count == 1, "\(fixtures[index].fixture): \(outputs.count) different outputs in \(fixtures[index].processes) processes")
            #expect(outputs.allSatisfy { $0.hasPrefix("status 0\n{") }, "\(fixtures[index].fixture): \(outputs.first ?? "")")
        }
    }

    /// The runs handed out and the distinct outputs of each fixture, shared by the workers.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var handedOut = 0
        private var distinct: [Set<String>]

        init(fixtures: Int) {
            distinct = Array(repeating: [], count: fixtures)
        }

        /// The next run to make, or nil when all `count` have been handed out.
        func next(of count: Int) -> Int? {
            lock.withLock {
                guard handedOut < count else { return nil }
                handedOut += 1
                return handedOut - 1
            }
        }

        func add(_ output: String, for fixture: Int) {
            lock.withLock { _ = distinct[fixture].insert(output) }
        }

        var outputs: [Set<String>] { lock.withLock { distinct } }
    }
}
