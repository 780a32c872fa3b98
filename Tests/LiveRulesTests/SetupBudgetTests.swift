import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// No work runs before a budget does: a pack's Lua files are refused past their size limit
/// before they are read, compiling them is charged to the steps, and setting a pack up (every
/// rule file and the modules they require, in one state) is one budget, counted in both modes.
/// Each hostile pack ends in one error naming a file of the pack, the same through a
/// ``Presenter`` and a ``RuleEngine``, counted and serving.
@Suite struct SetupBudgetTests {
    static let modes: [LuaLimits] = [LuaLimits(), .serving()]
    static let ruleFiles = ["phase.lua", "badge.lua", "relevance.lua", "layout.lua", "palette.lua", "timing.lua"]
    static let limit = InputLimits.luaFileBytes

    /// `head`, then as many `unit`s as fit in `bytes`, then `tail`.
    static func filled(_ head: String, _ unit: String, _ tail: String, bytes: Int = limit) -> String {
        head + String(repeating: unit, count: (bytes - head.utf8.count - tail.utf8.count) / unit.utf8.count) + tail
    }

    /// The meetings pack's `file` with `line` put before its first line.
    static func prefixed(_ file: String, _ line: String) throws -> String {
        line + "\n" + (try String(contentsOf: Paths.rules.appendingPathComponent("meetings/\(file)"), encoding: .utf8))
    }

    /// The meetings pack with `files` changed, loaded.
    private func pack(_ files: [String: String?]) throws -> RulePack {
        try RulePack.load(from: TemporaryPack(files: files).directory, displayPath: "rules/meetings")
    }

    /// What setting `pack` up reports, through a presenter and through an engine (which must
    /// agree); nil when it sets up.
    private func setupErrors(_ pack: RulePack, limits: LuaLimits) -> [String]? {
        var errors: [[String]?] = []
        do { _ = try Presenter(pack: pack, limits: limits); errors.append(nil) } catch {
            errors.append(error.diagnostics().map(\.description))
        }
        do { _ = try RuleEngine(limits: limits, statesPerVersion: 1).prepare(pack); errors.append(nil) } catch {
            errors.append(error.diagnostics().map(\.description))
        }
        #expect(errors[0] == errors[1], "a presenter and an engine set the pack up alike")
        return errors[0]
    }

    // MARK: Size

    static let oversized: [(file: String, text: String)] = [
        // The attack: one expression of 60,000 `and` operands (10 s a compile).
        ("badge.lua", "local a\nreturn a" + String(repeating: " and a", count: 60_000) + "\n"),
        // The attack on the purity check: long upvalue names through nested closures (6 MB, an
        // 820 MB dump).
        ("badge.lua", { () -> String in
            let names = (0..<8).map { String(repeating: "x", count: 374_000) + "\($0)" }.joined(separator: ",")
            return "local \(names)\n" + String(repeating: "return function() ", count: 60) + "return \(names) "
                + String(repeating: "end ", count: 60)
        }()),
        // A module the rules require, one byte over.
        ("badges.lua", "return {}\n" + String(repeating: "-", count: limit + 1 - 10)),
        // A module nothing requires: every Lua file of the pack is read when it loads.
        ("lib/spare.lua", String(repeating: "x = 1\n", count: 3_000)),
    ]

    @Test(arguments: oversized.indices)
    func aLuaFileOverTheLimitIsRefusedBeforeItIsRead(index: Int) throws {
        let (file, text) = Self.oversized[index]
        let expected = "rules/meetings/\(file):1:1: error: the file has \(text.utf8.count) bytes; "
            + "a rule file or module may have at most \(Self.limit) (16 KiB)"
        let temporary = try TemporaryPack(files: [file: text])
        #expect(throws: DiagnosticError.self) { try RulePack.load(from: temporary.directory, displayPath: "rules/meetings") }
        do {
            _ = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        } catch {
            #expect(error.diagnostics.map(\.description) == [expected])
        }
        do {
            try RuleEngine(statesPerVersion: 1).load(temporary.directory, displayPath: "rules/meetings")
            Issue.record("the engine loaded a pack with \(file) over the limit")
        } catch {
            #expect((error as? DiagnosticError)?.diagnostics.map(\.description) == [expected])
        }
    }

