import Foundation
import LiveRules
import TestPacks
import Testing

/// Loading a pack: the manifest, its schema and the rule files, every problem reported at once.
@Suite struct PackLoadingTests {
    private func problems(_ files: [String: String?]) throws -> [String] {
        let pack = try TemporaryPack(files: files)
        do {
            _ = try RulePack.load(from: pack.directory, displayPath: "rules/meetings")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func bundledMeetingsPackLoads() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        #expect(pack.manifest.name == "meetings")
        #expect(pack.manifest.phases == ["progress", "combo", "countdown", "upcoming", "done"])
        #expect(pack.rules.count == RuleStage.allCases.count)
        #expect(pack.rules[.badge]?.chunkName == "rules/meetings/badge.lua")
        guard case .object(let name, let fields) = pack.manifest.schema.state else {
            Issue.record("the state type is not an object")
            return
        }
        #expect(name == "MeetingsContentState")
        #expect(fields.map(\.name) == ["meetings", "lateNotice"])
        #expect(fields.map(\.type.spelled) == ["[Meeting]", "LateNotice?"])
    }

    @Test func everyManifestProblemIsReportedWithItsLineAndColumn() throws {
        let manifest = """
            {
              "name": "meetings",
              "version": "1.0",
              "hostAPI": 2,
              "schema": {
                "attributes": "MeetingsAttributes",
                "state": "DayState",
                "types": {
                  "MeetingsAttributes": { "timeZone": "strng" },
                  "DayState": { "meetings": "[Meeting?]" }
                }
              },
              "phases": ["progress", "progress"],
              "rules": { "phase": "phase.lua", "badges": "badge.lua" },
              "fields": ["title"],
              "colour": true
            }
            """
        let found = try problems(["pack.json": manifest])
        let expected = [
            "rules/meetings/pack.json:16:13: error: unknown member 'colour'",
            "rules/meetings/pack.json:3:14: error: 'version' must be MAJOR.MINOR.PATCH, e.g. \"1.0.0\"; got \"1.0\"",
            "rules/meetings/pack.json:4:14: error: this host implements API 1; the pack was written for API 2",
            "rules/meetings/pack.json:10:33: error: '[Meeting?]': list elements cannot be optional (leave absent ones out)",
            "rules/meetings/pack.json:9:43: error: unknown type 'strng' — did you mean string?",
            "rules/meetings/pack.json:13:26: error: 'progress' is listed twice",
            "rules/meetings/pack.json:14:46: error: unknown rule 'badges' — did you mean badge?",
        ]
        for line in expected { #expect(found.contains(line), "missing: \(line)\nfound:\n\(found.joined(separator: "\n"))") }
        #expect(found.contains { $0.contains("the badge rule is missing") })
    }

    @Test func invalidJSONNamesTheLineAndColumn() throws {
        let found = try problems(["pack.json": "{\n  \"name\": \"meetings\",\n}\n"])
        #expect(found.count == 1)
        #expect(found.first == "rules/meetings/pack.json:2:21: error: invalid JSON: trailing comma in object")
    }

    @Test func recursiveTypesAndUnknownRootsAreRejected() throws {
        let pack = try TemporaryPack()
        var manifest = try pack.read("pack.json")
        manifest = manifest.replacingOccurrences(of: "\"channel\": \"string\"", with: "\"channel\": \"string\", \"again\": \"MeetingsContentState\"")
        let found = try problems(["pack.json": manifest])
        #expect(found.contains { $0.contains("type 'LateNotice' contains itself; schema types must not be recursive") }, "\(found)")
    }

    @Test func ruleSyntaxErrorsNameTheRuleFileAndLine() throws {
        let found = try problems(["badge.lua": "-- a badge\nreturn function(input)\n  return {\nend\n"])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("rules/meetings/badge.lua:4:1: error: ") == true, "\(found)")
    }

    /// A pack's name appears in file names, commands, URLs and generated Lua: it is a plain
    /// name or the manifest is refused at it.
    @Test(arguments: [("meet\nos.exit(1) --", false), ("../secret", false), ("a b", false), (".hidden", false),
                      ("-flag", false), ("r\u{E9}gle", false), (String(repeating: "a", count: 65), false),
                      ("meetings-2.1_b", true), (String(repeating: "a", count: 64), true)])
    func aPacksNameIsAPlainName(name: String, accepted: Bool) throws {
        let data = try Data(contentsOf: Paths.rules.appendingPathComponent("meetings/pack.json"))
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: #""name": "meetings""#, with: #""name": "#
            + String(decoding: try JSONEncoder().encode(name), as: UTF8.self))
        do {
            let manifest = try PackManifest.read(Data(text.utf8), displayPath: "rules/meetings/pack.json")
            #expect(accepted, "\(name) was accepted")
            #expect(manifest.name == name)
        } catch {
            #expect(!accepted, "\(name): \(error)")
            #expect(error.description.hasPrefix("rules/meetings/pack.json:2:11: error: 'name' must be 1 to 64 letters"), "\(error)")
        }
    }

    @Test func aMissingRuleFileIsReportedAtTheManifestEntry() throws {
        let found = try problems(["palette.lua": nil])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("rules/meetings/pack.json:") == true)
        #expect(found.first?.contains("cannot read the palette rule rules/meetings/palette.lua") == true)
    }

    @Test func aPackIsASnapshotNamedByItsContent() throws {
        let temporary = try TemporaryPack()
        let first = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let again = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        #expect(first.contentHash == again.contentHash)
        #expect(first.contentHash.count == 16)
        #expect(first.sources.keys.sorted() == ["badge.lua", "badges.lua", "content.lua", "layout.lua", "lines.lua", "palette.lua", "phase.lua", "promises.lua", "relevance.lua", "timing.lua"])
        let badges = try temporary.read("badges.lua")
        try badges.replacingOccurrences(of: "\"First up\"", with: "\"Opening\"")
            .write(to: temporary.directory.appendingPathComponent("badges.lua"), atomically: true, encoding: .utf8)
        let changed = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        #expect(changed.contentHash != first.contentHash)
        // A presenter of the first version runs the first version's modules, whatever the disk says now.
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/upcoming-first.json"),
                                       displayPath: "upcoming-first.json", manifest: first.manifest)
        #expect(try Presenter(pack: first).present(fixture).badge.text == "First up")
        #expect(try Presenter(pack: changed).present(fixture).badge.text == "Opening")
    }
}
