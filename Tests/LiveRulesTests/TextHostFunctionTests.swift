import Foundation
@testable import LiveRules
import Lua
import Testing

/// The text host functions: grapheme clusters and width classes, which Lua cannot compute.
@Suite struct TextHostFunctionTests {
    private let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    private let flags = "\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}"

    @Test func clustersAdvanceByTheirWidthClass() {
        #expect(HostFunctions.units(of: "12m") == 55 + 55 + 80)
        #expect(HostFunctions.units(of: "Design review") == 675)
        #expect(HostFunctions.units(of: "日本語") == 300)
        #expect(HostFunctions.units(of: "カナ한글") == 400)
        #expect(HostFunctions.units(of: flags) == 200)
        #expect(HostFunctions.units(of: family) == 100)
        #expect(HostFunctions.units(of: "\u{1F44D}\u{1F3FD}") == 100)
        #expect(HostFunctions.units(of: "1\u{FE0F}\u{20E3}") == 100)
        #expect(HostFunctions.units(of: "e\u{301}") == 55)
        #expect(HostFunctions.units(of: "\u{200B}") == 0)
        #expect(HostFunctions.units(of: "●–…✓") == 55 + 55 + 80 + 55)  // "…" as wide as "M"
        #expect(HostFunctions.units(of: "\r\n") == 55)
    }

    /// Every ASCII string measures as the width model of the article *Placements and budgets* says, which the
    /// helper also computes in Lua for ASCII text: the two must agree.
    @Test func asciiFollowsTheLatinRule() {
        for code in 0..<128 where code != 13 {
            let character = Character(Unicode.Scalar(UInt8(code)))
            let expected = "il.,:;'|! ".contains(character) ? 30 : "MWmw@".contains(character) ? 80
                : (65...90).contains(code) ? 65 : 55
            #expect(HostFunctions.units(of: String(character)) == expected, "\(code)")
        }
    }

    @Test func prefixesEndBetweenClustersAndNeverInWhitespace() {
        #expect(HostFunctions.prefix(of: flags + flags, width: 25, fontSize: 10) == flags.utf8.count / 2)
        #expect(HostFunctions.prefix(of: "ab" + family, width: 20, fontSize: 10) == 2)
        #expect(HostFunctions.prefix(of: family + family, width: 18, fontSize: 10) == family.utf8.count)
        #expect(HostFunctions.prefix(of: "Go \u{1F44D}\u{1F3FD}", width: 20, fontSize: 10) == 2)
        #expect(HostFunctions.prefix(of: "é\u{3000}x", width: 25, fontSize: 10) == "é".utf8.count)
        #expect(HostFunctions.prefix(of: "日本", width: 5, fontSize: 10) == 0)
        #expect(HostFunctions.prefix(of: "ab", width: 19, fontSize: 10) == 2)  // an exact fit fits
        #expect(HostFunctions.prefix(of: "ab", width: 18.9, fontSize: 10) == 1)
    }

    @Test func initialsTakeWholeClusters() {
        #expect(HostFunctions.initials(of: "design review meeting today", count: 3) == "DRM")
        #expect(HostFunctions.initials(of: "\u{1F1E9}\u{1F1EA} team", count: 3) == "\u{1F1E9}\u{1F1EA}T")
        #expect(HostFunctions.initials(of: "\(family) day", count: 3) == family + "D")
        #expect(HostFunctions.initials(of: "e\u{301}lan\u{3000}vital", count: 3) == "E\u{301}V")
        #expect(HostFunctions.initials(of: "  ", count: 3) == "")
        #expect(HostFunctions.initials(of: "a b", count: -1) == "")
    }

    @Test func trimmingDropsBlankClustersAndCollapsesWhitespace() {
        #expect(HostFunctions.trimmed("\u{A0}\u{200B} Café \u{3000}", collapse: false) == "Café")
        #expect(HostFunctions.trimmed("Café\u{2028}\tBerlin  Mitte\r\n", collapse: true) == "Café Berlin Mitte")
        #expect(HostFunctions.trimmed("Café  Berlin", collapse: false) == "Café  Berlin")
        #expect(HostFunctions.trimmed("\u{FEFF}\u{A0}\n", collapse: true) == "")
        #expect(HostFunctions.trimmed(" \(family) ", collapse: true) == family)
    }

    /// A sandboxed state with the helper modules and the host functions, as a presenter has.
    private func helperState(steps: Int = LuaLimits().steps) throws -> LuaState {
        let state = try LuaState(limits: LuaLimits(steps: steps, deadline: nil),
                                 sandbox: LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix))
        HostFunctions.install(in: state)
        return state
    }

    @Test func helpersReachTheHostFunctions() throws {
        let seen = try helperState().run("""
            local text = require "liverules.text"
            return { tostring(text.width("\(flags)", 10)), tostring(text.length("\(family)x")),
                     text.truncate("ab\(family)", 20, 10), text.value("\\u{A0} Sam \\u{3000}"),
                     text.initials("\(family) day") }
            """, chunkName: "text-host.lua", returning: [String].self)
        #expect(seen == ["20.0", "2", "ab…", "Sam", family + "D"])
    }

    /// Host work on a string is charged to the C work budget (the host function reports it,
    /// `LuaCall.charge`), four steps per byte: measuring a hundred different 4 KB strings (1.6 million steps, besides checking their UTF-8) spends a
    /// budget that building them and checking them alone would not.
    @Test func hostWorkIsCharged() throws {
        let build = """
            local text = require "liverules.text"
            local base = string.rep("é", 2000)
            for i = 1, 100 do local s = base .. i MEASURE end
            return "ok"
            """
        let state = try helperState(steps: 1_500_000)
        let built = try state.run(build.replacingOccurrences(of: "MEASURE", with: ""), chunkName: "build.lua", returning: String.self)
        #expect(built == "ok")
        let measuring = build.replacingOccurrences(of: "MEASURE", with: "text.width(s, 10)")
        do {
            _ = try helperState(steps: 1_500_000).run(measuring, chunkName: "measure.lua", returning: String.self)
            Issue.record("measuring fit in a budget of 1.5 million steps")
        } catch let error as LuaError {
            guard case .budget(.steps(1_500_000), _) = error else { Issue.record("unexpected \(error)"); return }
        }
        #expect(try helperState(steps: 3_000_000).run(measuring, chunkName: "measure.lua", returning: String.self) == "ok")
    }
}
