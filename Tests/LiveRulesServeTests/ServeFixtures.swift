#if Service
import Foundation
import HTTPTestSupport

/// Inputs for the server's routes, made from the bundled packs' fixtures.
enum ServeFixtures {
    static let packs = ["meetings", "match", "delivery"]

    /// The fixture `name` of `pack`, as its file holds it.
    static func fixture(_ pack: String, _ name: String) throws -> String {
        try String(contentsOf: RunningServer.rules.appendingPathComponent("\(pack)/fixtures/\(name).json"), encoding: .utf8)
    }

    /// The names of `pack`'s fixtures, sorted.
    static func names(_ pack: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: RunningServer.rules.appendingPathComponent("\(pack)/fixtures").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The fixture `name` of `pack` as one line of batch input, with `extra` members (`id`,
    /// `event`) added.
    static func line(_ pack: String, _ name: String, _ extra: [String: Any] = [:]) throws -> String {
        var object = try JSONSerialization.jsonObject(with: Data(try fixture(pack, name).utf8)) as? [String: Any] ?? [:]
        object.removeValue(forKey: "description")
        object.merge(extra) { $1 }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// The edit of the match pack's `badge.lua` that makes it spin forever on a home score of
    /// 99, for ``RunningServer``'s `edits`: a rule that runs to its deadline.
    static let spinningBadge: [String: @Sendable (String) -> String] = ["match/badge.lua": {
        $0.replacingOccurrences(of: "  local case = badges.of(input)\n",
                                with: "  if input.state.score.home == 99 then while true do end end\n  local case = badges.of(input)\n")
    }]

    /// The match fixture `after-full-time` with a home score of 99: what ``spinningBadge`` spins on.
    static func runaway() throws -> String {
        let fixture = try fixture("match", "after-full-time")
        let runaway = fixture.replacingOccurrences(of: "\"home\": 3,", with: "\"home\": 99,")
        guard runaway != fixture else { throw HTTPTestError("after-full-time has no home score of 3 to replace") }
        return runaway
    }

    /// The first fixture of `pack` as a request body: a good request.
    static func good(_ pack: String = "match") throws -> String {
        try fixture(pack, try names(pack)[0])
    }
}
#endif
