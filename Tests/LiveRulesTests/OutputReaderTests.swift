import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// The one-pass reader (``OutputReader``) agrees with the detailed one (``PresentationOutput``):
/// it reads every bundled fixture's output to the same presentation, and leaves every output
/// outside the vocabulary to the detailed reader, which then names the problem.
@Suite struct OutputReaderTests {
    /// What both readers made of one driver result: the fast one's presentation (nil: it left
    /// the result to the detailed one) and the detailed one's, or its problem.
    struct Readings {
        var fast: Presentation?
        var detailed: Result<Presentation, OutputProblem>?
    }

    /// Runs `function` (the driver, or a chunk around it) with `arguments` in the presenter's
    /// state and reads its result with both readers.
    static func readings<each A: Encodable>(
        of presenter: Presenter, _ reader: OutputReader, now: Double, _ function: LuaRef, _ arguments: repeat each A
    ) throws -> Readings {
        let pack = presenter.pack
        return try presenter.lua.call(function, repeat each arguments) { result throws(LuaError) in
            let fast = reader.presentation(of: result)
            guard case .presented(let read) = try DriverOutcome(reading: result, manifest: pack.manifest, readsSlots: false) else {
                return Readings(fast: fast, detailed: nil)
            }
            return Readings(fast: fast, detailed: read.flatMap { output in
                Result { () throws(OutputProblem) in
                    try output.validated(fields: Set(pack.manifest.fields), timed: pack.rules[.timing] != nil, now: now)
                }
            })
        }
    }

    static func fixtures(of pack: String) -> [String] {
        let folder = Paths.rules.appendingPathComponent("\(pack)/fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: ["meetings", "match", "delivery"])
    func readsEveryFixtureAsTheDetailedReaderDoes(_ name: String) throws {
        let folder = Paths.rules.appendingPathComponent(name)
        let pack = try RulePack.load(from: folder, displayPath: "rules/\(name)")
        let presenter = try Presenter(pack: pack)
        let reader = try #require(try OutputReader(pack: pack, in: presenter.lua))
        let fixtures = Self.fixtures(of: name)
        #expect(fixtures.count >= 15)
        for file in fixtures {
            let fixture = try Fixture.load(from: folder.appendingPathComponent("fixtures/\(file)"), displayPath: file, manifest: pack.manifest)
            let read = try Self.readings(of: presenter, reader, now: fixture.now, presenter.present, fixture.attributes, fixture.state, fixture.now,
                                         fixture.previousPhase)
            let fast = try #require(read.fast, "\(name)/\(file): the one-pass reader left a good output to the detailed one")
            #expect(fast == (try read.detailed?.get()), "\(name)/\(file)")
        }
    }

    /// Each case rewrites the meetings pack's output for fixture countdown-middle into one outside
    /// the vocabulary.
    static let breakages: [String: String] = [
        "phase": "out.phase = 'finished'",
        "phase type": "out.phase = 3",
        "tone": "out.badge = { text = 'x', tone = 'blue' }",
        "badge text": "out.badge = { tone = 'green' }",
        "badge not a table": "out.badge = 'x'",
        "score": "out.relevance = { score = 101, alert = false }",
        "score NaN": "out.relevance = { score = 0/0, alert = false }",
        "score type": "out.relevance = { score = '1', alert = false }",
        "alert type": "out.relevance = { score = 1, alert = 1 }",
        "unknown placement": "out.layout.lockscreen = { fields = {} }",
        "missing placement": "out.layout.lockScreen = nil",
        "placement key not a string": "out.layout[1] = { fields = {} }",
        "unknown id": "out.layout.lockScreen = { fields = { { id = 'titel', text = 'y' } } }",
        "shown twice": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a' }, { id = 'title', text = 'b' } } }",
        "shown and dropped": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a' } }, dropped = { 'title' } }",
        "dropped twice": "out.layout.lockScreen = { fields = {}, dropped = { 'title', 'title' } }",
        "dropped not a string": "out.layout.lockScreen = { fields = {}, dropped = { 1 } }",
        "dropped not a list": "out.layout.lockScreen = { fields = {}, dropped = 'title' }",
        "no fields": "out.layout.lockScreen = {}",
        "field not a table": "out.layout.lockScreen = { fields = { 'title' } }",
        "field text": "out.layout.lockScreen = { fields = { { id = 'title' } } }",
        "field text not UTF-8": "out.layout.lockScreen = { fields = { { id = 'title', text = '\\xff' } } }",
        "glyph": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a', glyph = 'blue dot' } } }",
        "glyph type": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a', glyph = true } } }",
        "live type": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a', live = 'soon' } } }",
        "live counts": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a', live = { timer = { date = 0, counts = 'sideways' } } } } }",
        "live finish": "out.layout.lockScreen = { fields = { { id = 'title', text = 'a', live = { progress = { start = 5, finish = 1 } } } } }",
        "colour": """
            local look = { background = '#000000', foreground = '#FFFFFF', accent = '#12345' }
            out.palette = { light = look, dark = look, standByNight = look }
            """,
        "colour in dark": """
            local look = { background = '#000000', foreground = '#FFFFFF', accent = '#123456' }
            out.palette = { light = look, dark = { background = '#000000', foreground = 'white', accent = '#123456' }, standByNight = look }
            """,
        "fallback type": """
            local look = { background = '#000000', foreground = '#FFFFFF', accent = '#123456', fallback = 1 }
            out.palette = { light = look, dark = look, standByNight = look }
            """,
        "no timing": "out.timing = nil",
        "stale infinite": "out.timing = { stale = 1/0 }",
        "stale type": "out.timing = { stale = 'soon' }",
        "empty alert title": "out.timing = { alert = { title = '', body = 'b' } }",
        "alert not a table": "out.timing = { alert = 'x' }",
        "alert without text": "out.relevance = { score = 1, alert = true }; out.timing = {}",
        "rejected input": "out = { path = 'state', problem = 'expected x' }",
    ]

    /// A field with a live form is in the vocabulary, but the one-pass reader declines it: the
    /// detailed reader reads it.
    @Test func leavesALiveFieldToTheDetailedReader() throws {
        let read = try Self.readings(wrappedBy: """
            out.layout.lockScreen = { fields = { { id = 'title', text = 'in 0:00', live = { timer = { date = 600, counts = 'down', prefix = 'in ' } } } } }
            """)
        #expect(read.fast == nil)
        let presentation = try #require(try read.detailed?.get())
        #expect(presentation.layout[.lockScreen]?.fields == [
            LayoutField(id: "title", text: "in 0:00", live: .timer(date: Date(timeIntervalSince1970: 600), counts: .down, prefix: "in ")),
        ])
    }

