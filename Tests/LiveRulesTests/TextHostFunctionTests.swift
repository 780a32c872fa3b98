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

    /// Every ASCII character measures as the width model of the article *Placements and budgets*
    /// says (`lrl_ascii_advance`, which the native text functions and layout also measure by).
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
    /// `LuaCall.charge`), four steps per byte when it segments: measuring a hundred different
    /// 4 KB strings that are not simple text (an "e" and a combining accent, 1.6 million steps,
    /// besides checking their UTF-8) spends a budget that building them and checking them alone
    /// would not.
    @Test func hostWorkIsCharged() throws {
        let build = """
            local text = require "liverules.text"
            local base = string.rep("e\u{301}", 1334)
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

    /// The native functions on simple text give what the host's segmenting gives, and decline
    /// exactly the text that is not simple: random strings of ASCII, simple scalars (Latin,
    /// Arabic, punctuation, kana, ideographs) and scalars that are not simple (combining marks,
    /// "\r", a no-break space, a soft hyphen, "©", a prepended Arabic sign, an ideographic space,
    /// hangul, emoji and their selector, a line separator, a zero-width space), each measured, cut
    /// at random widths, counted and trimmed both ways.
    @Test func simpleTextNativesAgreeWithTheHost() throws {
        let simple = ["a", "M", " ", "\t", "\n", "1", ".", "é", "ß", "Ö", "¡", "·", "Ł", "ś", "ɏ", "ا", "ج", "ـ", "٣", "–", "—",
                      "’", "“", "…", "‧", "‐", "−", "✓", "の", "ン", "ー", "ヾ", "日", "鿿"]
        let other = ["\u{301}", "\r", "\u{A0}", "\u{AD}", "©", "®", "\u{1F1E9}\u{1F1EA}", "\u{2028}", "\u{200B}", "\u{80}", "€",
                     "→", "\u{600}", "\u{64B}", "\u{3099}", "\u{3000}", "한", "\u{FE0F}", "\u{1F600}", "・"]
        let state = try helperState()
        func native(_ name: String) throws -> LuaRef { try #require(state.global("liverules_host_text_simple_" + name)) }
        let units = try native("units"), prefix = try native("prefix"), length = try native("length"), trim = try native("trim")
        var random = SplitMix64(seed: 45)
        var agreed = 0, declined = 0
        for _ in 0..<3_000 {
            var pieces: [String] = []
            var isSimple = true
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if Int.random(in: 0..<10, using: &random) == 0 {
                    pieces.append(other.randomElement(using: &random)!)
                    isSimple = false
                } else {
                    pieces.append(simple.randomElement(using: &random)!)
                }
            }
            let text = pieces.joined()
            let width = Double(Int.random(in: 0...2_000, using: &random)) / 10, fontSize = [10.0, 13, 15.5].randomElement(using: &random)!
            let measured = try state.call(units, text, returning: Int?.self)
            let cut = try state.call(prefix, text, width, fontSize, returning: Int?.self)
            let count = try state.call(length, text, returning: Int?.self)
            let kept = try state.call(trim, text, false, returning: String?.self)
            let collapsed = try state.call(trim, text, true, returning: String?.self)
            guard isSimple else {
                #expect([measured, cut, count].allSatisfy { $0 == nil } && kept == nil && collapsed == nil, "\(Array(text.unicodeScalars))")
                declined += 1
                continue
            }
            #expect(measured == HostFunctions.units(of: text), "\(text)")
            #expect(cut == HostFunctions.prefix(of: text, width: width, fontSize: fontSize), "\(text) at \(width)")
            #expect(count == text.count, "\(text)")
            #expect(kept == HostFunctions.trimmed(text, collapse: false), "\(text)")
            #expect(collapsed == HostFunctions.trimmed(text, collapse: true), "\(text)")
            agreed += 1
        }
        #expect(agreed > 1_000 && declined > 1_000)
        // A rule may call them directly: bytes that are not valid UTF-8 (a lone continuation byte,
        // a cut sequence, an overlong form of "ء" and of "é") are not simple text either.
        let invalid = try state.run(#"""
            local seen = {}
            for _, s in ipairs({ "a\x80", "\xC3", "\xE2\x80", "\xE0\x98\xA1", "\xE0\x83\xA9", "\xC0\xA1" }) do
              seen[#seen + 1] = liverules_host_text_simple_units(s) == nil and liverules_host_text_simple_length(s) == nil
            end
            return seen
            """#, chunkName: "invalid.lua", returning: [Bool].self)
        #expect(invalid == Array(repeating: true, count: 6))
    }

    /// Simple text is measured natively at one step per byte: a hundred different 4 KB strings
    /// of "é" fit a budget that the same strings segmented (`hostWorkIsCharged`) do not.
    @Test func simpleTextIsChargedAStepPerByte() throws {
        let measuring = """
            local text = require "liverules.text"
            local base = string.rep("é", 2000)
            for i = 1, 100 do local s = base .. i text.width(s, 10) end
            return "ok"
            """
        #expect(try helperState(steps: 1_500_000).run(measuring, chunkName: "measure.lua", returning: String.self) == "ok")
    }
}