    @Test func aModuleAtTheLimitLoads() throws {
        let text = try Self.prefixed("badges.lua", "")
        let padded = text + String(repeating: "-", count: Self.limit - text.utf8.count)
        #expect(padded.utf8.count == Self.limit)
        for limits in Self.modes { #expect(setupErrors(try pack(["badges.lua": padded]), limits: limits) == nil) }
    }

    // MARK: Compiling

    /// Modules at the size limit whose compile is the costliest of its kind (about 35 ms each
    /// here): the setup's steps pay for at most about seven of them.
    static let costlyCompiles: [String] = [
        filled("return{}", "or{}", ""),
        filled("local a\nreturn{a", " and a", "}"),
        filled("if x then elseif{}", "or{}", "then end return {}"),
        filled("while 1 do ", "break;", "end return {}"),
        filled(String(repeating: "return function()\nlocal " + (1...199).map { "a\($0)" }.joined(separator: ",") + "\n", count: 6),
               "g=g\n", String(repeating: "end\n", count: 6)),
    ]

    @Test(arguments: modes, costlyCompiles.indices)
    func costlyCompilesEndInTheSetupsStepBudget(limits: LuaLimits, index: Int) throws {
        let modules = (0..<12).map { "costly\($0)" }
        var files: [String: String?] = [:]
        for module in modules { files[module + ".lua"] = Self.costlyCompiles[index] }
        files["phase.lua"] = try Self.prefixed("phase.lua", modules.map { "require '\($0)'" }.joined(separator: "\n"))
        let errors = setupErrors(try pack(files), limits: limits)
        #expect(errors?.count == 1)
        #expect(errors?.first?.hasPrefix("rules/meetings/phase.lua:") == true, "\(String(describing: errors))")
        #expect(errors?.first?.hasSuffix(": error: C work budget of 2000000 steps exceeded") == true, "\(String(describing: errors))")
        #expect(errors == setupErrors(try pack(files), limits: LuaLimits()), "the same outcome in both modes")
    }

    // MARK: Running

    /// Code that never ends, put at the top of every Lua file of the pack: the setup ends in the
    /// first file it runs (the phase rule), once, whichever mode.
    static let runaways: [(code: String, error: String)] = [
        ("local function f(n) return f(n + 1) + 1 end f(1)", "memory budget of 16777216 bytes exceeded"),
        ("while true do end", "instruction budget of 1000000 instructions exceeded"),
        ("local t = {} for i = 1, 1e9 do t[i] = {} end", "memory budget of 16777216 bytes exceeded"),
        ("for i = 1, 1e9 do pcall(error, 'again') end", "C work budget of 2000000 steps exceeded"),
        ("local s = 'x' while true do s = s .. s end", "string length limit of 8192 bytes exceeded"),
        ("local function f() return f() end f()", "instruction budget of 1000000 instructions exceeded"),
    ]

    @Test(arguments: modes, runaways.indices)
    func aRunawayFileEndsTheWholeSetupInTheFirstFile(limits: LuaLimits, index: Int) throws {
        let (code, error) = Self.runaways[index]
        var files: [String: String?] = [:]
        for file in Self.ruleFiles + ["badges.lua", "content.lua"] { files[file] = try Self.prefixed(file, code) }
        let errors = setupErrors(try pack(files), limits: limits)
        #expect(errors == ["rules/meetings/phase.lua:1:1: error: \(error)"])
    }

    /// Work each file could do alone, in every file: one budget covers them all, so the setup
    /// ends in a later file. One file doing it sets up.
    static let sharedWork: [String] = [
        "do local s = 0 for i = 1, 150000 do s = s + i end end",              // 300,000 instructions
        // 3.3 MB kept (800 lists of 256 numbers), and as much again once frozen: lists, whose
        // frozen copies cost no more than they do
        "held = held or {} do local s = string.rep('x', 256) for _ = 1, 800 do held[#held + 1] = { string.byte(s, 1, -1) } end end",
        "do local t = {} for i = 1, 2000 do t[i] = 'x' end for i = 1, 200 do table.concat(t) end end",  // 400,000 steps
    ]

    @Test(arguments: modes, sharedWork.indices)
    func oneBudgetCoversEveryFileOfTheSetup(limits: LuaLimits, index: Int) throws {
        let code = Self.sharedWork[index]
        #expect(setupErrors(try pack(["phase.lua": try Self.prefixed("phase.lua", code)]), limits: limits) == nil)
        var files: [String: String?] = [:]
        for file in Self.ruleFiles { files[file] = try Self.prefixed(file, code) }
        let errors = setupErrors(try pack(files), limits: limits)
        #expect(errors?.count == 1, "\(String(describing: errors))")
        #expect(errors?.first.map { !$0.hasPrefix("rules/meetings/phase.lua") && $0.contains("exceeded") } == true,
                "a later file than the first spends what is left: \(String(describing: errors))")
        #expect(errors == setupErrors(try pack(files), limits: LuaLimits()), "the same outcome in both modes")
    }

    // MARK: Failing modules

    /// 24 modules, each requiring (and catching the failure of) every module after it, then
    /// failing: Lua retries a failed `require`, so that would run the last one 2^22 times. A
    /// failed module fails again at once, so each runs once and the pack sets up and presents.
    @Test(arguments: modes)
    func aModuleThatFailedIsNotRunAgainByItsOtherRequirers(limits: LuaLimits) throws {
        let modules = (0..<24).map { "m\($0)" }
        var files: [String: String?] = [:]
        for (index, module) in modules.enumerated() {
            files[module + ".lua"] = modules[(index + 1)...].map { "pcall(require, '\($0)')\n" }.joined()
                + "local s = 0 for i = 1, 2000 do s = s + i end\nerror('\(module) fails')\n"
        }
        for file in Self.ruleFiles { files[file] = try Self.prefixed(file, "pcall(require, 'm0')") }
        let loaded = try pack(files)
        #expect(setupErrors(loaded, limits: limits) == nil)
        let fixture = try Fixture.load(from: Paths.rules.appendingPathComponent("meetings/fixtures/countdown-middle.json"),
                                       displayPath: "countdown-middle.json", manifest: loaded.manifest)
        let presentation = try Presenter(pack: loaded, limits: limits).present(fixture)
        #expect(try presentation.canonicalJSON() == MeetingsFixtures.golden("countdown-middle"))
    }

    @Test(arguments: modes)
    func aModuleThatFailedGivesEveryRequirerItsFirstError(limits: LuaLimits) throws {
        let errors = setupErrors(try pack([
            "badges.lua": try Self.prefixed("badges.lua", "tries = (tries or 0) + 1\nerror('broken on try ' .. tries)"),
        ]), limits: limits)
        // badge.lua and content.lua (through layout.lua) both require it: one error, its first.
        #expect(errors == ["rules/meetings/badges.lua:2:1: error: broken on try 1"])
    }
}
