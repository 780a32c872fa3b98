import Foundation
import Testing
import TestPacks

/// `liverules check` lints rules: the host's checks of names written as literals, and luacheck.
/// Each case makes one mistake in a copy of a bundled pack and expects the exact line a user sees.
@Suite struct CheckLintTests {
    /// A copy of `rules/<pack>` with `old` replaced by `new` in `file` (which must contain it).
    static func copy(of pack: String, replacing old: String, with new: String, in file: String) throws -> URL {
        let text = try String(contentsOf: Paths.root.appendingPathComponent("rules/\(pack)/\(file)"), encoding: .utf8)
        #expect(text.contains(old), "rules/\(pack)/\(file) has no \(old)")
        return try CLI.copyOfPack(pack, files: [file: text.replacingOccurrences(of: old, with: new)])
    }

    /// The lines of `check`'s report on the pack, and its exit status.
    static func check(_ pack: String, replacing old: String, with new: String, in file: String) throws -> (lines: [String], status: Int32) {
        let root = try copy(of: pack, replacing: old, with: new, in: file)
        let outcome = try CLI.run(["check", "rules/\(pack)"], in: root)
        return (outcome.errors.split(separator: "\n").map(String.init), outcome.status)
    }

    @Test func aFieldIdTypoInAWantedList() throws {
        let (lines, status) = try Self.check("meetings", replacing: #"progress = { "badge", "title", "remaining""#,
                                             with: #"progress = { "badge", "titel", "remaining""#, in: "layout.lua")
        #expect(status == 1)
        #expect(lines == ["rules/meetings/layout.lua:20:25: error: unknown field id 'titel' — did you mean title?"])
    }

    /// A syntax error is said once, in the host's words, which say what is likely missing
    /// (luacheck, when installed, finds it too, at the same line, without the hint).
    @Test func aMissingCommaIsSaidOnceWithItsHint() throws {
        let (lines, status) = try Self.check("meetings", replacing: #"text = "Next up",          tone"#,
                                             with: #"text = "Next up"           tone"#, in: "badges.lua")
        #expect(status == 1)
        // Both rows reading "Next up" lose their comma; Lua stops at the first, line 16.
        let atLine = lines.filter { $0.hasPrefix("rules/meetings/badges.lua:") }
        #expect(atLine.count == 1, "\(lines)")
        #expect(atLine.first?.contains("missing comma? a table's fields are separated by ','") == true, "\(lines)")
    }

    @Test func aPlacementKeyTypoInATableOfSlots() throws {
        let (lines, status) = try Self.check("meetings", replacing: #"  lockScreen = { title = "title" },"#,
                                             with: #"  lockscreen = { title = "title" },"#, in: "layout.lua")
        #expect(status == 1)
        #expect(lines == ["rules/meetings/layout.lua:71:3: error: unknown placement 'lockscreen' — did you mean lockScreen?"])
    }

    @Test func aFactTypo() throws {
        let (lines, status) = try Self.check("meetings", replacing: "local meeting = input.facts.meeting",
                                             with: "local meeting = input.facts.meting", in: "palette.lua")
        #expect(status == 1)
        #expect(lines == ["rules/meetings/palette.lua:14:31: error: input.facts.meting: no such fact (the phase rule returns count, first, index, last, meeting, next) — did you mean meeting?"])
    }

    @Test func aFactTypoThroughALocalHoldingTheFacts() throws {
        let (lines, _) = try Self.check("meetings", replacing: "last = facts.last == true", with: "last = facts.lats == true", in: "badges.lua")
        #expect(lines.first == "rules/meetings/badges.lua:30:20: error: input.facts.lats: no such fact (the phase rule returns count, first, index, last, meeting, next) — did you mean last?")
    }

    @Test func tonesPhasesColoursAndHelperNames() throws {
        #expect(try Self.check("meetings", replacing: #"text = "All done",         tone = "neutral""#,
                               with: #"text = "All done",         tone = "blue""#, in: "badges.lua").lines.first
                == "rules/meetings/badges.lua:15:81: error: unknown tone 'blue': a tone is green, neutral, warning, critical")
        #expect(try Self.check("meetings", replacing: #"input.phase == "combo""#, with: #"input.phase == "comb""#, in: "palette.lua").lines
                == ["rules/meetings/palette.lua:13:50: error: unknown phase 'comb': the pack's phases are progress, combo, countdown, upcoming, done — did you mean combo?"])
        #expect(try Self.check("meetings", replacing: ##""#0A84FF""##, with: ##""#0A84GF""##, in: "palette.lua").lines.first
                == "rules/meetings/palette.lua:9:15: error: '#0A84GF' is not a colour: colours are written #RRGGBB, six hex digits")
        #expect(try Self.check("meetings", replacing: #"require "liverules.decide""#, with: #"require "liverules.decid""#, in: "badges.lua").lines.first
                == "rules/meetings/badges.lua:8:24: error: require 'liverules.decid': the helper library has no such module — did you mean liverules.decide?")
        #expect(try Self.check("meetings", replacing: #"body = time.format_long(time.minutes(now, meeting["end"]))"#,
                               with: #"body = time.formatlong(time.minutes(now, meeting["end"]))"#, in: "timing.lua").lines.first
                == "rules/meetings/timing.lua:22:17: error: liverules.time has no member 'formatlong' — did you mean format_long?")
        #expect(try Self.check("match", replacing: #"return "after", facts"#, with: #"return "aftre", facts"#, in: "phase.lua").lines.first
                == "rules/match/phase.lua:32:39: error: unknown phase 'aftre': the pack's phases are before, live, stale, after — did you mean after?")
    }

    /// `now` compared with `<` or `>=` hides the moment the answer changes from the host: a
    /// warning at the operator, naming the helpers that tell it; comparing two other dates, or
    /// judging in promises.lua, is fine.
    @Test func nowComparedWithAnOperatorIsAWarning() throws {
        let (lines, status) = try Self.check("meetings", replacing: "actionTime = not time.reached(now, meeting.start + LOCATION_WINDOW)",
                                             with: "actionTime = now - meeting.start < LOCATION_WINDOW", in: "content.lua")
        #expect(status == 0, "a warning")
        #expect(lines.first == "rules/meetings/content.lua:58:38: warning: now compared with '<': the host cannot tell when this answer "
                + "changes, so the push it calls for comes late (nextUpdate, timeline); write time.reached(now, moment) (now >= moment) "
                + "or time.passed(now, moment) (now > moment)")
        let (called, _) = try Self.check("match", replacing: "if not time.reached(now, attributes.kickoff) then",
                                         with: "if time.minutes(input.now, attributes.kickoff) > 0 then", in: "content.lua")
        #expect(called.first?.hasPrefix("rules/match/content.lua:168:52: warning: now compared with '>'") == true, "\(called)")
        let (dates, _) = try Self.check("meetings", replacing: "actionTime = not time.reached(now, meeting.start + LOCATION_WINDOW)",
                                        with: "actionTime = meeting.start < meeting[\"end\"]", in: "content.lua")
        #expect(!dates.contains { $0.contains("now compared") }, "\(dates)")
    }

    @Test func aGlyphTypoReturnedByAFunction() throws {
        let (lines, status) = try Self.check("match", replacing: #"and "dot" or nil"#, with: #"and "dott" or nil"#, in: "layout.lua")
        #expect(status == 1)
        #expect(lines.first == "rules/match/layout.lua:102:112: error: unknown glyph 'dott' — did you mean dot?")
    }

    @Test func anEnumValueTypo() throws {
        let (lines, _) = try Self.check("match", replacing: #"if status == "finished" then"#, with: #"if status == "finshed" then"#, in: "phase.lua")
        #expect(lines.first == "rules/match/phase.lua:32:16: error: unknown MatchStatus value 'finshed' — did you mean finished?")
    }

    @Test func theHostsPlumbingIsNotForRules() throws {
        let (lines, status) = try Self.check("meetings", replacing: "local clock = time.clock(meeting.start, input.attributes.timeZone)",
                                             with: "local clock = liverules_host_clock(meeting.start, input.attributes.timeZone)", in: "content.lua")
        #expect(status == 1)
        // luacheck does not report it too: the host defines it for the pack.
        #expect(lines == ["rules/meetings/content.lua:65:21: error: liverules_host_clock is the host's plumbing for the helper library: rules use the helpers (require \"liverules.…\") instead"])
    }

    @Test func luacheckFindingsAreFoldedIntoTheReport() throws {
        let root = try CLI.copyOfPack("meetings", files: ["badge.lua": """
            local badges = require "badges"

            return function(input)
              local unused = 1
              local case = badges.of(input)
              if tabel then return nil end
              do return { text = case.text, tone = case.tone } end
              return nil
            end

            """])
        let outcome = try CLI.run(["check", "rules/meetings"], in: root)
        let lines = outcome.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains("rules/meetings/badge.lua:4:9: warning: unused variable 'unused' (luacheck W211)"), "\(lines)")
        #expect(lines.contains("rules/meetings/badge.lua:6:6: error: accessing undefined variable 'tabel' — did you mean table? (luacheck W113)"), "\(lines)")
        #expect(lines.contains("rules/meetings/badge.lua:8:3: warning: unreachable code (luacheck W511)"), "\(lines)")
        #expect(outcome.status == 1)
    }

    /// A file whose name holds a newline, a carriage return or a colon keeps its findings: each
    /// is reported at that file (its name escaped), none lost or given to another file.
    @Test(arguments: ["odd\nname", "odd\rname", "odd: name"])
    func luacheckFindingsKeepTheirFileWhateverItsName(_ module: String) throws {
        let original = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/badge.lua"), encoding: .utf8)
        let root = try CLI.copyOfPack("meetings", files: [
            "\(module).lua": "local unused = 1\nreturn {}\n",
            "badge.lua": "local odd = require \"\(module.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r"))\"\n" + original,
        ])
        let outcome = try CLI.run(["check", "rules/meetings"], in: root)
        let findings = outcome.errors.split(separator: "\n").filter { $0.contains("(luacheck W211)") }
        #expect(findings.count == 2, "\(outcome.errors)")
        #expect(findings.contains { $0.hasPrefix("rules/meetings/odd") && $0.hasSuffix("name.lua:1:7: warning: unused variable 'unused' (luacheck W211)") },
                "\(outcome.errors)")
        #expect(findings.contains { $0.hasPrefix("rules/meetings/badge.lua:1:7: warning: unused variable 'odd'") }, "\(outcome.errors)")
    }

    @Test func withoutLuacheckCheckSaysLintWasSkipped() throws {
        let outcome = try CLI.run(["check"], environment: ["PATH": "/nonexistent"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("lint: luacheck skipped, it is not installed: sudo apt-get install lua-check (or run scripts/setup.sh)\n"))
        #expect(outcome.output.hasSuffix("checked 3 packs: 0 errors, 0 warnings\n"))
    }
}

