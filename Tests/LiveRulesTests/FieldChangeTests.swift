import Testing
@testable import LiveRules

@Suite struct FieldChangeTests {
    private static func descriptions(_ old: JSONValue, _ new: JSONValue) -> [String] {
        FieldChange.between(old, new).map(\.description)
    }

    private static func layout(text: String, version: Int64) -> JSONValue {
        .object([
            "layout": .object([
                "islandMinimal": .object([
                    "fields": .array([.object(["text": .string(text)]), .object(["text": .string("min")])]),
                ]),
            ]),
            "version": .integer(version),
        ])
    }

    @Test func nestedChanges() {
        let changes = FieldChange.between(Self.layout(text: "12m", version: 1), Self.layout(text: "11m", version: 2))
        #expect(changes == [
            FieldChange(path: "layout.islandMinimal.fields[0].text", kind: .changed, old: .string("12m"), new: .string("11m")),
            FieldChange(path: "version", kind: .changed, old: .integer(1), new: .integer(2)),
        ])
        #expect(changes.map(\.description) == [
            #"layout.islandMinimal.fields[0].text: "12m" → "11m""#,
            "version: 1 → 2",
        ])
    }

    @Test func equalValuesHaveNoChanges() {
        #expect(FieldChange.between(Self.layout(text: "a", version: 1), Self.layout(text: "a", version: 1)).isEmpty)
        #expect(FieldChange.between(.integer(3), .number(3.0)).isEmpty)
        #expect(Self.descriptions(.integer(9_007_199_254_740_993), .number(9_007_199_254_740_992))
            == ["(root): 9007199254740993 → 9007199254740992.0"])
    }

    @Test func addedAndRemovedMembers() {
        let changes = FieldChange.between(
            .object(["a": .integer(1), "b": .string("x")]),
            .object(["a": .integer(1), "c": .bool(true)])
        )
        #expect(changes == [
            FieldChange(path: "b", kind: .removed, old: .string("x"), new: nil),
            FieldChange(path: "c", kind: .added, old: nil, new: .bool(true)),
        ])
        #expect(changes.map(\.description) == [#"b: removed "x""#, "c: added true"])
    }

    @Test func arrayGrowth() {
        let old = JSONValue.object(["items": .array([.integer(1), .integer(2)])])
        let new = JSONValue.object(["items": .array([.integer(1), .integer(5), .integer(3), .null])])
        #expect(Self.descriptions(old, new) == ["items[1]: 2 → 5", "items[2]: added 3", "items[3]: added null"])
    }

    @Test func arrayShrink() {
        let changes = FieldChange.between(.array([.integer(1), .string("two"), .integer(3)]), .array([.integer(1)]))
        #expect(changes.map(\.path) == ["[1]", "[2]"])
        #expect(changes.map(\.kind) == [.removed, .removed])
        #expect(changes.map(\.description) == [#"[1]: removed "two""#, "[2]: removed 3"])
    }

    @Test func arraysOfIdentifiedObjectsCompareByIndex() {
        let first = JSONValue.object(["id": .string("a"), "value": .integer(1)])
        let second = JSONValue.object(["id": .string("b"), "value": .integer(1)])
        #expect(Self.descriptions(.array([first, second]), .array([second, first])) == [
            #"[0].id: "a" → "b""#,
            #"[1].id: "b" → "a""#,
        ])
    }

    @Test func typeChanges() {
        #expect(Self.descriptions(.object(["count": .string("12")]), .object(["count": .integer(12)]))
            == [#"count: "12" → 12"#])
        #expect(Self.descriptions(
            .object(["x": .object(["a": .integer(1)])]),
            .object(["x": .array([.integer(1), .number(2.5)])])
        ) == [#"x: {"a":1} → [1,2.5]"#])
        #expect(Self.descriptions(.object(["flag": .null]), .object(["flag": .bool(false)])) == ["flag: null → false"])
    }

    @Test func root() {
        let changes = FieldChange.between(.integer(1), .string("a"))
        #expect(changes == [FieldChange(path: "", kind: .changed, old: .integer(1), new: .string("a"))])
        #expect(changes.map(\.description) == [#"(root): 1 → "a""#])
        #expect(Self.descriptions(.array([]), .object([:])) == ["(root): [] → {}"])
    }

    @Test func keysInUTF8OrderWithQuotedPaths() {
        // "e\u{301}" precedes "f" by UTF-8 bytes but follows it in `String` order.
        let keys = ["b", "a", "z1", "f", "e\u{301}", "B", "_", "odd key", "1st"]
        let old = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.integer(0)) }))
        let new = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.integer(1)) }))
        let expected = [#"["1st"]"#, "B", "_", "a", "b", "[\"e\u{301}\"]", "f", #"["odd key"]"#, "z1"]
        #expect(FieldChange.between(old, new).map(\.path) == expected)
        for _ in 0..<5 {
            #expect(FieldChange.between(old, new).map(\.path) == expected)
        }
        #expect(Self.descriptions(.object(["a": .object(["x.y": .null])]), .object(["a": .object([:])]))
            == [#"a["x.y"]: removed null"#])
    }

    @Test func stringEscaping() {
        let old = JSONValue.object(["s": .string("say \"hi\" \\ now")])
        let new = JSONValue.object(["s": .string("line\nnext\ttab\u{01}\u{7F}\u{E9}/")])
        #expect(Self.descriptions(old, new) == [#"s: "say \"hi\" \\ now" → "line\nnext\ttab\u0001\u007f"# + "\u{E9}/\""])
    }

    @Test func numberRendering() {
        #expect(Self.descriptions(.number(2.0), .number(2.5)) == ["(root): 2 → 2.5"])
        #expect(Self.descriptions(.number(-0.0), .number(1e300)) == ["(root): 0 → 1e+300"])
        #expect(Self.descriptions(.integer(-7), .number(0.1)) == ["(root): -7 → 0.1"])
    }

    @Test func containerRendering() {
        let fits = JSONValue.array([.string(String(repeating: "x", count: 36))])  // 40 characters of JSON
        let tooLong = JSONValue.array([.string(String(repeating: "x", count: 37))])
        #expect(Self.descriptions(.null, fits) == [#"(root): null → [""# + String(repeating: "x", count: 36) + #""]"#])
        #expect(Self.descriptions(.null, tooLong) == ["(root): null → […1]"])
        #expect(Self.descriptions(.null, .array((0..<30).map { .integer($0) })) == ["(root): null → […30]"])
        #expect(Self.descriptions(
            .object(["b": .array([.bool(true)]), "a": .integer(1)]),
            .object(["a": .integer(1), "b": .object(["k": .string(String(repeating: "v", count: 40)), "j": .null])])
        ) == ["b: [true] → {…2}"])
        #expect(Self.descriptions(.object([:]), .object(["z": .null, "a": .array([])])) == [
            "a: added []",
            "z: added null",
        ])
        #expect(Self.descriptions(.null, .object(["z": .null, "a": .array([])])) == [#"(root): null → {"a":[],"z":null}"#])
    }
}
