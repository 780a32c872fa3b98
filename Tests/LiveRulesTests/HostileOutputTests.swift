import CLiveRules
import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// No rule can kill the host through its output. Every script of the hostile-output corpus
/// (``HostileOutput``) ends in its declared output error, at its rule file, through a counted
/// `Presenter` and a serving `RuleEngine`, the same error again when presented again; both
/// readers refuse it, and the state it was read in presents the golden afterwards. What the
/// host copies out is bounded by ``OutputLimits``, which the errors name: the bound each script
/// runs into is the check, not the time or memory it took (the CLI's tests measure memory).
@Suite struct HostileOutputTests {
    static let meetings = Paths.rules.appendingPathComponent("meetings")

    static func fixture(in folder: URL = meetings, manifest: PackManifest) throws -> Fixture {
        try Fixture.load(from: folder.appendingPathComponent("fixtures/\(HostileOutput.fixture).json"),
                         displayPath: "fixtures/\(HostileOutput.fixture).json", manifest: manifest)
    }

    @Test func theCorpusIsLargeAndCoversEveryPartTheHostReads() throws {
        let scripts = try HostileOutput.names.map(HostileOutput.init(named:))
        #expect(scripts.count >= 25)
        #expect(Set(scripts.map(\.stage)) == [.badge, .relevance, .layout, .palette, .timing])
    }

    @Test(arguments: HostileOutput.names)
    func endsInItsDeclaredErrorCounted(_ name: String) throws {
        let script = try HostileOutput(named: name)
        let temporary = try script.pack()
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let fixture = try Self.fixture(in: temporary.directory, manifest: pack.manifest)
        for _ in 1...2 {
            var failure: PresentationError?
            do { _ = try presenter.present(fixture) } catch { failure = error }
            #expect(script.matches(failure), "\(name): \(String(describing: failure))")
            #expect(presenter.lua.stackDepth == 0)
        }
    }

    @Test(arguments: HostileOutput.names)
    func endsInItsDeclaredErrorServing(_ name: String) throws {
        let script = try HostileOutput(named: name)
        let temporary = try script.pack()
        let engine = RuleEngine(limits: .serving(), statesPerVersion: 1)
        try engine.load(temporary.directory, displayPath: "rules/meetings")
        let fixture = try MeetingsFixtures.load(HostileOutput.fixture)
        for _ in 1...2 {
            var failure: PresentationError?
            do {
                _ = try engine.present("meetings", attributes: fixture.attributes, state: fixture.state, now: fixture.now,
                                       previousPhase: fixture.previousPhase)
            } catch {
                failure = error
            }
            #expect(script.matches(failure), "\(name): \(String(describing: failure))")
        }
    }

