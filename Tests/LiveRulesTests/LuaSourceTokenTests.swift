@testable import LiveRules
import Testing

/// The tokenizer error messages read rules with: positions in UTF-8 bytes, comments and long
/// strings skipped over, and no text that stops it early.
@Suite struct LuaSourceTokenTests {
    @Test func tokensCarryTheirLineAndByteColumn() {
        let source = "local t = { \"é\", [[a\nb]] } -- note\n--[==[ long\ncomment ]==] x = t.y >= 1.5e+3 .. 'q'\n"
        let tokens = LuaSourceToken.tokens(of: source).map { "\($0.line):\($0.column) \($0.text)" }
        #expect(tokens == [
            "1:1 local", "1:7 t", "1:9 =", "1:11 {", "1:13 é", "1:17 ,", "1:19 a\nb", "2:5 }",
            "4:14 x", "4:16 =", "4:18 t", "4:19 .", "4:20 y", "4:22 >=", "4:25 1.5e+3", "4:32 ..", "4:35 q",
        ])
    }

    @Test func bytesLuaRefusesAreOneByteSymbolsAndUnfinishedTextEndsTheList() {
        #expect(LuaSourceToken.tokens(of: "a ¿\nb").map { "\($0.line):\($0.column)" } == ["1:1", "1:3", "1:4", "2:1"])
        #expect(LuaSourceToken.tokens(of: "x = \"never closed\ny = 1").map(\.text) == ["x", "="])
        #expect(LuaSourceToken.tokens(of: "s = [==[ open").map(\.text) == ["s", "="])
    }
}
