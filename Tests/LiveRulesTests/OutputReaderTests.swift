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
            let fast = reader.presentation(of: result, now: now)
            guard case .presented(let read) = try DriverOutcome(reading: result, manifest: pack.manifest, now: now) else {
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
        "slot unknown": "out.layout.lockScreen.fields[1].slot = 'bdy'",
        "slot not a string": "out.layout.lockScreen.fields[1].slot = 1",
        "line 0": "out.layout.lockScreen.fields[1].line = 0",
        "line past the slot's": "out.layout.lockScreen.fields[1].slot = 'title'; out.layout.lockScreen.fields[1].line = 2",
        "line past the default slot's": "out.layout.lockScreen.fields[1].slot = nil; out.layout.lockScreen.fields[1].line = 2",
        "line a fraction": "out.layout.lockScreen.fields[1].line = 1.5",
        "line a string": "out.layout.lockScreen.fields[1].line = '1'",
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
        "live text not its reading": live("'in 0:01'", "{ timer = { date = 600, counts = 'down', prefix = 'in ' } }"),
        "live text without its prefix": live("'0:00'", "{ timer = { date = 600, counts = 'down', prefix = 'in ' } }"),
        "live text of another counting": live("time.countdown(now + 90, now).text", "{ timer = { date = now + 90, counts = 'up' } }"),
        "live progress text": live("'50%'", "{ progress = { start = 0, finish = 1 } }"),
        "live date type": live("'0:00'", "{ timer = { date = 'soon', counts = 'down' } }"),
        "live date infinite": live("'0:00'", "{ timer = { date = 1/0, counts = 'down' } }"),
        "live date NaN": live("'0:00'", "{ timer = { date = 0/0, counts = 'down' } }"),
        "live date too far": live("'0:00'", "{ timer = { date = -2e11, counts = 'down' } }"),
        "live counts missing": live("'0:00'", "{ timer = { date = 600 } }"),
        "live counts type": live("'0:00'", "{ timer = { date = 600, counts = true } }"),
        "live prefix type": live("'0:00'", "{ timer = { date = 600, counts = 'down', prefix = 1 } }"),
        "live suffix not UTF-8": live("'0:00'", "{ timer = { date = 600, counts = 'down', suffix = '\\xff' } }"),
        "live timer key": live("'0:00'", "{ timer = { date = 600, counts = 'down', style = 'clock' } }"),
        "live timer not a table": live("'0:00'", "{ timer = '0:00' }"),
        "live timer with a metatable": live("'0:00'", "{ timer = setmetatable({ date = 600, counts = 'down' }, {}) }"),
        "live with a metatable": live("'0:00'", "setmetatable({ timer = { date = 600, counts = 'down' } }, {})"),
        "live empty": live("'0:00'", "{}"),
        "live both forms": live("'0:00'", "{ timer = { date = 600, counts = 'down' }, progress = { start = 0, finish = 1 } }"),
        "live key": live("'0:00'", "{ timer = { date = 600, counts = 'down' }, at = 1 }"),
        "live progress start": live("'100%'", "{ progress = { start = 'then', finish = 1 } }"),
        "live progress empty": live("'100%'", "{ progress = { start = 1, finish = 1 } }"),
        "live progress NaN": live("'100%'", "{ progress = { start = 0, finish = 0/0 } }"),
        "live progress key": live("'100%'", "{ progress = { start = 0, finish = 1, at = 1 } }"),
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

    /// The statement making the lock screen show the title with `text` and the live form `form`
    /// (Lua expressions of `now` and liverules.time, `time`).
    static func live(_ text: String, _ form: String) -> String {
        "out.layout.lockScreen = { fields = { { id = 'title', text = \(text), live = \(form) } } }"
    }

    /// Live fields as the rules give them, each case read alike by both readers.
    static let liveFields: [String: String] = [
        "countdown over": live("'in 0:00'", "{ timer = { date = 600, counts = 'down', prefix = 'in ' } }"),
        "countdown with a partial second": "local f = time.countdown(now + 599.5, now, 'in %s')\n" + live("f.text", "f.live"),
        "countdown of hours": "local f = time.countdown(now + 7384, now, '%s left')\n" + live("f.text", "f.live"),
        "elapsed": "local f = time.elapsed(now - 3725, now, 'started %s ago')\n" + live("f.text", "f.live"),
        "clock alone": "local f = time.countdown(now + 61, now)\n" + live("f.text", "f.live"),
        "empty prefix and suffix": live("'0:00'", "{ timer = { date = 600, counts = 'down', prefix = '', suffix = '' } }"),
        "non-ASCII suffix": live("'0:00 übrig'", "{ timer = { date = 600, counts = 'down', suffix = ' übrig' } }"),
        "progress": "local f = time.progress_field(now - 30, now + 90, now)\n" + live("f.text", "f.live"),
        "progress before its start": live("'0%'", "{ progress = { start = now + 1, finish = now + 2 } }"),
        "progress at its finish": live("'100%'", "{ progress = { start = -1e11, finish = now } }"),
        "with a slot and a line": live("'in 0:00'", "{ timer = { date = 600, counts = 'down', prefix = 'in ' } }")
            + "\nout.layout.lockScreen.fields[1].slot = 'body'; out.layout.lockScreen.fields[1].line = 3",
        "with a glyph": """
            local f = time.countdown(now + 120, now, 'in %s')
            out.layout.lockScreen = { fields = { { id = 'title', text = f.text, glyph = 'dot', live = f.live } } }
            """,
        "several": """
            local a, b = time.countdown(now + 120, now, 'in %s'), time.progress_field(now - 1, now + 3, now)
            out.layout.lockScreen = { fields = { { id = 'title', text = a.text, live = a.live }, { id = 'progress', text = b.text, live = b.live } } }
            """,
    ]

    /// A field with a live form whose text is its reading now: the one-pass reader reads it as
    /// the detailed reader does.
    @Test(arguments: liveFields.keys.sorted())
    func readsALiveFieldAsTheDetailedReaderDoes(_ name: String) throws {
        let read = try Self.readings(wrappedBy: Self.liveFields[name]!)
        let fast = try #require(read.fast, "the one-pass reader left \(name) to the detailed one")
        #expect(fast == (try read.detailed?.get()))
        #expect(fast.layout[.lockScreen]?.fields.allSatisfy { $0.live != nil } == true)
    }

    /// The form read is the one given, its text the one given.
    @Test func readsATimersParts() throws {
        let read = try Self.readings(wrappedBy: Self.liveFields["countdown over"]!)
        #expect(read.fast?.layout[.lockScreen]?.fields == [
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
            local time = require "liverules.time"
            return function(present)
              return function(...)
                local out, now = present(...), (select(3, ...))
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
