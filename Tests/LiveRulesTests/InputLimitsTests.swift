import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// Hostile pack files, generated here: each ends in its exact error instead of overflowing the
/// stack or reading hundreds of megabytes. How long each takes is measured, not tested:
/// `Benchmarks/scripts/run-release.sh InputLimitBenchmarks`.
@Suite struct InputLimitsTests {
    /// A manifest whose `schema.types` value starts at line 4, column 14, with one type per
    /// line from line 5.
    private static func manifest(types: [String], fields: String = #"["title"]"#) -> String {
        """
        {
          "name": "meetings", "version": "1.0.0", "hostAPI": 1,
          "schema": { "attributes": "A", "state": "S",
            "types": {
        \(types.joined(separator: ",\n"))
            } },
          "phases": ["on"],
          "rules": { "phase": "phase.lua", "badge": "badge.lua", "relevance": "relevance.lua",
                     "layout": "layout.lua", "palette": "palette.lua" },
          "fields": \(fields)
        }
        """
    }

    /// The problems loading a meetings pack with `files` reports.
    private func loading(_ files: [String: String?], in existing: TemporaryPack? = nil) throws -> [String] {
        let pack = try existing ?? TemporaryPack(files: files)
        do throws(DiagnosticError) {
            _ = try RulePack.load(from: pack.directory, displayPath: "rules/meetings")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    private func expectOnly(_ expected: String, loading manifest: String) throws {
        #expect(try loading(["pack.json": manifest]) == [expected])
    }

    @Test func tensOfThousandsOfNamedTypesAreRefusedByCountBeforeAnyIsRead() throws {
        let chain = ["\"A\":{}", "\"S\":{\"n\":\"T0\"}"] + (0..<10_000).map { "\"T\($0)\":{\"n\":\"T\($0 + 1)\"}" } + ["\"T10000\":{}"]
        try expectOnly("rules/meetings/pack.json:4:14: error: the schema has 10003 named types; at most 256 are allowed",
                       loading: Self.manifest(types: chain))
        let cycle = ["\"A\":{}", "\"S\":{\"n\":\"T0\"}"] + (0..<10_000).map { "\"T\($0)\":{\"n\":\"T\(($0 + 1) % 10_000)\"}" }
        try expectOnly("rules/meetings/pack.json:4:14: error: the schema has 10002 named types; at most 256 are allowed",
                       loading: Self.manifest(types: cycle))
    }

    /// The resolver on its own, past the count: a chain or cycle of 10,000 types ends in one
    /// error, the stack untouched.
    @Test func aChainOrCycleOfTenThousandTypesResolvesWithoutRecursion() throws {
        func problems(_ next: (Int) -> String?) throws -> [String] {
            var types: [String: JSONValue] = [:]
            for index in 0..<10_000 {
                types["T\(index)"] = .object(next(index).map { ["next": .string($0)] } ?? [:])
            }
            var reader = DocumentReader(document: try JSONParser.parse("{}"), file: "pack.json")
            _ = SchemaResolver(types: types, at: "schema.types", in: &reader)
            return reader.diagnostics.map(\.message)
        }
        #expect(try problems { $0 + 1 < 10_000 ? "T\($0 + 1)" : nil } == ["type 'T9967' nests objects and lists 33 levels deep; at most 32 are allowed"])
        #expect(try problems { "T\(($0 + 1) % 10_000)" } == ["type 'T0' contains itself; schema types must not be recursive"])
    }

    @Test func aLongCycleWithinTheCountIsReportedWhereItCloses() throws {
        let cycle = ["\"A\": {}", "\"S\": {\"next\": \"T0\"}"] + (0..<250).map { "\"T\($0)\": {\"next\": \"T\(($0 + 1) % 250)\"}" }
        try expectOnly("rules/meetings/pack.json:256:18: error: type 'T0' contains itself; schema types must not be recursive",
                       loading: Self.manifest(types: cycle))
    }

    @Test func aLongChainWithinTheCountIsRefusedByDepth() throws {
        let chain = ["\"A\": {}", "\"S\": {\"next\": \"T0\"}"] + (0..<250).map { "\"T\($0)\": {\"next\": \"T\($0 + 1)\"}" } + ["\"T250\": {}"]
        try expectOnly("rules/meetings/pack.json:225:9: error: type 'T218' nests objects and lists 33 levels deep; at most 32 are allowed",
                       loading: Self.manifest(types: chain))
    }

    @Test func aListNestedAHundredThousandDeepIsRefusedAtItsField() throws {
        let deep = String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000)
        try expectOnly("rules/meetings/pack.json:6:12: error: lists nested deeper than 32 levels",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {\"a\": \"\(deep)\"}"]))
    }

