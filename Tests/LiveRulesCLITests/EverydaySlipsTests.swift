import Foundation
import Testing

/// Slips a product manager following the README makes, each answered in words they act on: the
/// exact line they see.
@Suite struct EverydaySlipsTests {
    /// The first line `liverules eval rules/meetings countdown-middle` writes to standard error
    /// in a copy of the meetings pack whose `file` has `old` replaced by `new`.
    private func evalError(_ file: String, _ old: String, _ new: String) throws -> String {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("rules/meetings/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(file) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["eval", "rules/meetings", "countdown-middle"], in: root)
        #expect(outcome.status == 1)
        return outcome.errors.split(separator: "\n").first.map(String.init) ?? ""
    }

    // MARK: Syntax errors say what is likely missing, at the token Lua stopped at

    @Test func aMissingCommaBetweenTableFieldsIsNamedAtTheNextField() throws {
        #expect(try evalError("badges.lua", "  {                                           text = \"Next up\",",
                                 "  {                                           text = \"Next up\"")
            == "rules/meetings/badges.lua:19:73: error: '}' expected near 'tone': "
            + "missing comma? a table's fields are separated by ',' (add one before 'tone')")
        #expect(try evalError("badges.lua", "phase = input.phase,", "phase = input.phase")
            == "rules/meetings/badges.lua:28:7: error: '}' expected (to close '{' at line 26) near 'only': "
            + "missing comma? a table's fields are separated by ',' (add one before 'only')")
    }

    @Test func aMissingCommaBetweenArgumentsIsNamed() throws {
        #expect(try evalError("badge.lua", "badges.of(input)", "badges.of(input input)")
            == "rules/meetings/badge.lua:7:32: error: ')' expected near 'input': "
            + "missing comma? a call's arguments are separated by ',' (add one before 'input')")
    }

    @Test func anUnclosedBracketParenOrBlockNamesItsOpener() throws {
        #expect(try evalError("badges.lua", "local cases = decide.first {", "local cases = decide.first({")
            == "rules/meetings/badges.lua:23:1: error: ')' expected near 'return': missing ')'? the '(' at line 12, column 27 is not closed")
        #expect(try evalError("badges.lua", "only = facts.count == 1,", "only = (facts.count == 1,")
            == "rules/meetings/badges.lua:28:31: error: ')' expected near ',': missing ')'? the '(' at line 28, column 14 is not closed")
        #expect(try evalError("badges.lua", "tone = \"neutral\" },\n}", "tone = \"neutral\" ,\n}")
            == "rules/meetings/badges.lua:23:1: error: '}' expected near 'return': missing '}'? the '{' at line 12, column 28 is not closed")
        #expect(try evalError("badge.lua", "  return { text = case.text, tone = case.tone }\nend", "  if case then\n  return { text = case.text, tone = case.tone }\nend")
            == "rules/meetings/badge.lua:11:1: error: 'end' expected near <eof>: missing 'end'? the 'function' at line 6, column 8 is not closed")
    }

    // MARK: A fixture that is neither a file nor a case

    @Test func aMistypedCaseNameSuggestsTheClosestCase() throws {
        for command in [["eval"], ["timeline"], ["payload"]] {
            let outcome = try CLI.run(command + ["rules/meetings", "countdown-midle"])
            #expect(outcome.status == 2)
            #expect(outcome.errors == "countdown-midle: error: no such file or case of rules/meetings — did you mean countdown-middle?\n",
                    "\(command): \(outcome.errors)")
        }
        let path = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/countdown-midle.json"])
        #expect(path.errors == "rules/meetings/fixtures/countdown-midle.json: error: no such file (the case countdown-middle of rules/meetings?)\n")
        let far = try CLI.run(["eval", "rules/meetings", "zzz"])
        #expect(far.errors == "zzz: error: no such file or case of rules/meetings (a case is the name of a file in rules/meetings/fixtures, without .json)\n")
    }

    @Test func aMissingFileOrFolderArgumentIsNoSuchFile() throws {
        let pack = try CLI.run(["eval", "rules/meetingz", "countdown-middle"])
        #expect(pack.status == 2 && pack.errors == "rules/meetingz: error: no such folder\n", "\(pack.errors)")
        let bench = try CLI.run(["bench", "rules/meetingz"])
        #expect(bench.status == 2 && bench.errors == "rules/meetingz: error: no such folder\n", "\(bench.errors)")
        let batch = try CLI.run(["payload", "rules/meetings", "nowhere.jsonl", "--batch"])
        #expect(batch.status == 2 && batch.errors == "nowhere.jsonl: error: no such file\n", "\(batch.errors)")
        let notAPack = try CLI.run(["eval", "rules", "countdown-middle"])
        #expect(notAPack.errors == "rules: error: no pack here: a pack is a folder with a pack.json\n", "\(notAPack.errors)")
    }

    // MARK: The default path `rules`, run from inside it

    @Test func runFromInsideAPackOrTheRulesFolderSaysToPassDot() throws {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        let pack = root.appendingPathComponent("rules/meetings")
        for command in ["check", "test", "review", "watch"] {
            let outcome = try CLI.run([command], in: pack)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.errors == "rules: error: no folder rules here, but this folder is a pack: "
                + "pass `.` (`liverules \(command) .`), or run it from the project folder\n", "\(command): \(outcome.errors)")
        }
        let packs = try CLI.run(["test"], in: root.appendingPathComponent("rules"))
        #expect(packs.errors == "rules: error: no folder rules here, but this folder holds packs: "
            + "pass `.` (`liverules test .`), or run it from the project folder\n", "\(packs.errors)")
        let dot = try CLI.run(["test", "."], in: pack)
        #expect(dot.status == 0, "\(dot.output)")
        let elsewhere = try CLI.run(["test", "nowhere"], in: root)
        #expect(elsewhere.errors == "nowhere: error: no pack here: a pack is a folder with a pack.json\n", "no hint where no pack is near")
    }

    // MARK: No fake position

    @Test func aProblemWithNoPlaceInAFileNamesNoLineOrColumn() throws {
        let timeline = try CLI.run(["timeline", "rules/meetings", "countdown-middle", "--from", "2026-03-02T10:00:00Z", "--to", "2026-03-02T09:00:00Z"])
        #expect(timeline.status == 2)
        #expect(timeline.errors.hasPrefix("liverules: error: "), "\(timeline.errors)")
        #expect(!timeline.errors.contains(":1:1:"))
    }
}