    /// The script's rule replaces its part of the bundled pack's output in the presenter's own
    /// state: the one-pass reader leaves it to the detailed one, which names the declared problem;
    /// the same state then presents the fixture's golden.
    @Test(arguments: HostileOutput.names)
    func bothReadersRefuseItAndTheStatePresentsAfterwards(_ name: String) throws {
        let script = try HostileOutput(named: name)
        let pack = try RulePack.load(from: Self.meetings, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let reader = try #require(try OutputReader(pack: pack, in: presenter.lua))
        let fixture = try Self.fixture(manifest: pack.manifest)
        let rule = try presenter.lua.run(script.source, chunkName: script.ruleFile, returning: LuaRef.self)
        let replacing = try presenter.lua.run("""
            return function(present, rule, stage)
              return function(...)
                local out = present(...)
                out[stage] = rule({ now = select(3, ...), phase = out.phase })
                return out
              end
            end
            """, chunkName: "replacing.lua", returning: LuaRef.self)
        let hostile = try presenter.lua.call(replacing, presenter.present, rule, script.stage.rawValue, returning: LuaRef.self)
        let read = try OutputReaderTests.readings(of: presenter, reader, now: fixture.now, hostile, fixture.attributes, fixture.state, fixture.now,
                                                  fixture.previousPhase)
        #expect(read.fast == nil, "\(name): the one-pass reader accepted it")
        if case .failure(let problem)? = read.detailed {
            #expect("\(problem.path): \(problem.message)" == script.expected)
            #expect(problem.stage == script.stage)
        } else {
            Issue.record("\(name): the detailed reader gave \(String(describing: read.detailed))")
        }
        #expect(presenter.lua.stackDepth == 0)
        let golden = try String(contentsOf: Self.meetings.appendingPathComponent("golden/\(HostileOutput.fixture).json"), encoding: .utf8)
        #expect(try presenter.present(fixture).canonicalJSON() == golden)
    }

    /// Each bound is the legal maximum: an output at every bound at once is read alike by both
    /// readers, and one byte past a text's bound is refused by both.
    @Test func anOutputAtTheBoundsIsReadAndOneBytePastIsNot() throws {
        let pack = try RulePack.load(from: Self.meetings, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let reader = try #require(try OutputReader(pack: pack, in: presenter.lua))
        let fixture = try Self.fixture(manifest: pack.manifest)
        func readings(_ change: String) throws -> OutputReaderTests.Readings {
            let changing = try presenter.lua.run("""
                return function(present)
                  return function(...)
                    local out = present(...)
                    \(change)
                    return out
                  end
                end
                """, chunkName: "bounds.lua", returning: LuaRef.self)
            let changed = try presenter.lua.call(changing, presenter.present, returning: LuaRef.self)
            return try OutputReaderTests.readings(of: presenter, reader, now: fixture.now, changed, fixture.attributes, fixture.state, fixture.now,
                                                  fixture.previousPhase)
        }
        let atTheBounds = try readings("""
            out.badge.text = string.rep("é", \(OutputLimits.textBytes / 2))
            local fields = {}
            for i, id in ipairs(\(Self.luaList(pack.manifest.fields))) do
              fields[i] = { id = id, text = string.rep("x", \(OutputLimits.textBytes)) }
            end
            out.layout.lockScreen = { fields = fields, dropped = {} }
            out.layout.standBy.dropped = \(Self.luaList(pack.manifest.fields))
            out.layout.standBy.fields = {}
            out.timing.stale, out.timing.dismissal = \(OutputLimits.maximumSeconds), -\(OutputLimits.maximumSeconds)
            """)
        let fast = try #require(atTheBounds.fast, "the one-pass reader refused an output within its bounds")
        #expect(fast == (try atTheBounds.detailed?.get()))
        #expect(fast.badge.text.utf8.count == OutputLimits.textBytes)
        #expect(fast.layout[.lockScreen]?.fields.count == pack.manifest.fields.count)

        let past = try readings("out.badge.text = string.rep('x', \(OutputLimits.textBytes + 1))")
        #expect(past.fast == nil)
        guard case .failure(let problem)? = past.detailed else { Issue.record("\(String(describing: past.detailed))"); return }
        #expect(problem.path == "badge.text")
        #expect(problem.message == "expected text of at most 4096 bytes, got a string of 4097 bytes")
    }

    /// Tables the pack built while loading are frozen: read-only tables, which both readers read
    /// through, as before.
    @Test func aTableBuiltWhenThePackLoadsIsReadThrough() throws {
        let temporary = try TemporaryPack(files: ["palette.lua": """
            local LOOK = { background = "#000000", foreground = "#FFFFFF", accent = "#0A84FF" }
            local PALETTE = { light = LOOK, dark = LOOK, standByNight = LOOK }
            return function() return PALETTE end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let presentation = try Presenter(pack: pack).present(try Self.fixture(in: temporary.directory, manifest: pack.manifest))
        #expect(presentation.palette.dark.accent == Colour(hex: "#0A84FF"))
    }

    /// A rule may return part of its input: the checked table behind the input view is the
    /// host's, whose metatable and private keys the detailed reader passes over.
    @Test func anInputViewInTheOutputIsReadAsItsTable() throws {
        let pack = try RulePack.load(from: Self.meetings, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let reader = try #require(try OutputReader(pack: pack, in: presenter.lua))
        let fixture = try Self.fixture(manifest: pack.manifest)
        let lua = presenter.lua
        let string = SchemaDescriptor(kind: LRL_KIND_STRING, name: "string")
        let alert = try lua.call(lua.reference(function: lrl_schema_prepare), SchemaDescriptor(
            kind: LRL_KIND_OBJECT, name: "Alert", child: .fields(["title": string, "body": string]), order: ["title", "body"]), returning: LuaRef.self)
        let view = try lua.call(lua.reference(function: lrl_schema_check), ["title": "Design review", "body": "in 10 min"], alert, "alert", true,
                                returning: LuaRef.self)
        let replacing = try lua.run("""
            return function(present, view)
              return function(...)
                local out = present(...)
                out.timing.alert = view
                return out
              end
            end
            """, chunkName: "view.lua", returning: LuaRef.self)
        let replaced = try lua.call(replacing, presenter.present, view, returning: LuaRef.self)
        let read = try OutputReaderTests.readings(of: presenter, reader, now: fixture.now, replaced, fixture.attributes, fixture.state, fixture.now,
                                                  fixture.previousPhase)
        let presentation = try #require(try read.detailed?.get())
        #expect(presentation.timing?.alert == AlertText(title: "Design review", body: "in 10 min"))
    }

    @Test func theLimitsAgreeWithTheInputLimitsTheyFollow() {
        #expect(OutputLimits.nameBytes == InputLimits.nameBytes)
        #expect(OutputLimits.maximumSeconds == HostFunctions.maximumSeconds)
        #expect(OutputLimits.totalTextBytes >= 64 * OutputLimits.textBytes)
    }

    /// `names` as a Lua list of strings.
    static func luaList(_ names: [String]) -> String {
        "{ " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
    }
}