    @Test func typesThatDoubleAtEveryLevelAreRefusedBySize() throws {
        let doubling = ["\"A\": {}", "\"S\": {\"top\": \"T20\"}", "\"T0\": {\"a\": \"string\"}"]
            + (1...20).map { "\"T\($0)\": {\"a\": \"T\($0 - 1)\", \"b\": \"[T\($0 - 1)]\"}" }
        try expectOnly("rules/meetings/pack.json:18:8: error: type 'T11' has 6142 fields with the types it uses written out; at most 4096 are allowed",
                       loading: Self.manifest(types: doubling))
    }

    @Test func tooManyFieldsOrEnumValuesAreRefusedBeforeReadingThem() throws {
        let fields = (0..<10_000).map { "\"f\($0)\": \"string\"" }.joined(separator: ", ")
        try expectOnly("rules/meetings/pack.json:6:6: error: type 'S' has 10000 fields; at most 256 are allowed",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {\(fields)}"]))
        let values = (0..<10_000).map { "\"v\($0)\"" }.joined(separator: ", ")
        try expectOnly("rules/meetings/pack.json:7:6: error: enum 'E' has 10000 values; at most 256 are allowed",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {\"e\": \"E\"}", "\"E\": [\(values)]"]))
    }

    @Test func tooManyFieldIdsAreRefusedBeforeReadingThem() throws {
        let ids = "[" + (0..<10_000).map { "\"f\($0)\"" }.joined(separator: ", ") + "]"
        try expectOnly("rules/meetings/pack.json:11:13: error: 'fields' lists 10000 names; at most 256 are allowed",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {}"], fields: ids))
    }

    @Test func aMillionFieldIdsAreRefusedBySizeBeforeReading() throws {
        let ids = "[" + (0..<1_000_000).map { "\"f\($0)\"" }.joined(separator: ",") + "]"
        let manifest = Self.manifest(types: ["\"A\": {}", "\"S\": {}"], fields: ids)
        try expectOnly("rules/meetings/pack.json:1:1: error: the file has \(manifest.utf8.count) bytes; a pack manifest may have at most 262144 (256 KiB)",
                       loading: manifest)
    }

    @Test func longNamesAreRefused() throws {
        let long = String(repeating: "n", count: 65)
        try expectOnly("rules/meetings/pack.json:6:12: error: type name longer than 64 bytes",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {\"a\": \"\(long)\"}"]))
        try expectOnly("rules/meetings/pack.json:6:76: error: '\(long)' cannot name a field (use letters, digits and '_', at most 64 bytes; not starting with '__')",
                       loading: Self.manifest(types: ["\"A\": {}", "\"S\": {\"\(long)\": \"string\"}"]))
    }

    @Test func problemsPastTheLimitAreLeftOutUnbuilt() throws {
        // Unknown names as long as the defined ones, one letter off: each suggestion is real work.
        let name = { (i: Int) in "T" + String(repeating: "x", count: 60) + String(format: "%03d", i) }
        let defined = (0..<250).map { "\"\(name($0))\": {}" }
        let fields = (0..<256).map { "\"f\($0)\": \"\(name($0 + 500))\"" }.joined(separator: ", ")
        let problems = try loading(["pack.json": Self.manifest(types: ["\"A\": {}", "\"S\": {\(fields)}"] + defined)])
        #expect(problems.count == InputLimits.problemsPerFile + 1)
        #expect(problems.first?.contains("unknown type '\(name(500))' — did you mean") == true, "\(problems.first ?? "")")
        #expect(problems.last == "rules/meetings/pack.json:1:1: error: more than 20 problems; the rest are not reported")
    }

    @Test func aLongKeyAboveManyDeepValuesParsesWithTheirPositions() throws {
        let key = String(repeating: "k", count: 100_000)
        let deep = String(repeating: "[", count: 500) + Array(repeating: "0", count: 30_000).joined(separator: ",") + String(repeating: "]", count: 500)
        let text = "{\"\(key)\": \(deep)}"
        let document = try JSONParser.parse(text)
        let path = JSONPath.member(key, in: "") + String(repeating: "[0]", count: 499) + "[29999]"
        #expect(document.positions[path] == SourcePosition(line: 1, column: 100_006 + 500 + 2 * 29_999))
        #expect(document.positions.count == 1 + 500 + 30_000)
    }

