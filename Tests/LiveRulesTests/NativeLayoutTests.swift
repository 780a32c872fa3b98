import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import Lua
import TestPacks
import Testing

/// The host's native `layout.place` and `layout.wanted` (`lrl_layout_place`, `lrl_layout_wanted`)
/// answer exactly as `layout.lua`'s Lua definitions, which they stand in for: on a corpus of
/// well-formed and malformed calls, and on every bundled fixture.
@Suite struct NativeLayoutTests {
    /// A sealed helper state as a presenter sets one up; `native` false takes the host's native
    /// layout functions away, so layout.lua's Lua definitions run every time.
    private func corpusLines(native: Bool, count: Int) throws -> [String] {
        let sandbox = LuaSandbox(
            moduleRoot: Paths.resources.appendingPathComponent("helpers"),
            hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix)
        let limits = LuaLimits(instructions: 500_000_000, steps: 500_000_000, deadline: nil)
        let state = try LuaState(limits: limits, sandbox: sandbox)
        HostFunctions.install(in: state)
        if !native {
            try state.run("function liverules_host_layout_place() end function liverules_host_layout_wanted() end",
                          chunkName: "no-native")
        }
        let file = Paths.resources.appendingPathComponent("helpers/layout_corpus.lua")
        let corpus = try state.run(try String(contentsOf: file, encoding: .utf8), chunkName: "helpers/layout_corpus.lua",
                                   returning: LuaRef.self)
        try state.sealGlobals()
        return try state.call(corpus, count, returning: [String].self)
    }

    @Test func nativeAndLuaDefinitionsAgreeOnACorpus() throws {
        let native = try corpusLines(native: true, count: 4000)
        let lua = try corpusLines(native: false, count: 4000)
        #expect(native.count > 4000 && lua.count == native.count)
        for (index, (fast, reference)) in zip(native, lua).enumerated() where fast != reference {
            Issue.record("case \(index + 1):\n native: \(fast)\n    lua: \(reference)")
        }
        // The corpus reaches every kind of case: placed fields, shortened ones, drops and errors.
        #expect(native.contains { $0.contains("…") })
        #expect(native.contains { $0.hasPrefix("wanted error: ") } && native.contains { $0.contains("no text for") })
        #expect(native.filter { $0.hasPrefix("wanted ") && !$0.contains("error: ") }.count > 500)
        #expect(native.contains { !$0.hasPrefix("wanted") && $0.contains("error: ") })
        #expect(native.filter { !$0.contains("error: ") }.count > 1500)
        // Fields on later lines of a slot, sharing lines, with icons.
        #expect(native.contains { $0.hasPrefix("lockScreen ") && $0.contains("@body3") })
        #expect(native.contains { $0.contains("@leading2") } && native.contains { $0.contains("+icon:bell") })
        // Live fields, well formed and not, placed and listed.
        for form in ["countdown", "left", "around", "progress", "empty", "timerText", "nonASCII"] {
            #expect(native.contains { !$0.hasPrefix("wanted") && $0.contains("+live:\(form)") }, "no \(form) field placed")
        }
        #expect(native.contains { !$0.hasPrefix("wanted") && $0.contains("live must be a table") })
        #expect(native.contains { $0.hasPrefix("wanted ") && $0.contains("live:countdown") && $0.contains(" false") })
        #expect(native.contains { $0.hasPrefix("wanted error: ") && $0.contains("no live form for") })
    }

