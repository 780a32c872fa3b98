import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// Fan-out: a batch on two worker threads gives, line for line, what single calls give; equal
/// payloads are counted exactly; a bad line is reported at its number and the rest still built.
@Suite struct PushBatchTests {
    static let folder = Paths.rules.appendingPathComponent("match")

    /// The match fixtures as batch lines (compact JSON, one per fixture), with a previous
    /// timestamp (a minute before the fixture's now) on every third and an id on every fifth of
    /// `count` lines.
    static func lines(_ count: Int) throws -> [PushBatch.Line] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fixtures").path).filter { $0.hasSuffix(".json") }.sorted()
        let fixtures = try names.map { name in
            var members = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("fixtures/\(name)"))).value.objectMembers
            members["description"] = nil
            return members
        }
        return (0..<count).map { index in
            var members = fixtures[index % fixtures.count]
            if index % 3 == 0, case .string(let now)? = members["now"], let seconds = ISO8601.parse(now) {
                members["previousTimestamp"] = .integer(Int64(seconds) - 60)
            }
            if index % 5 == 0 { members["id"] = .string("device-\(index)") }
            return PushBatch.Line(number: index + 1, bytes: Array(try! JSONWriter.compact(.object(members)).utf8))
        }
    }

    static func batch() throws -> (RuleEngine, PushBatch) {
        let engine = RuleEngine(statesPerVersion: 2)
        let version = try engine.load(folder, displayPath: "rules/match")
        return (engine, PushBatch(builder: try PushPayloadBuilder(manifest: version.pack.manifest), file: "states.jsonl"))
    }

    /// Runs `lines` through the batch in chunks of `chunk`, on `workers` threads.
    static func run(_ lines: [PushBatch.Line], workers: Int, chunk: Int = 64) throws -> [PushBatch.Outcome] {
        let (engine, batch) = try batch()
        let chunks = Chunks(lines, size: chunk)
        var outcomes: [PushBatch.Outcome] = []
        try batch.run(on: engine, workers: workers, next: chunks.next, deliver: { outcomes += $0 })
        return outcomes
    }

    /// Lines handed out `size` at a time, to the batch's reader thread only.
    final class Chunks: @unchecked Sendable {
        private var rest: ArraySlice<PushBatch.Line>
        private let size: Int

        init(_ lines: [PushBatch.Line], size: Int) {
            rest = lines[...]
            self.size = size
        }

        func next() -> [PushBatch.Line]? {
            guard !rest.isEmpty else { return nil }
            defer { rest = rest.dropFirst(size) }
            return Array(rest.prefix(size))
        }
    }

    @Test func tenThousandLinesGiveWhatSingleCallsGive() throws {
        let lines = try Self.lines(10_000)
        let batched = try Self.run(lines, workers: 2, chunk: 37)
        let (engine, batch) = try Self.batch()
        let presenter = try Presenter(pack: try #require(engine.version(named: "match")).pack)
        #expect(batched.map(\.line) == Array(1...10_000))
        var built = 0
        for (line, outcome) in zip(lines, batched) {
            let request = try PushRequest.read(line.bytes, line: line.number, file: "single", manifest: batch.builder.manifest)
            let fixture = request.fixture
            let single = try batch.builder.build(request.event ?? .update, presentation: presenter.present(fixture), attributes: fixture.attributes,
                                                 state: fixture.state, now: fixture.now, previousTimestamp: request.previousTimestamp)
            var expected = single.json.objectMembers
            if let id = request.id { expected["id"] = .string(id) }
            let text = try outcome.result.get().line
            #expect(text == (try JSONWriter.compact(.object(expected))), "line \(line.number)")
            built += 1
        }
        #expect(built == 10_000)
    }

    @Test func groupingCountsAreExact() throws {
        let fixtures = try Self.lines(30)
        // Line n repeats fixture n % 7 (7 distinct states): counts are 143 or 142 of 1,000.
        let lines = (0..<1_000).map { PushBatch.Line(number: $0 + 1, bytes: fixtures[($0 % 7) + 1].bytes) }
        var cohorts = PushCohorts()
        for outcome in try Self.run(lines, workers: 2) { cohorts.add(try outcome.result.get().payload, line: outcome.line) }
        let sorted = cohorts.sorted
        #expect(sorted.count == 7)
        #expect(sorted.map(\.count) == [143, 143, 143, 143, 143, 143, 142])
        #expect(sorted.map(\.firstLine) == [1, 2, 3, 4, 5, 6, 7])
        #expect(sorted.map(\.count).reduce(0, +) == 1_000)
    }

    @Test func aMalformedLineIsReportedAndTheOthersAreBuilt() throws {
        var lines = try Self.lines(6)
        lines[2].bytes = Array(#"{"attributes": {"#.utf8)
        lines[4].bytes = Array(#"{"now": "2026-05-16T15:08:35Z", "attributes": {}, "state": {}, "evnt": "start"}"#.utf8)
        let outcomes = try Self.run(lines, workers: 2, chunk: 2)
        #expect(outcomes.map(\.line) == [1, 2, 3, 4, 5, 6])
        for index in [0, 1, 3, 5] { #expect((try? outcomes[index].result.get()) != nil, "line \(index + 1)") }
        guard case .failure(let syntax) = outcomes[2].result, case .failure(let schema) = outcomes[4].result else {
            Issue.record("lines 3 and 5 must fail")
            return
        }
        #expect(syntax.diagnostics.map(\.line) == [3])
        #expect(syntax.diagnostics.first?.description.hasPrefix("states.jsonl:3:") == true)
        #expect(schema.diagnostics.allSatisfy { $0.line == 5 })
        #expect(schema.diagnostics.contains { $0.message.contains("unknown member 'evnt' — did you mean event?") })
    }

    @Test func anUnknownPackIsAnError() throws {
        let (engine, _) = try Self.batch()
        #expect(throws: PresentationError.self) {
            try engine.presentBatch("matches", next: { nil }, work: { (line: Int, _) in line }, deliver: { _ in })
        }
    }
}
