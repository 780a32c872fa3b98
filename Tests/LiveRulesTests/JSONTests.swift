import Foundation
import Testing
@testable import LiveRules

private func parse(_ text: String) throws -> JSONDocument {
    try JSONParser.parse(text)
}

private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
}

private func nested(depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

@Suite struct JSONParserTests {
    @Test func scalars() throws {
        #expect(try parse("null").value == .null)
        #expect(try parse("true").value == .bool(true))
        #expect(try parse("false").value == .bool(false))
        #expect(try parse(#""tomorrow""#).value == .string("tomorrow"))
        #expect(try parse(" \t\r\n 42 \n").value == .integer(42))
    }

    @Test func integersAndNumbers() throws {
        #expect(try parse("0").value == .integer(0))
        #expect(try parse("-0").value == .integer(0))
        #expect(try parse("-7").value == .integer(-7))
        #expect(try parse("2.50").value == .number(2.5))
        #expect(try parse("1e2").value == .number(100))
        #expect(try parse("1E+2").value == .number(100))
        #expect(try parse("-2.5e-3").value == .number(-0.0025))
        #expect(try parse("1.0").value == .number(1))
        #expect(try parse("1e-400").value == .number(0))
    }

    @Test func int64Limits() throws {
        #expect(try parse("9223372036854775807").value == .integer(.max))
        #expect(try parse("-9223372036854775808").value == .integer(.min))
        #expect(try parse("9223372036854775808").value == .number(0x1p63))
        #expect(try parse("-9223372036854775809").value == .number(-0x1p63))
        #expect(try parse("1" + String(repeating: "0", count: 30)).value == .number(1e30))
    }

    @Test func numbersOverflowingToInfinityAreRejected() {
        #expect(syntaxError("1e400") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "number 1e400 is out of range"))
        #expect(syntaxError("[0, -1.5e999]") == JSONSyntaxError(position: .init(line: 1, column: 5), message: "number -1.5e999 is out of range"))
    }

    @Test func stringEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#).value == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        #expect(try parse(#""\u00e9\u00C9\u0000""#).value == .string("éÉ\u{0}"))
        #expect(try parse(#""\uD83D\uDE00""#).value == .string("😀"))
        #expect(try parse(#""a\ud834\udd1eb""#).value == .string("a𝄞b"))
        #expect(try parse("\"é😀\u{7F}\"").value == .string("é😀\u{7F}"))
    }

    @Test func positionsOfNestedValues() throws {
        let text = """
        {
          "name": "demo",
          "rules": [
            {"id": 1, "when": null},
            [true, "x"]
          ],
          "odd key": {"a b": 2.5}
        }
        """
        let document = try parse(text)
        let expected: [String: SourcePosition] = [
            "": .init(line: 1, column: 1),
            "name": .init(line: 2, column: 11),
            "rules": .init(line: 3, column: 12),
            "rules[0]": .init(line: 4, column: 5),
            "rules[0].id": .init(line: 4, column: 12),
            "rules[0].when": .init(line: 4, column: 23),
            "rules[1]": .init(line: 5, column: 5),
            "rules[1][0]": .init(line: 5, column: 6),
            "rules[1][1]": .init(line: 5, column: 12),
            #"["odd key"]"#: .init(line: 7, column: 14),
            #"["odd key"]["a b"]"#: .init(line: 7, column: 22),
        ]
        #expect(document.positions.count == expected.count)
        for (path, position) in expected { #expect(document.positions[path] == position, "\(path)") }
        #expect(document.value["rules"] == .array([.object(["id": .integer(1), "when": .null]), .array([.bool(true), .string("x")])]))
    }

    @Test func columnsCountBytesAndLinesEndAtLineFeed() throws {
        let document = try parse(#"{"é": "ü", "k": 1}"#)
        #expect(document.positions["k"] == SourcePosition(line: 1, column: 19))
        #expect(document.positions["é"] == nil)
        #expect(document.positions[#"["é"]"#] == SourcePosition(line: 1, column: 8))
        let crlf = try parse("\r\n [\r\n1]").positions
        #expect(crlf.count == 2 && crlf[""] == .init(line: 2, column: 2) && crlf["[0]"] == .init(line: 3, column: 1))
    }

    @Test func acceptsDataAndByteInput() throws {
        #expect(try JSONParser.parse(Data("[1]".utf8)).value == .array([.integer(1)]))
        #expect(try JSONParser.parse([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]).value == .string("😀"))
    }

    @Test func duplicateKeys() throws {
        #expect(syntaxError(#"{"start": 1, "start": 2}"#) == JSONSyntaxError(position: .init(line: 1, column: 14), message: #"duplicate key "start""#))
        #expect(syntaxError("{\"a\": {\n  \"x\": 1,\n  \"y\": 2,\n  \"x\": 3\n}}")?.description == #"4:3: duplicate key "x""#)
        // Keys are Swift strings: canonically equivalent spellings are the same key.
        #expect(syntaxError("{\"\u{E9}\": 1, \"e\u{301}\": 2}")?.position == SourcePosition(line: 1, column: 11))
        #expect(try parse(#"{"a": {"a": 1}, "b": [{"a": 2}]}"#).value["a"] == .object(["a": .integer(1)]))
    }

    @Test func trailingCommas() {
        #expect(syntaxError("[1, 2,]") == JSONSyntaxError(position: .init(line: 1, column: 6), message: "trailing comma in array"))
        #expect(syntaxError("{\"a\": 1,\n}") == JSONSyntaxError(position: .init(line: 1, column: 8), message: "trailing comma in object"))
        #expect(syntaxError("[,]") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "expected a value"))
        #expect(syntaxError("{,}") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "expected string for object key"))
    }

    @Test func comments() {
        #expect(syntaxError("[1] // note") == JSONSyntaxError(position: .init(line: 1, column: 5), message: "comments are not allowed"))
        #expect(syntaxError("/* c */ 1") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "comments are not allowed"))
        #expect(syntaxError(#"{"a": 1 /* x */}"#) == JSONSyntaxError(position: .init(line: 1, column: 9), message: "comments are not allowed"))
        #expect(syntaxError("[1, // x\n2]") == JSONSyntaxError(position: .init(line: 1, column: 5), message: "comments are not allowed"))
    }

    @Test func malformedNumbers() {
        #expect(syntaxError("01") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "leading zeros are not allowed"))
        #expect(syntaxError("[-012]") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "leading zeros are not allowed"))
        #expect(syntaxError("00.5") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "leading zeros are not allowed"))
        #expect(syntaxError("-") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "expected digit after '-'"))
        #expect(syntaxError("1.") == JSONSyntaxError(position: .init(line: 1, column: 3), message: "expected digit after decimal point"))
        #expect(syntaxError("1.e5") == JSONSyntaxError(position: .init(line: 1, column: 3), message: "expected digit after decimal point"))
        #expect(syntaxError("1e+") == JSONSyntaxError(position: .init(line: 1, column: 4), message: "expected digit in exponent"))
        #expect(syntaxError(".5") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "expected a value"))
        #expect(syntaxError("+1") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "expected a value"))
        #expect(syntaxError("0x10") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "unexpected data after top-level value"))
    }

    @Test func loneSurrogates() {
        #expect(syntaxError(#""\uD800""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"unpaired surrogate \uD800"#))
        #expect(syntaxError(#""\udc00""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"unpaired surrogate \uDC00"#))
        #expect(syntaxError(#""ab\uD83Dx""#) == JSONSyntaxError(position: .init(line: 1, column: 4), message: #"unpaired surrogate \uD83D"#))
        #expect(syntaxError(#""\uD83D\u0041""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"unpaired surrogate \uD83D"#))
        #expect(syntaxError(#""\uD83D\uD83D""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"unpaired surrogate \uD83D"#))
        #expect(syntaxError(#""\uD83D\u12""#) == JSONSyntaxError(position: .init(line: 1, column: 8), message: #"invalid \u escape, expected 4 hex digits"#))
    }

    @Test func invalidEscapes() {
        #expect(syntaxError(#""\x""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"invalid escape sequence '\x'"#))
        #expect(syntaxError(#""\u12G4""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"invalid \u escape, expected 4 hex digits"#))
        #expect(syntaxError(#""\U0041""#) == JSONSyntaxError(position: .init(line: 1, column: 2), message: #"invalid escape sequence '\U'"#))
    }

    @Test func invalidUTF8() {
        let quote: UInt8 = 0x22
        let cases: [(bytes: [UInt8], column: Int)] = [
            ([quote, 0x61, 0xFF, quote], 3),               // never valid
            ([quote, 0xC0, 0xAF, quote], 2),               // overlong '/'
            ([quote, 0xE0, 0x80, 0xAF, quote], 2),         // overlong three-byte form
            ([quote, 0xED, 0xA0, 0x80, quote], 2),         // encoded surrogate U+D800
            ([quote, 0xF4, 0x90, 0x80, 0x80, quote], 2),   // above U+10FFFF
            ([quote, 0xE2, 0x82, quote], 2),               // truncated sequence
            ([quote, 0x80, quote], 2),                     // stray continuation byte
            ([quote, 0xC3], 2),                            // truncated at end of input
        ]
        for (bytes, column) in cases {
            #expect(syntaxError(bytes) == JSONSyntaxError(position: .init(line: 1, column: column), message: "invalid UTF-8"), "\(bytes)")
        }
        #expect(syntaxError([0xEF, 0xBB, 0xBF, 0x31]) == JSONSyntaxError(position: .init(line: 1, column: 1), message: "expected a value"))
    }

    @Test func controlCharactersInStrings() {
        #expect(syntaxError("\"a\tb\"") == JSONSyntaxError(position: .init(line: 1, column: 3), message: "unescaped control character U+0009 in string"))
        #expect(syntaxError("[\"line\nnext\"]") == JSONSyntaxError(position: .init(line: 1, column: 7), message: "unescaped control character U+000A in string"))
        #expect(syntaxError([0x22, 0x00, 0x22]) == JSONSyntaxError(position: .init(line: 1, column: 2), message: "unescaped control character U+0000 in string"))
    }

    @Test func unterminatedStrings() {
        #expect(syntaxError("[\"abc") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "unterminated string"))
        #expect(syntaxError("\n  \"abc\\") == JSONSyntaxError(position: .init(line: 2, column: 3), message: "unterminated string"))
    }

    @Test func dataAfterTopLevelValue() {
        #expect(syntaxError("1 2") == JSONSyntaxError(position: .init(line: 1, column: 3), message: "unexpected data after top-level value"))
        #expect(syntaxError("{}\n x") == JSONSyntaxError(position: .init(line: 2, column: 2), message: "unexpected data after top-level value"))
        #expect(syntaxError("[1]]") == JSONSyntaxError(position: .init(line: 1, column: 4), message: "unexpected data after top-level value"))
        #expect(syntaxError("truex") == JSONSyntaxError(position: .init(line: 1, column: 5), message: "unexpected data after top-level value"))
    }

    @Test func structuralErrors() {
        #expect(syntaxError("") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "unexpected end of input, expected a value"))
        #expect(syntaxError("  \n ") == JSONSyntaxError(position: .init(line: 2, column: 2), message: "unexpected end of input, expected a value"))
        #expect(syntaxError(#"{"a" 1}"#) == JSONSyntaxError(position: .init(line: 1, column: 6), message: "expected ':' after object key"))
        #expect(syntaxError("{1: 2}") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "expected string for object key"))
        #expect(syntaxError("[1 2]") == JSONSyntaxError(position: .init(line: 1, column: 4), message: "expected ',' or ']' after array element"))
        #expect(syntaxError(#"{"a": 1 "b": 2}"#) == JSONSyntaxError(position: .init(line: 1, column: 9), message: "expected ',' or '}' after object member"))
        #expect(syntaxError(#"{"a": 1"#) == JSONSyntaxError(position: .init(line: 1, column: 8), message: "expected ',' or '}' after object member"))
        #expect(syntaxError(#"{"a": }"#) == JSONSyntaxError(position: .init(line: 1, column: 7), message: "expected a value"))
        #expect(syntaxError("[tru]") == JSONSyntaxError(position: .init(line: 1, column: 2), message: "invalid literal, expected 'true'"))
        #expect(syntaxError("nul") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "invalid literal, expected 'null'"))
        #expect(syntaxError("False") == JSONSyntaxError(position: .init(line: 1, column: 1), message: "expected a value"))
    }

    @Test func nestingLimit() throws {
        let deepest = try parse(nested(depth: InputLimits.jsonDepth))
        #expect(deepest.positions.count == 512)
        #expect(syntaxError(nested(depth: 513)) == JSONSyntaxError(position: .init(line: 1, column: 513), message: "nesting deeper than 512 levels"))
        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(syntaxError(objects) == JSONSyntaxError(position: .init(line: 1, column: 2561), message: "nesting deeper than 512 levels"))
    }

    @Test func errorDescription() {
        #expect(syntaxError("[\n  1,\n  2,\n]")?.description == "3:4: trailing comma in array")
    }
}

@Suite struct JSONPathTests {
    @Test func members() {
        #expect(JSONPath.member("a", in: JSONPath.root) == "a")
        #expect(JSONPath.member("b", in: "a") == "a.b")
        #expect(JSONPath.member("_x9", in: "a[0]") == "a[0]._x9")
        #expect(JSONPath.member("odd key", in: "a") == #"a["odd key"]"#)
        #expect(JSONPath.member("9lives", in: "") == #"["9lives"]"#)
        #expect(JSONPath.member("", in: "a") == #"a[""]"#)
        #expect(JSONPath.member("é", in: "a") == #"a["é"]"#)
        #expect(JSONPath.member("a.b", in: "") == #"["a.b"]"#)
        #expect(JSONPath.member("say \"hi\"", in: "") == #"["say \"hi\""]"#)
    }

    @Test func elements() {
        #expect(JSONPath.element(0, in: JSONPath.root) == "[0]")
        #expect(JSONPath.element(12, in: "a.b") == "a.b[12]")
    }
}

@Suite struct JSONWriterTests {
    private let sample: JSONValue = .object([
        "b": .array([.integer(1), .number(2.5), .array([]), .object([:]), .string("x")]),
        "a": .object(["z": .null, "y": .bool(true)]),
        "c": .integer(-3),
    ])

    @Test func canonicalExactBytes() throws {
        let expected = """
        {
          "a": {
            "y": true,
            "z": null
          },
          "b": [
            1,
            2.5,
            [],
            {},
            "x"
          ],
          "c": -3
        }

        """
        #expect(try JSONWriter.canonical(sample) == expected)
        #expect(try JSONWriter.canonical(.integer(5)) == "5\n")
        #expect(try JSONWriter.canonical(.array([])) == "[]\n")
        #expect(try JSONWriter.canonical(.object([:])) == "{}\n")
        #expect(try JSONWriter.canonical(.array([.array([.null])])) == "[\n  [\n    null\n  ]\n]\n")
    }

    @Test func keysSortByUTF8Bytes() throws {
        // U+212B sorts after U+00C6 by bytes, but before it under String's canonical ordering;
        // U+1F600 sorts after U+FFFD by bytes, but before it in UTF-16.
        let keys = ["😀", "\u{FFFD}", "\u{212B}", "\u{C6}", "é", "z", "b", "aa", "a", "Z", ""]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }))
        let expectedOrder = ["", "Z", "a", "aa", "b", "z", "\u{C6}", "é", "\u{212B}", "\u{FFFD}", "😀"]
        let expected = "{\n" + expectedOrder.map { "  " + JSONWriter.quoted($0) + ": null" }.joined(separator: ",\n") + "\n}\n"
        #expect(try JSONWriter.canonical(value) == expected)
    }

    @Test func stringEscaping() {
        let text = "q\"b\\s/n\nr\rt\tb\u{08}f\u{0C}\u{01}\u{1F}\u{7F}é😀\u{0}"
        #expect(JSONWriter.quoted(text) == #""q\"b\\s/n\nr\rt\tb\bf\f\u0001\u001f\u007fé😀\u0000""#)
    }

    @Test func numberFormatting() throws {
        let cases: [(Double, String)] = [
            (80, "80"),
            (-0.0, "0"),
            (0, "0"),
            (-2.5, "-2.5"),
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (1.5e300, "1.5e+300"),
            (9_007_199_254_740_991, "9007199254740991"),
            (-9_007_199_254_740_991, "-9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992.0"),
            (1e20, "1e+20"),
        ]
        for (number, text) in cases {
            #expect(try JSONWriter.canonical(.number(number)) == text + "\n")
        }
    }

    @Test func writtenNumbersAreValidJSONAndRoundTrip() throws {
        let numbers: [Double] = [
            0.1, -0.3, 1e-5, 1.5e300, -1.5e-300, 123_456.789, 1e16, 2e53,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        ]
        for number in numbers {
            let reparsed = try JSONParser.parse(JSONWriter.canonical(.number(number))).value
            #expect(reparsed == .number(number), "\(number)")
        }
        #expect(try JSONParser.parse(JSONWriter.canonical(.number(80))).value == .integer(80))
    }

    @Test func nonFiniteNumbersThrowWithPath() {
        let value = JSONValue.object(["a": .array([.integer(1), .number(.nan)])])
        #expect(throws: JSONWriter.NonFiniteNumberError.self) { try JSONWriter.canonical(value) }
        do {
            _ = try JSONWriter.canonical(value)
        } catch {
            #expect(error.path == "a[1]")
            #expect(error.description == "cannot write non-finite number nan at a[1]")
        }
        do {
            _ = try JSONWriter.canonical(.object(["odd key": .number(-.infinity)]))
        } catch {
            #expect(error.path == #"["odd key"]"#)
        }
        #expect(throws: JSONWriter.NonFiniteNumberError.self) { try JSONWriter.canonical(.number(.infinity)) }
    }

    @Test func roundTripParseWriteParse() throws {
        let text = #"""
        {"name": "r\u00e9gle \"1\"\n", "limits": [9223372036854775807, -9223372036854775808, 0, 1e-7, 2.5, -1.25e+200],
         "nested": {"odd key": [[], {}, [null, true, false]], "": "\ud83d\ude00", "é": "\u007f\u0001/"},
         "flags": {"b": 1, "a": 2, "B": 3}}
        """#
        let first = try JSONParser.parse(text).value
        let canonical = try JSONWriter.canonical(first)
        let second = try JSONParser.parse(canonical).value
        #expect(second == first)
        #expect(try JSONWriter.canonical(second) == canonical)
    }

    @Test func canonicalTextIsAFixedPoint() throws {
        let value = JSONValue.array([.number(80), .number(-0.0), .number(1e300)])
        let canonical = try JSONWriter.canonical(value)
        #expect(canonical == "[\n  80,\n  0,\n  1e+300\n]\n")
        #expect(try JSONWriter.canonical(JSONParser.parse(canonical).value) == canonical)
    }

    @Test func deepestDocumentRoundTrips() throws {
        let value = try JSONParser.parse(nested(depth: InputLimits.jsonDepth)).value
        #expect(try JSONParser.parse(JSONWriter.canonical(value)).value == value)
    }
}

@Suite struct JSONValueTests {
    @Test func subscriptByKey() {
        let value = JSONValue.object(["a": .integer(1)])
        #expect(value["a"] == .integer(1))
        #expect(value["b"] == nil)
        #expect(JSONValue.array([.integer(1)])["a"] == nil)
    }

    @Test func brief() {
        #expect(JSONValue.string("tomorrow").brief == #""tomorrow""#)
        #expect(JSONValue.string("a\nb").brief == #""a\nb""#)
        let long = JSONValue.string(String(repeating: "x", count: 100)).brief
        #expect(long == "\"" + String(repeating: "x", count: 37) + "…\"")
        #expect(long.count == 40)
        #expect(JSONValue.string(String(repeating: "y", count: 38)).brief.count == 40)
        #expect(JSONValue.null.brief == "null")
        #expect(JSONValue.bool(false).brief == "false")
        #expect(JSONValue.integer(-3).brief == "-3")
        #expect(JSONValue.number(2.5).brief == "2.5")
        #expect(JSONValue.number(.nan).brief == "nan")
        #expect(JSONValue.array([.null, .null, .null]).brief == "[… 3 elements]")
        #expect(JSONValue.array([.null]).brief == "[… 1 element]")
        #expect(JSONValue.array([]).brief == "[]")
        #expect(JSONValue.object(["a": .null]).brief == "{… 1 member}")
        #expect(JSONValue.object(["a": .null, "b": .null]).brief == "{… 2 members}")
        #expect(JSONValue.object([:]).brief == "{}")
    }

    @Test func encodableWritesEveryCase() throws {
        let value = JSONValue.object([
            "odd key": .array([.null, .bool(true), .integer(.min), .number(0.5), .string("s")]),
            "": .object(["x": .object([:])]),
        ])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONParser.parse(data).value == value)
    }
}

/// Identity, what reusing a pushed fixture compares: the same bytes and bits, where `==` also
/// takes canonically equivalent text and 0 and -0 for the same.
@Suite struct JSONIdentityTests {
    @Test func identityIsBytesAndBits() {
        let composed = JSONValue.string("Caf\u{E9}"), decomposed = JSONValue.string("Cafe\u{301}")
        let pairs: [(JSONValue, JSONValue, identical: Bool)] = [
            (composed, decomposed, false),
            (.number(0), .number(-0.0), false),
            (.object(["Caf\u{E9}": .null]), .object(["Cafe\u{301}": .null]), false),
            (.array([composed]), .array([decomposed]), false),
            (.object(["a": .array([.integer(1), .number(2.5), composed])]), .object(["a": .array([.integer(1), .number(2.5), composed])]), true),
            (.integer(1), .number(1), false),
            (.string(""), .string(""), true),
            (.string("a long string that is not stored inline"), .string("a long string that is not stored " + "inline"), true),
            (.string("a long string that is not stored inline"), .string("a long string that is not stored inlinE"), false),
            (.object(["a": .null]), .object(["a": .null, "b": .null]), false),
        ]
        for (a, b, identical) in pairs {
            #expect(a.isIdentical(to: b) == identical, "\(a) / \(b)")
            #expect(b.isIdentical(to: a) == identical, "\(b) / \(a)")
            if !identical, a == b { continue }  // equal to `==` yet not identical: the case identity exists for
            #expect(identical == (a == b), "\(a) / \(b)")
        }
    }
}