    @Test func positionsLookUpOnlyPathsJSONPathWrites() throws {
        let positions = try JSONParser.parse(#"{"a": {"b c": [1, {"d": 2}]}}"#).positions
        #expect(positions[#"a["b c"][1].d"#] == SourcePosition(line: 1, column: 25))
        for path in [#"a["b c"][1]d"#, "a..b", ".a", "a.", "[x]", "a[1", #"a["b c]"#, "[99999999999999999999]"] {
            #expect(positions[path] == nil, "\(path)")
        }
    }

    // MARK: Fixtures

    @Test func aHugeFixtureIsRefusedBeforeItIsRead() throws {
        let pack = try TemporaryPack()
        let url = pack.directory.appendingPathComponent("fixtures/huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let manifest = try RulePack.load(from: pack.directory, displayPath: "rules/meetings").manifest
        // The size in the message is the file's, from fstat: a refusal after reading could only
        // say "more than 65536".
        do throws(DiagnosticError) {
            _ = try Fixture.load(from: url, displayPath: "rules/meetings/fixtures/huge.json", manifest: manifest)
            Issue.record("a fixture of 200 MiB was read")
        } catch {
            #expect(error.diagnostics.map(\.description)
                == ["rules/meetings/fixtures/huge.json:1:1: error: the file has 209715200 bytes; a fixture may have at most 65536 (64 KiB)"])
        }
    }

    @Test func aFixtureThatIsAPipeIsRefusedWithoutWaiting() throws {
        let pack = try TemporaryPack()
        let url = pack.directory.appendingPathComponent("fixtures/pipe.json")
        #expect(mkfifo(url.path, 0o600) == 0)
        let manifest = try RulePack.load(from: pack.directory, displayPath: "rules/meetings").manifest
        #expect(throws: DiagnosticError.self) {
            try Fixture.load(from: url, displayPath: "rules/meetings/fixtures/pipe.json", manifest: manifest)
        }
        do {
            _ = try Fixture.load(from: url, displayPath: "rules/meetings/fixtures/pipe.json", manifest: manifest)
        } catch {
            #expect(error.diagnostics.map(\.description) == ["rules/meetings/fixtures/pipe.json:1:1: error: cannot read the file: not a file"])
        }
    }

    @Test func aHugeManifestIsRefusedBeforeItIsRead() throws {
        let pack = try TemporaryPack()
        let handle = try FileHandle(forWritingTo: pack.directory.appendingPathComponent("pack.json"))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        // The size in the message is the file's, from fstat, as for a fixture.
        #expect(try loading([:], in: pack)
            == ["rules/meetings/pack.json:1:1: error: the file has 209715200 bytes; a pack manifest may have at most 262144 (256 KiB)"])
    }

    @Test func aFixtureWithThousandsOfUnknownKeysStopsReportingAtTheLimit() throws {
        let root = try TinyPack.folder(version: 1)
        let manifest = try RulePack.load(from: root.appendingPathComponent("tiny"), displayPath: "tiny").manifest
        let keys = (0..<5_000).map { "\"n\($0)\": 1" }.joined(separator: ",\n")
        let url = root.appendingPathComponent("tiny/fixtures/keys.json")
        try "{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {\"n\": 1,\n\(keys)}}".write(to: url, atomically: true, encoding: .utf8)
        do throws(DiagnosticError) {
            _ = try Fixture.load(from: url, displayPath: "keys.json", manifest: manifest)
            Issue.record("a fixture with 5,000 unknown keys was read")
        } catch {
            let problems = error.diagnostics.map(\.description)
            #expect(problems.count == InputLimits.problemsPerFile + 1)
            #expect(problems.first == "keys.json:2:7: error: state.n0: not in the schema of TinyState — did you mean n?")
            #expect(problems.last == "keys.json:1:1: error: more than 20 problems; the rest are not reported")
        }
    }

    /// The densest fixture within the limit, lists of empty lists as deep as the schema allows
    /// (two bytes a table), is read and presented, within the state's default memory budget.
    @Test func theDensestFixtureWithinTheLimitPresents() throws {
        let lists = InputLimits.typeDepth - 1
        var files = TinyPack.files(version: 1)
        files["pack.json"] = files["pack.json"]!.replacingOccurrences(
            of: #""TinyState": { "n": "integer" }"#,
            with: #""TinyState": { "n": "integer", "pad": ""# + String(repeating: "[", count: lists) + "integer" + String(repeating: "]", count: lists) + "\" }")
        files["palette.lua"] = """
            local function look() return { background = "#000000", foreground = "#FFFFFF", accent = "#0A84FF" } end
            return function(input) return { light = look(), dark = look(), standByNight = look() } end
            """
        let root = TemporaryFolder.path("limits")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let prefix = #"{"now": "2026-03-02T09:00:00Z", "attributes": {}, "state": {"n": 1, "pad": ["#
        let element = String(repeating: "[", count: lists - 1) + String(repeating: "]", count: lists - 1)
        let count = (InputLimits.fixtureBytes - prefix.utf8.count - 3) / (element.utf8.count + 1)
        let text = prefix + Array(repeating: element, count: count).joined(separator: ",") + "]}}"
        #expect(InputLimits.fixtureBytes - text.utf8.count < element.utf8.count + 1)
        let url = root.appendingPathComponent("fixtures/densest.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let pack = try RulePack.load(from: root, displayPath: "tiny")
        let fixture = try Fixture.load(from: url, displayPath: "densest.json", manifest: pack.manifest)
        #expect(try Presenter(pack: pack).present(fixture).badge.text == "v1")
    }
}
