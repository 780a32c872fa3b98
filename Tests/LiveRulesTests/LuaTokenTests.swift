@testable import LiveRules
import Testing

/// The one Lua tokenizer, which error messages and the host's static checks read: positions in
/// UTF-8 bytes, comments and long brackets of every level skipped over, strings both as written
/// and as Lua reads them, and text Lua refuses never stopping it.
@Suite struct LuaTokenTests {
    /// `line:column kind text`, one per token.
    static func tokens(_ source: String) -> [String] {
        LuaToken.tokens(of: source).map { "\($0.line):\($0.column) \($0.kind) \($0.text)" }
    }

    @Test func tokensCarryTheirLineAndByteColumn() {
        let source = "local t = { \"é\", [[a\nb]] } -- note\n--[==[ long\ncomment ]==] x = t.y >= 1.5e+3 .. 'q'\n"
        let tokens = LuaToken.tokens(of: source).map { "\($0.line):\($0.column) \($0.text)" }
        #expect(tokens == [
            "1:1 local", "1:7 t", "1:9 =", "1:11 {", "1:13 é", "1:17 ,", "1:19 a\nb", "2:5 }",
            "4:14 x", "4:16 =", "4:18 t", "4:19 .", "4:20 y", "4:22 >=", "4:25 1.5e+3", "4:32 ..", "4:35 q",
        ])
    }

    @Test func keywordsAreNotNames() {
        #expect(Self.tokens("local function f(self) return nil end") == [
            "1:1 keyword local", "1:7 keyword function", "1:16 name f", "1:17 symbol (", "1:18 name self",
            "1:22 symbol )", "1:24 keyword return", "1:31 keyword nil", "1:35 keyword end",
        ])
        #expect(Self.tokens("goto_ _end") == ["1:1 name goto_", "1:7 name _end"])
    }

    @Test func longBracketsCloseOnlyAtTheirOwnLevel() {
        let source = "a = [==[ x ]] ]=] ]===] ]==] --[=[ skipped ]] \"not a string\"\n]=] b --[ a line comment ]]\nc"
        #expect(Self.tokens(source) == ["1:1 name a", "1:3 symbol =", "1:5 string  x ]] ]=] ]===] ", "2:5 name b", "3:1 name c"])
    }

    @Test func aLongStringsValueLeavesOutItsFirstLineBreakAndItsLinesAreCounted() {
        let tokens = LuaToken.tokens(of: "s = [[\nfirst\nsecond]] t = [=[\r\nx]=]\n--[[\n\n]] u")
        #expect(tokens.map(\.text) == ["s", "=", "\nfirst\nsecond", "t", "=", "\r\nx", "u"])
        #expect(tokens.map(\.value) == ["s", "=", "first\nsecond", "t", "=", "x", "u"])
        #expect(tokens.map { "\($0.line):\($0.column)" } == ["1:1", "1:3", "1:5", "3:10", "3:12", "3:14", "7:4"])
    }

    @Test func numeralsKeepTheirSignOnlyAfterTheirOwnExponentMark() {
        #expect(Self.tokens("0x1F 0xA.8p-2 1.5E+10 .5 3e2 7 0xe+1 1e-3+2") == [
            "1:1 number 0x1F", "1:6 number 0xA.8p-2", "1:15 number 1.5E+10", "1:23 number .5", "1:26 number 3e2",
            "1:30 number 7", "1:32 number 0xe", "1:35 symbol +", "1:36 number 1", "1:38 number 1e-3", "1:42 symbol +",
            "1:43 number 2",
        ])
        #expect(Self.tokens("3px a.b") == ["1:1 number 3px", "1:5 name a", "1:6 symbol .", "1:7 name b"])
    }

    @Test func stringsKeepTheirEscapesAsWrittenAndDecodedInTheirValue() {
        let source = #"x = "a\"b", 'c\'d\\', "\n\t\a\r", "\65\066\0677", "\x41\u{E9}\u{1F600}", "\q\x4""#
        let strings = LuaToken.tokens(of: source).filter { $0.kind == .string }
        #expect(strings.map(\.text) == [#"a\"b"#, #"c\'d\\"#, #"\n\t\a\r"#, #"\65\066\0677"#, #"\x41\u{E9}\u{1F600}"#, #"\q\x4"#])
        #expect(strings.map(\.value) == ["a\"b", "c'd\\", "\n\t\u{07}\r", "ABC7", "Aé😀", "qx4"])
    }

    @Test func escapedLineBreaksCountAsLines() {
        let tokens = LuaToken.tokens(of: "a = \"x\\\ny\" b = 'p\\z  \n\n   q' c")
        #expect(tokens.map { "\($0.line):\($0.column) \($0.value)" } == ["1:1 a", "1:3 =", "1:5 x\ny", "2:4 b", "2:6 =", "2:8 pq", "4:7 c"])
    }

    @Test func multiByteSymbolsAreOneTokenLongestFirst() {
        let symbols = LuaToken.tokens(of: "a...b..c==d~=e<=f>=g//h::i<<j>>k<l>m~n=o/p:q#r[s]").filter { $0.kind == .symbol }.map(\.text)
        #expect(symbols == ["...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>", "<", ">", "~", "=", "/", ":", "#", "[", "]"])
    }

    @Test func onlyStringsAreNeverWhatTheySpell() {
        let tokens = LuaToken.tokens(of: "end 'end' ( \"(\"")
        #expect(tokens.map { $0.is("end") } == [true, false, false, false])
        #expect(tokens.map { $0.is("(") } == [false, false, true, false])
    }

    @Test func bytesLuaRefusesAreOneByteSymbolsAndSpacesAreSkipped() {
        #expect(LuaToken.tokens(of: "a ¿\nb").map { "\($0.line):\($0.column)" } == ["1:1", "1:3", "1:4", "2:1"])
        #expect(LuaToken.tokens(of: "a\u{0B}\u{0C}\r\tb").map(\.text) == ["a", "b"])
    }

    @Test func unfinishedStringsAreMarkedAndWhatFollowsIsStillRead() {
        let quoted = LuaToken.tokens(of: "x = \"never closed\ny = 1")
        #expect(quoted.map(\.text) == ["x", "=", "never closed", "y", "=", "1"])
        #expect(quoted.map(\.isUnfinished) == [false, false, true, false, false, false])
        #expect(quoted.last.map { "\($0.line):\($0.column)" } == "2:5")
        let long = LuaToken.tokens(of: "s = [==[\n open ]=]")
        #expect(long.map(\.value) == ["s", "=", " open ]=]"])
        #expect(long.last?.isUnfinished == true)
    }

    @Test func errorMessagesReadNoTokenFromAnUnfinishedStringOn() {
        let sources = RuleSources(pack: ["a.lua": "x = \"never closed\ny = 1", "b.lua": "s = [==[ open", "c.lua": "t = 'ok' u"])
        #expect(sources.tokens(of: "a.lua").map(\.text) == ["x", "="])
        #expect(sources.tokens(of: "b.lua").map(\.text) == ["s", "="])
        #expect(sources.tokens(of: "c.lua").map(\.text) == ["t", "=", "ok", "u"])
    }
}