/// `liverules types`, run as a user runs it.
@Suite struct TypesCommandTests {
    @Test func writesTheDefinitionsAndReportsThemStaleAfterTheSchemaChanges() throws {
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("types"))
        let missing = try CLI.run(["types", "--check", "rules/meetings"], in: root)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("rules/meetings/types/pack.lua:1:1: error: out of date: run `liverules types rules/meetings`\n"))

        let written = try CLI.run(["types", "rules/meetings"], in: root)
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output == "rules/meetings: wrote .luarc.json and types/ (10 of 11 files changed)\n")
        #expect(try CLI.run(["types", "--check", "rules/meetings"], in: root).output == "rules/meetings: up to date\n")

        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"channel\": \"string\"", with: "\"channel\": \"string\", \"note\": \"string?\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["types", "--check", "rules/meetings"], in: root).status == 1)
        #expect(try CLI.run(["check", "rules/meetings"], in: root).errors
                == "rules/meetings/types/pack.lua:1:1: warning: the editor definitions are out of date: run `liverules types rules/meetings`\n")
        #expect(try CLI.run(["types", "rules/meetings"], in: root).status == 0)
        let definitions = try String(contentsOf: pack.appendingPathComponent("types/pack.lua"), encoding: .utf8)
        #expect(definitions.contains("---@class meetings.LateNotice\n---@field meetingId string\n---@field sentAt liverules.Date\n---@field channel string\n---@field note? string\n"))
    }

    @Test func aBrokenFileUnderTypesIsNotARule() throws {
        let root = try CLI.copyOfPack("meetings", files: ["types/scratch.lua": "this is not Lua (\n"])
        let outcome = try CLI.run(["check", "rules/meetings"], in: root)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let coverage = try CLI.run(["test", "rules/meetings", "--coverage"], in: root)
        #expect(coverage.status == 0)
        #expect(!coverage.output.contains("types/"))
    }
}
