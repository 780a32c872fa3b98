import Foundation
import LiveRules
import Testing

/// Hot reload with real files edited on disk: good edits activate, broken ones are rejected
/// while the last good version keeps answering.
@Suite(.serialized) struct ReloaderTests {
    private func badge(_ engine: RuleEngine) throws -> String {
        try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date()).badge.text
    }

    /// A reloader watching a fresh `tiny` pack by `method`, once its first version is loaded.
    private func start(_ method: WatchMethod, _ options: ReloadOptions = ReloadOptions(quiet: .milliseconds(40))) throws
        -> (root: URL, engine: RuleEngine, reloader: Reloader, events: ReloadEvents)
    {
        var options = options
        options.watchMethod = method
        let root = try TinyPack.folder(version: 1)
        let engine = RuleEngine(statesPerVersion: 1)
        let events = ReloadEvents()
        let reloader = try Reloader(engine: engine, roots: [root.path], options: options) { events.append($0) }
        _ = events.wait(for: 1)
        return (root, engine, reloader, events)
    }

    /// Whether `event` is an activation (false for nil).
    private func isActivated(_ event: ReloadEvent?) -> Bool {
        if case .activated? = event { true } else { false }
    }

    private func isRejected(_ event: ReloadEvent?) -> Bool {
        if case .rejected? = event { true } else { false }
    }

    /// Saves one file of `tiny` at version k, as an editor does (temp file and rename).
    private func save(_ path: String, of version: Int, broken: TinyPack.Breakage? = nil, in root: URL) throws {
        let text = TinyPack.files(version: version, broken: broken)[path]!
        try Data(text.utf8).write(to: root.appendingPathComponent("tiny/\(path)"), options: .atomic)
    }

    @Test(arguments: WatchMethods.tested)
    func aGoodEditActivates(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method)
        defer { reloader.stop() }
        #expect(try badge(engine) == "v1")
        try save("badge.lua", of: 2, in: root)
        let event = events.first(after: 1, where: isActivated)
        guard case .activated(let pack, _, let hash, let previous, _, _)? = event else { Issue.record("\(events.all)"); return }
        #expect(pack == "tiny" && previous != nil && hash != previous, "\(events.all)")
        #expect(try badge(engine) == "v2")
    }

    @Test(arguments: WatchMethods.tested, [TinyPack.Breakage.syntax, .runtimeAtLoad])
    func aBrokenEditIsRejectedAndTheLastGoodKeepsAnswering(method: WatchMethod, _ breakage: TinyPack.Breakage) throws {
        let (root, engine, reloader, events) = try start(method)
        defer { reloader.stop() }
        try save("badge.lua", of: 2, broken: breakage, in: root)
        guard case .rejected(_, _, let problems, _)? = events.first(after: 1, where: isRejected) else {
            Issue.record("\(events.all)")
            return
        }
        #expect(problems.first?.file.hasSuffix("tiny/badge.lua") == true, "\(problems)")
        #expect(try badge(engine) == "v1")
        try save("badge.lua", of: 3, in: root)
        // A loaded machine may deliver the broken save as two batches: wait for the activation.
        #expect(isActivated(events.wait { $0.count >= 3 && isActivated($0.last) }.last), "\(events.all)")
        #expect(try badge(engine) == "v3")
    }

    @Test(arguments: WatchMethods.tested)
    func aContentStateChangeThatBreaksRunningActivitiesActivatesWithAWarning(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method)
        defer { reloader.stop() }
        let manifest = TinyPack.files(version: 1)["pack.json"]!
            .replacingOccurrences(of: #""TinyState": { "n": "integer" }"#, with: #""TinyState": { "n": "number" }"#)
        try Data(manifest.utf8).write(to: root.appendingPathComponent("tiny/pack.json"), options: .atomic)
        guard case .activated(_, _, _, _, _, let warnings)? = events.first(after: 1, where: isActivated) else {
            Issue.record("\(events.all)")
            return
        }
        #expect(warnings.map(\.description) == [
            "\(root.path)/tiny/pack.json:4:68: warning: content state field 'n' changed type from integer to number: activities already running cannot decode updates; add a new field instead",
        ])
        #expect(try badge(engine) == "v1")
    }

    @Test(arguments: WatchMethods.tested)
    func aDeletedRuleFileIsRejectedNotHalfLoaded(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method)
        defer { reloader.stop() }
        try FileManager.default.removeItem(at: root.appendingPathComponent("tiny/palette.lua"))
        let seen = events.wait(for: 2)
        guard case .rejected(_, _, let problems, _)? = seen.last else {
            Issue.record("\(seen)")
            return
        }
        #expect(problems.first?.message.contains("cannot read the palette rule") == true)
        #expect(try badge(engine) == "v1")
    }

    @Test(arguments: WatchMethods.tested)
    func aGoldenFailureIsRejectedWhenGoldensGate(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method, ReloadOptions(quiet: .milliseconds(40), requireGoldens: true))
        defer { reloader.stop() }
        let pack = root.appendingPathComponent("tiny")
        // The first version had no golden: it was rejected; record one for version 1 and load it.
        guard case .rejected? = events.all.first else { Issue.record("no golden should reject: \(events.all)"); return }
        let golden = try Presenter(pack: RulePack.load(from: pack)).present(
            Fixture.load(from: pack.appendingPathComponent("fixtures/one.json"), displayPath: "one.json",
                         manifest: RulePack.load(from: pack).manifest)).canonicalJSON()
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try Data(golden.utf8).write(to: pack.appendingPathComponent("golden/one.json"), options: .atomic)
        #expect(isActivated(events.first(after: 1, where: isActivated)))
        #expect(try badge(engine) == "v1")
        let before = events.all.count
        try save("badge.lua", of: 2, in: root)
        guard case .rejected(_, _, let problems, _)? = events.first(after: before, where: isRejected) else {
            Issue.record("\(events.all)")
            return
        }
        #expect(problems.first?.message == "golden test fails: badge.text: \"v1\" → \"v2\"")
        #expect(try badge(engine) == "v1")
    }

    @Test(arguments: WatchMethods.tested)
    func quickSuccessiveSavesCoalesce(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method, ReloadOptions(quiet: .milliseconds(100)))
        defer { reloader.stop() }
        for k in 2...6 { try TinyPack.write(version: k, to: root.appendingPathComponent("tiny")) }
        let seen = events.wait(for: 2)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(events.all.count == 2, "one reload for the five saves: \(events.all)")
        #expect(isActivated(seen.last))
        #expect(try badge(engine) == "v6")
    }

    @Test(arguments: WatchMethods.tested)
    func aPackFolderThatAppearsIsLoaded(method: WatchMethod) throws {
        let (root, engine, reloader, events) = try start(method)
        defer { reloader.stop() }
        var files = TinyPack.files(version: 9)
        files["pack.json"] = files["pack.json"]!.replacingOccurrences(of: "\"name\": \"tiny\"", with: "\"name\": \"other\"")
        let other = root.appendingPathComponent("other")
        for (path, text) in files {
            let url = other.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        }
        let seen = events.wait { events in
            events.contains { if case .activated(let pack, _, _, _, _, _) = $0 { pack == "other" } else { false } }
        }
        #expect(engine.packNames == ["other", "tiny"], "\(seen)")
    }
}
