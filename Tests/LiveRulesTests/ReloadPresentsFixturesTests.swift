import Foundation
import LiveRules
import Testing

/// Without golden gating, a reload still presents every fixture of the new version and refuses
/// it on any input, rule or output error: real files, the real watcher (each method).
@Suite(.serialized) struct ReloadPresentsFixturesTests {
    private struct Watched {
        let pack: URL
        let engine: RuleEngine
        let reloader: Reloader
        let events: ReloadEvents

        init(_ method: WatchMethod) throws {
            let root = try TinyPack.folder(version: 1)
            pack = root.appendingPathComponent("tiny")
            engine = RuleEngine(statesPerVersion: 1)
            let events = ReloadEvents()
            self.events = events
            reloader = try Reloader(engine: engine, roots: [root.path],
                                    options: ReloadOptions(quiet: .milliseconds(40), requireGoldens: false, watchMethod: method)) { events.append($0) }
            _ = events.wait(for: 1)
        }

        /// Saves `text` as `path` in the pack, as editors do (temp file and rename), and returns
        /// the first reload event after it that satisfies `match` (by default, any).
        func save(
            _ path: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation,
            until match: (ReloadEvent) -> Bool = { _ in true }
        ) throws -> ReloadEvent? {
            let before = events.all.count
            let url = pack.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return events.first(after: before, sourceLocation: sourceLocation, where: match)
        }

        /// Saves `text` as `path` and waits for the activation it causes (a loaded machine may
        /// first deliver a late batch of the save before); whether one came.
        func saveActivating(_ path: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
            let before = events.all.count
            try Data(text.utf8).write(to: pack.appendingPathComponent(path), options: .atomic)
            let activated: (ReloadEvent) -> Bool = { if case .activated = $0 { true } else { false } }
            return events.wait(sourceLocation: sourceLocation) { $0.dropFirst(before).contains(where: activated) }
                .dropFirst(before).contains(where: activated)
        }

        func badge() throws -> String {
            try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date()).badge.text
        }
    }

    private static func isRejected(_ event: ReloadEvent) -> Bool {
        if case .rejected = event { true } else { false }
    }

    private func problems(_ event: ReloadEvent?) -> [String]? {
        guard case .rejected(_, _, let problems, _)? = event else { return nil }
        return problems.map(\.description)
    }

    @Test(arguments: WatchMethods.tested)
    func anOutputErrorIsRefusedAndTheLastGoodVersionKeepsServing(method: WatchMethod) throws {
        let watched = try Watched(method)
        defer { watched.reloader.stop() }
        #expect(try watched.badge() == "v1")
        let event = try watched.save("badge.lua", "return function(input)\n  return { text = \"v2\", tone = \"blue\" }\nend\n",
                                     until: Self.isRejected)
        let file = watched.pack.path + "/badge.lua"
        #expect(problems(event) == ["\(file):2:25: error: badge.tone: expected one of green, neutral, warning, critical, got \"blue\" (presenting one.json)"],
                "\(String(describing: event))")
        #expect(try watched.badge() == "v1")
        #expect(try watched.saveActivating("badge.lua", TinyPack.files(version: 3)["badge.lua"]!))
        #expect(try watched.badge() == "v3")
    }

    @Test(arguments: WatchMethods.tested)
    func aRuleErrorOneFixtureHitsIsRefusedNamingFileLineAndFixture(method: WatchMethod) throws {
        let watched = try Watched(method)
        defer { watched.reloader.stop() }
        _ = try watched.save("fixtures/two.json", "{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {\"n\": 2}}\n")
        let event = try watched.save("relevance.lua", """
            return function(input)
              if input.state.n == 2 then error("two is too many") end
              return { score = 2, alert = false }
            end
            """, until: Self.isRejected)
        let lines = problems(event) ?? []
        #expect(lines.count == 1 && lines[0].hasPrefix(watched.pack.path + "/relevance.lua:2:30: error: "), "\(lines)")
        #expect(lines.first?.hasSuffix("two is too many (presenting two.json)") == true, "\(lines)")
        #expect(try watched.badge() == "v1")
    }

    @Test(arguments: WatchMethods.tested)
    func aFixtureThatBreaksTheSchemaIsRefusedAtItsLineAndColumn(method: WatchMethod) throws {
        let watched = try Watched(method)
        defer { watched.reloader.stop() }
        _ = try watched.save("fixtures/bad.json", "{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {},\n \"state\": {\"n\": \"x\"}}\n")
        let event = try watched.save("badge.lua", TinyPack.files(version: 2)["badge.lua"]!, until: Self.isRejected)
        #expect(problems(event) == ["\(watched.pack.path)/fixtures/bad.json:2:17: error: state.n: expected integer, got \"x\""],
                "\(String(describing: event))")
        #expect(try watched.badge() == "v1")
    }
}
