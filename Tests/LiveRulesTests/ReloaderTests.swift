import Foundation
import TestPacks
import LiveRules
import Testing

/// Hot reload with real files edited on disk: good edits activate, broken ones are rejected
/// while the last good version keeps answering.
@Suite(.serialized) struct ReloaderTests {
    private func badge(_ engine: RuleEngine) throws -> String {
        try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date()).badge.text
    }

    /// A reloader watching a fresh `tiny` pack by `method`, once its first version is loaded;
    /// each event passes `gate`, the first (that load) on this thread.
    private func start(
        _ method: WatchMethod, _ options: ReloadOptions = ReloadOptions(quiet: .milliseconds(40)), gate: Gate? = nil
    ) throws -> (root: URL, engine: RuleEngine, reloader: Reloader, events: ReloadEvents) {
        var options = options
        options.watchMethod = method
        let root = try TinyPack.folder(version: 1)
        let engine = RuleEngine(statesPerVersion: 1)
        let events = ReloadEvents()
        let reloader = try Reloader(engine: engine, roots: [root.path], options: options) { event in
            events.append(event)
            gate?.pass()
        }
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

    /// The hash `event` activated (nil for any other event).
    private func activatedHash(_ event: ReloadEvent) -> String? {
        if case .activated(_, _, let hash, _, _, _) = event { hash } else { nil }
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
        guard case .rejected(_, _, let problems, _)? = events.first(after: 1, where: isRejected) else {
            Issue.record("\(events.all)")
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

    /// Gated by goldens, a rule error every fixture hits is one problem naming the fixtures.
    @Test(arguments: WatchMethods.tested)
    func aRuleErrorEveryGoldenHitsIsOneProblem(method: WatchMethod) throws {
        let root = try TinyPack.folder(version: 1)
        let pack = root.appendingPathComponent("tiny")
        try Data("{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {\"n\": 2}}\n".utf8)
            .write(to: pack.appendingPathComponent("fixtures/two.json"))
        let loaded = try RulePack.load(from: pack)
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("golden"), withIntermediateDirectories: true)
        for name in ["one", "two"] {
            let fixture = try Fixture.load(from: pack.appendingPathComponent("fixtures/\(name).json"), displayPath: name, manifest: loaded.manifest)
            try Data(try Presenter(pack: loaded).present(fixture).canonicalJSON().utf8).write(to: pack.appendingPathComponent("golden/\(name).json"))
        }
        let engine = RuleEngine(statesPerVersion: 1)
        let events = ReloadEvents()
        let reloader = try Reloader(engine: engine, roots: [root.path],
                                    options: ReloadOptions(quiet: .milliseconds(40), requireGoldens: true, watchMethod: method)) { events.append($0) }
        defer { reloader.stop() }
        #expect(isActivated(events.wait(for: 1).first), "\(events.all)")
        try Data("return function(input) error(\"boom\") end\n".utf8).write(to: pack.appendingPathComponent("badge.lua"), options: .atomic)
        guard case .rejected(_, _, let problems, _)? = events.first(after: 1, where: isRejected) else {
            Issue.record("\(events.all)")
            return
        }
        #expect(problems.map(\.description) == ["\(pack.path)/badge.lua:1:24: error: boom (presenting 2 fixtures: one.json, two.json)"])
    }

    /// Saves made while a reload runs (held here at its event) are one reload once it is done,
    /// however slow the machine: they are all waiting by then. The next save is the next reload.
    /// (How saves made quickly one after another coalesce at the machine's own speed is measured
    /// by `Benchmarks/scripts/run-release.sh ReloadBenchmarks`.)
    @Test(arguments: WatchMethods.tested)
    func savesMadeWhileAReloadRunsAreOneReload(method: WatchMethod) throws {
        let gate = Gate(holding: 2)
        let (root, engine, reloader, events) = try start(method, gate: gate)
        defer { reloader.stop() }
        let pack = root.appendingPathComponent("tiny")
        try TinyPack.write(version: 2, to: pack)
        gate.waitForEntry()
        for k in 3...6 { try TinyPack.write(version: k, to: pack) }
        let six = try RulePack.load(from: pack).contentHash
        gate.open()
        _ = events.wait(for: 3)
        #expect(try badge(engine) == "v6")
        // One system call, so one reload: it shows whether any other came before it.
        let badge7 = TemporaryFolder.path("tiny-badge").appendingPathExtension("lua")
        try Data(TinyPack.files(version: 7)["badge.lua"]!.utf8).write(to: badge7)
        #expect(rename(badge7.path, pack.appendingPathComponent("badge.lua").path) == 0)
        let seven = try RulePack.load(from: pack).contentHash
        let seen = events.wait { $0.contains { activatedHash($0) == seven } }
        #expect(seen.dropFirst(2).map(activatedHash) == [six, seven], "\(seen)")
        #expect(try badge(engine) == "v7")
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