    @Test(arguments: breakages.keys.sorted())
    func leavesAnOutputOutsideTheVocabularyToTheDetailedReader(_ breakage: String) throws {
        let read = try Self.readings(wrappedBy: Self.breakages[breakage]!)
        #expect(read.fast == nil, "the one-pass reader accepted \(breakage)")
        if case .success(let presentation)? = read.detailed {
            Issue.record("the detailed reader accepted \(breakage): \(presentation)")
        }
    }

    /// Both readings of the meetings pack's output for fixture countdown-middle, rewritten by the
    /// Lua statements `change` (of `out`); the fast reader must have read the unchanged output.
    static func readings(wrappedBy change: String) throws -> Readings {
        let folder = Paths.rules.appendingPathComponent("meetings")
        let pack = try RulePack.load(from: folder, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let reader = try #require(try OutputReader(pack: pack, in: presenter.lua))
        let fixture = try Fixture.load(from: folder.appendingPathComponent("fixtures/countdown-middle.json"), displayPath: "countdown-middle.json",
                                       manifest: pack.manifest)
        let breaking = try presenter.lua.run("""
            return function(present)
              return function(...)
                local out = present(...)
                \(change)
                return out
              end
            end
            """, chunkName: "breakage.lua", returning: LuaRef.self)
        let wrapped = try presenter.lua.call(breaking, presenter.present, returning: LuaRef.self)
        let good = try Self.readings(of: presenter, reader, now: fixture.now, presenter.present, fixture.attributes, fixture.state, fixture.now, fixture.previousPhase)
        #expect(good.fast != nil)
        return try Self.readings(of: presenter, reader, now: fixture.now, wrapped, fixture.attributes, fixture.state, fixture.now, fixture.previousPhase)
    }
}