    /// The native layout.place answers for live fields itself (the corpus would agree as well if
    /// it declined them all): a timer measured on its widest clock, "in 9:59" as "in 00:00", a
    /// progress on nothing, each shown field keeping the very live table it was given; it
    /// declines a live form that is not a plain table. The native layout.wanted carries live_of.
    @Test func nativeFunctionsCarryLiveFields() throws {
        let sandbox = LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix)
        let state = try LuaState(limits: LuaLimits(deadline: nil), sandbox: sandbox)
        HostFunctions.install(in: state)
        try state.sealGlobals()
        let lines = try state.run("""
            local place, wanted = liverules_host_layout_place, liverules_host_layout_wanted
            local timer = { timer = { date = 600, counts = "down", prefix = "in " } }
            local bar = { progress = { start = 0, finish = 600 } }
            local function show(placed)
              if placed == nil then return "declined" end
              local shown = {}
              for _, field in ipairs(placed.fields) do
                shown[#shown + 1] = field.id .. "=" .. field.text .. (field.live == timer and "+timer" or field.live == bar and "+bar" or "")
              end
              return table.concat(shown, ",") .. "|" .. table.concat(placed.dropped, ",")
            end
            local function at(width)  -- "in 9:59" is 31 pt wide at 10 pt, "in 00:00" 36.5 pt
              return { body = { width = width, fontSize = 10, lines = 3 } }
            end
            local entries = {
              { id = "eta", text = { "in 9:59", "9:59" }, live = timer },
              { id = "done", text = "83%", live = bar },
              { id = "late", text = "in 9:59", live = timer },
            }
            local listed = wanted({ "eta", "done", "none" }, function(id) return id ~= "none" and id or nil end, nil, nil, nil,
              function(id) return id == "eta" and timer or nil end)
            return {
              show(place(entries, 4, at(40), "body")),
              show(place(entries, 4, at(33), "body")),
              show(place(entries, 4, at(0), "body")),
              show(place({ { id = "eta", text = "in 9:59", live = "soon" } }, 4, at(40), "body")),
              show(place({ { id = "eta", text = "in 9:59", live = setmetatable({}, { __index = timer }) } }, 4, at(40), "body")),
              show(place({ { id = "eta", text = "in 9:59", live = { timer = setmetatable({}, {}) } } }, 4, at(40), "body")),
              listed and (tostring(listed[1].live == timer) .. " " .. tostring(listed[2].live) .. " " .. #listed) or "declined",
            }
            """, chunkName: "live", returning: [String].self)
        #expect(lines == [
            "eta=in 9:59+timer,done=83%+bar|late",
            "eta=9:59+timer,done=83%+bar|late",
            "done=83%+bar|eta,late",
            "declined",
            "declined",
            "declined",
            "true nil 2",
        ])
    }

    /// An explaining presenter always runs layout.place's Lua definition; the presentations
    /// agree. (layout.wanted runs natively in both: the corpus above compares its definitions.)
    @Test(arguments: BundledPackGoldenTests.cases)
    func nativeAndLuaDefinitionsPresentAlike(_ test: BundledPackGoldenTests.Case) throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(test.pack), displayPath: "rules/\(test.pack)")
        let fixture = try Fixture.load("fixtures/\(test.fixture).json", in: pack.folder, manifest: pack.manifest)
        let native = try Presenter(pack: pack).present(fixture)
        let lua = try Presenter(pack: pack, explains: true).present(fixture)
        #expect(native == lua)
    }

    /// The native functions charge their work to the step budget as they go: a huge wanted list
    /// ends layout.place in a budget error, in both budget modes; layout.wanted called again and
    /// again on one ends in a budget error too. The deadline, a machine's verdict, is set far
    /// out of the way: a counted budget must end the work on any machine.
    @Test(arguments: [LuaBudgetMode.counted, .serving])
    func nativeWorkOnAHugeListEndsInABudget(_ mode: LuaBudgetMode) throws {
        let sandbox = LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix)
        let state = try LuaState(limits: LuaLimits(deadline: .seconds(60), mode: mode), sandbox: sandbox)
        HostFunctions.install(in: state)
        try state.sealGlobals()
        let calls = [
            ("layout.place('lockScreen', big)", "huge:4: error: C work budget of"),
            ("for _ = 1, 100 do layout.wanted(big, function(entry) return entry.text end) end", "budget of"),
        ]
        for (call, expected) in calls {
            let source = """
                local layout = require "liverules.layout"
                local big = {}
                for i = 1, 50000 do big[i] = { id = "f", text = "Design review" } end
                \(call)
                """
            do {
                try state.run(source, chunkName: "huge")
                Issue.record("\(call) ended without a budget error")
            } catch {
                #expect("\(error)".contains(expected), "\(call): \(error)")
            }
        }
    }
}
