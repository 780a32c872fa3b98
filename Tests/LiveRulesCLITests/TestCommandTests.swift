import Foundation
import Testing

/// The pending files in a golden folder.
enum GoldenFiles {
    static func pending(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json.new") }
    }
}

/// `liverules test` and `liverules review`, run as a user and as CI run them.
@Suite struct TestCommandTests {
    /// The environment without CI, so recording may write; `extra` added.
    private func local(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment.merging(extra) { $1 }
    }

    /// A copy of the meetings pack whose "Last up" badge now reads "Final up" (fixture
    /// countdown-last changes) and whose fixture upcoming-first has no golden.
    private func changedPack() throws -> URL {
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        let badges = try String(contentsOf: pack.appendingPathComponent("badges.lua"), encoding: .utf8)
        try badges.replacingOccurrences(of: "text = \"Last up\"", with: "text = \"Final up\"")
            .write(to: pack.appendingPathComponent("badges.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: pack.appendingPathComponent("golden/upcoming-first.json"))
        return root
    }

    private func files(in folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) ?? [] {
            contents[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return contents
    }

    @Test func theBundledPacksPass() throws {
        let outcome = try CLI.run(["test"])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.split(separator: "\n").last == "\(BundledFixtures.total) passed, 0 failed")
    }

    /// The bundled packs keep every promise, the host's and their own, over 10,000 explored
    /// states each, as CI runs them.
    @Test func theBundledPacksKeepTheirPromisesOverExploredStates() throws {
        let outcome = try CLI.run(["test", "--explore", "10000"])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.split(separator: "\n").last
                == "\(BundledFixtures.total) passed, 0 failed; \(3 * 10_000) states explored, 0 promises broken", "\(outcome.output)")
    }

    /// `test --explore` after the goldens: a copy of meetings whose combo drops the next
    /// meeting's countdown when its title is one long Latin word passes every golden (none has
    /// such a title), yet fails the run; each
    /// report says where (the pack's promise), why (the rule line) and the smallest state,
    /// which is a fixture `eval` reads.
    @Test func exploringAfterTheGoldensFailsOnABrokenPromise() throws {
        let root = try CLI.meetingsDroppingTheCountdown()
        let pack = root.appendingPathComponent("rules/meetings")
        let promises = try String(contentsOf: pack.appendingPathComponent("promises.lua"), encoding: .utf8)
        let line = try #require(promises.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("shows = \"nextCountdown\"") }) + 1

        let text = try CLI.run(["test", "rules/meetings", "--explore", "1000"], in: root, environment: local())
        #expect(text.status == 1, "\(text.output)\(text.errors)")
        #expect(text.output.contains("BROKEN rules/meetings (explored state "), "\(text.output)")
        #expect(text.output.contains("  rules/meetings/promises.lua:\(line): promise in lockScreen: nextCountdown is not shown"), "\(text.output)")
        #expect(text.output.contains("    why: rules/meetings/layout.lua:"), "\(text.output)")
        let last = try #require(text.output.split(separator: "\n").last)
        #expect(last.hasPrefix("\(BundledFixtures.meetings) passed, 0 failed; 1000 states explored, ") && last.hasSuffix(" broken"), "\(last)")

        let json = try CLI.run(["test", "rules/meetings", "--explore", "1000", "--format", "json"], in: root, environment: local())
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let explored = try #require(report?["explored"] as? [[String: Any]])
        #expect(explored.count == 1 && explored[0]["pack"] as? String == "rules/meetings" && explored[0]["states"] as? Int == 1000)
        let findings = try #require(explored[0]["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["message"] as? String == "nextCountdown is not shown" }, "\(findings)")
        #expect(finding["file"] as? String == "rules/meetings/promises.lua" && finding["line"] as? Int == line)
        let fixture = try JSONSerialization.data(withJSONObject: try #require(finding["fixture"]))
        try fixture.write(to: pack.appendingPathComponent("fixtures/explored.json"))
        let eval = try CLI.run(["eval", "rules/meetings", "explored", "--placement", "lockScreen", "--format", "text"], in: root, environment: local())
        #expect(eval.status == 0 && !eval.output.contains("nextCountdown"), "\(eval.output)\(eval.errors)")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("fixtures/explored.json"))

        let junit = try CLI.run(["test", "rules/meetings", "--explore", "1000", "--format", "junit"], in: root, environment: local())
        #expect(junit.output.contains("<testsuite name=\"explore rules/meetings\""), "\(junit.output)")
        #expect(junit.output.contains("file=\"rules/meetings/promises.lua\" line=\"\(line)\">"), "\(junit.output)")
        let github = try CLI.run(["test", "rules/meetings", "--explore", "1000", "--format", "github"], in: root, environment: local())
        #expect(github.output.contains("::error file=rules/meetings/promises.lua,line=\(line),title=promise in lockScreen::nextCountdown is not shown"),
                "\(github.output)")
        // Without --explore the goldens alone pass: they never wrote this moment down.
        #expect(try CLI.run(["test", "rules/meetings"], in: root, environment: local()).status == 0)
        #expect(try CLI.run(["test", "rules/meetings", "--explore", "-1"], in: root, environment: local()).status == 2)
    }

    @Test func aChangeFailsWithFieldPathsAndADiff() throws {
        let outcome = try CLI.run(["test"], in: try changedPack(), environment: local())
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("FAIL meetings/countdown-last (rules/meetings/fixtures/countdown-last.json)"))
        #expect(lines.contains("  badge.text: \"Last up\" → \"Final up\""))
        #expect(lines.contains("--- rules/meetings/golden/countdown-last.json"))
        #expect(lines.contains("-    \"text\": \"Last up\","))
        #expect(lines.contains("+    \"text\": \"Final up\","))
        #expect(lines.contains("MISSING meetings/upcoming-first (rules/meetings/fixtures/upcoming-first.json)"))
        #expect(lines.last(where: { !$0.isEmpty }) == "\(BundledFixtures.meetings - 2) passed, 2 failed")
        #expect(outcome.output.hasSuffix("\(BundledFixtures.meetings - 2) passed, 2 failed\n"))
    }

    @Test func recordWritesMissingGoldensAndPendingChangesThenReviewDecides() throws {
        let root = try changedPack()
        let golden = root.appendingPathComponent("rules/meetings/golden")
        let recorded = try CLI.run(["test", "--record"], in: root, environment: local())
        #expect(recorded.status == 0, "everything asked was recorded: \(recorded.output)\(recorded.errors)")
        #expect(recorded.output == """
            pending review: 1 new, 1 changed (as .json.new files beside the goldens)
              changed  meetings/countdown-last
              new      meetings/upcoming-first
            next: liverules review   (shows each change: a accept, r reject; or --accept for all)

            """, "a short summary, no diffs")
        #expect(recorded.errors.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("upcoming-first.json").path),
                "a new golden waits for review")
        #expect(FileManager.default.fileExists(atPath: golden.appendingPathComponent("upcoming-first.json.new").path))
        let tested = try CLI.run(["test"], in: root, environment: local())
        #expect(tested.status == 1, "until reviewed, the run still fails")
        #expect(tested.output.contains("rules/meetings/golden/upcoming-first.json.new: warning: pending change: run `liverules review`"))

        let nothingMatches = try CLI.run(["review", "--accept", "--filter", "delivery/*"], in: root, environment: local())
        #expect(nothingMatches.output == "no pending change matches --filter 'delivery/*'; 2 pending changes in all: "
            + "meetings/countdown-last, meetings/upcoming-first\n")
        let shown = try CLI.run(["review"], in: root, environment: local())
        #expect(shown.status == 0)
        #expect(shown.output.contains("badge.text: \"Last up\" → \"Final up\""))
        #expect(shown.output.contains("NEW meetings/upcoming-first (rules/meetings/fixtures/upcoming-first.json)\n"
            + "  new golden rules/meetings/golden/upcoming-first.json\n"), "the new case is shown by review: \(shown.output)")
        #expect(shown.output.hasSuffix("0 accepted, 0 rejected, 2 skipped\n"), "not a terminal: nothing is decided")
        #expect(shown.errors == "not a terminal, so nothing was decided: run `liverules review` on a terminal to answer each change, "
            + "or pass --accept or --reject (with --filter GLOB to choose the cases)\n")

        let accepted = try CLI.run(["review", "--accept", "--filter", "meetings/countdown-*"], in: root, environment: local())
        #expect(accepted.output.hasSuffix("1 accepted, 0 rejected, 0 skipped\n"), "\(accepted.output)")
        #expect(try String(contentsOf: golden.appendingPathComponent("countdown-last.json"), encoding: .utf8).contains("Final up"))
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("countdown-last.json.new").path))
        let new = try CLI.run(["review", "--accept", "--filter", "meetings/upcoming-*"], in: root, environment: local())
        #expect(new.output.hasSuffix("accepted rules/meetings/golden/upcoming-first.json\n\n1 accepted, 0 rejected, 0 skipped\n"), "\(new.output)")
        #expect(try CLI.run(["test"], in: root, environment: local()).status == 0)
        let again = try CLI.run(["test", "--record"], in: root, environment: local())
        #expect(again.status == 0 && again.output == "nothing to review: every case that ran matches its golden\n", "\(again.output)")
    }

    @Test func recordRemovesAStalePendingFileAndSaysSo() throws {
        let root = try CLI.copyOfPack("meetings", files: ["golden/done.json.new": "{}\n"])
        let recorded = try CLI.run(["test", "--record"], in: root, environment: local())
        #expect(recorded.status == 0)
        #expect(recorded.output == "nothing to review: every case that ran matches its golden\n"
            + "removed 1 stale pending file (the case matches its golden again)\n", "\(recorded.output)")
        #expect(GoldenFiles.pending(in: root.appendingPathComponent("rules/meetings/golden")).isEmpty)
    }

    /// Recording reports what it could not record, and only that fails it.
    @Test func recordFailsOnlyForWhatItCouldNotRecord() throws {
        let root = try changedPack()
        let fixture = root.appendingPathComponent("rules/meetings/fixtures/done.json")
        try "{ \"now\": 3 }\n".write(to: fixture, atomically: true, encoding: .utf8)
        let recorded = try CLI.run(["test", "--record"], in: root, environment: local())
        #expect(recorded.status == 1)
        let lines = recorded.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "ERROR meetings/done (rules/meetings/fixtures/done.json)", "\(recorded.output)")
        #expect(!recorded.output.contains("@@"), "no diffs: \(recorded.output)")
        #expect(lines.suffix(5) == [
            "pending review: 1 new, 1 changed (as .json.new files beside the goldens)",
            "  changed  meetings/countdown-last",
            "  new      meetings/upcoming-first",
            "could not record 1 case: fix the error above, then run `liverules test --record` again",
            "next: liverules review   (shows each change: a accept, r reject; or --accept for all)",
        ], "\(recorded.output)")
    }

    /// On a terminal (a pseudo-terminal made by util-linux's `script`) review asks about each change.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func reviewAsksOnATerminal() throws {
        let root = try changedPack()
        let pack = root.appendingPathComponent("rules/meetings")
        let badges = try String(contentsOf: pack.appendingPathComponent("badges.lua"), encoding: .utf8)
        try badges.replacingOccurrences(of: "text = \"First up\"", with: "text = \"Opening\"")
            .write(to: pack.appendingPathComponent("badges.lua"), atomically: true, encoding: .utf8)
        _ = try CLI.run(["test", "--record"], in: root, environment: local())
        let text = try CLI.runOnTerminal("review --filter 'meetings/countdown-*'", in: root, environment: local(), input: "x\nar")
        #expect(text.contains("[1/2] accept (a), reject (r), skip (s), quit (q)? "), "\(text)")
        #expect(text.contains("'x' is not an answer: press a (accept), r (reject), s (skip) or q (quit) "), "an unknown key asks again: \(text)")
        #expect(text.contains("Enter is not an answer: press a (accept), r (reject), s (skip) or q (quit) "), "Enter does not quit: \(text)")
        #expect(text.contains("[2/2] accept (a), reject (r), skip (s), quit (q)? r"), "one key answers, no Enter: \(text)")
        #expect(text.contains("1 accepted, 1 rejected, 0 skipped"), "\(text)")
        let golden = pack.appendingPathComponent("golden")
        #expect(try String(contentsOf: golden.appendingPathComponent("countdown-first-exactly-15-min.json"), encoding: .utf8).contains("Opening"))
        #expect(try String(contentsOf: golden.appendingPathComponent("countdown-last.json"), encoding: .utf8).contains("Last up"))
        #expect(GoldenFiles.pending(in: golden).filter { $0.hasPrefix("countdown-") }.isEmpty)
    }

    /// On a terminal, a long run shows a progress line and colours its summary; piped, neither.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressAndColourOnlyOnATerminal() throws {
        let root = try CLI.copyOfPack("meetings")
        let fixtures = root.appendingPathComponent("rules/meetings/fixtures")
        let golden = root.appendingPathComponent("rules/meetings/golden")
        for index in 0..<100 {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("done.json"),
                                             to: fixtures.appendingPathComponent("copy-\(index).json"))
            try FileManager.default.copyItem(at: golden.appendingPathComponent("done.json"),
                                             to: golden.appendingPathComponent("copy-\(index).json"))
        }
        var environment = local()
        environment["NO_COLOR"] = nil
        let onTerminal = try CLI.runOnTerminal("test rules", in: root, environment: environment)
        #expect(onTerminal.contains("\r[\(BundledFixtures.meetings + 100)/\(BundledFixtures.meetings + 100)] 100%"), "\(onTerminal.debugDescription)")
        #expect(onTerminal.contains("\u{1B}[32m\(BundledFixtures.meetings + 100) passed, 0 failed\u{1B}[0m"), "\(onTerminal.debugDescription)")
        let piped = try CLI.run(["test", "rules"], in: root, environment: environment)
        #expect(piped.output == "\(BundledFixtures.meetings + 100) passed, 0 failed\n")
        #expect(piped.errors.isEmpty)
        environment["NO_COLOR"] = "1"
        let noColour = try CLI.runOnTerminal("test rules", in: root, environment: environment)
        #expect(noColour.contains("\(BundledFixtures.meetings + 100) passed, 0 failed") && !noColour.contains("\u{1B}[32m"), "NO_COLOR turns colour off")
    }

    @Test func rejectDeletesThePendingFileOnly() throws {
        let root = try changedPack()
        let golden = root.appendingPathComponent("rules/meetings/golden")
        _ = try CLI.run(["test", "--record"], in: root, environment: local())
        let rejected = try CLI.run(["review", "--reject"], in: root, environment: local())
        #expect(rejected.output.hasSuffix("0 accepted, 2 rejected, 0 skipped\n"))
        #expect(try String(contentsOf: golden.appendingPathComponent("countdown-last.json"), encoding: .utf8).contains("Last up"))
        #expect(GoldenFiles.pending(in: golden).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("upcoming-first.json").path),
                "a rejected new case has no golden")
    }

    @Test func withCISetNothingIsEverWritten() throws {
        let root = try changedPack()
        let before = try files(in: root)
        #expect(before.count > 40, "the pack's files are found")
        let recorded = try CLI.run(["test", "--record"], in: root, environment: local(["CI": "true"]))
        #expect(recorded.status == 1)
        #expect(recorded.errors.contains("CI is set: --record writes nothing"))
        #expect(recorded.output.contains("MISSING meetings/upcoming-first"), "the full report, as without --record")
        let review = try CLI.run(["review", "--accept"], in: root, environment: local(["CI": "true"]))
        #expect(review.status == 2)
        #expect(review.errors == "liverules: error: CI is set: review writes nothing\n")
        #expect(try files(in: root) == before)
    }

    @Test func orphansAndPendingFilesWarnLocallyAndFailInCI() throws {
        let root = try CLI.copyOfPack("meetings", files: ["golden/retired.json": "{}\n", "golden/done.json.new": "{}\n"])
        let locally = try CLI.run(["test"], in: root, environment: local())
        #expect(locally.status == 0)
        #expect(locally.output.contains("rules/meetings/golden/retired.json: warning: orphan golden"))
        #expect(locally.output.contains("rules/meetings/golden/done.json.new: warning: pending change"))
        let ci = try CLI.run(["test"], in: root, environment: local(["CI": "1"]))
        #expect(ci.status == 1)
        #expect(ci.output.hasSuffix("\(BundledFixtures.meetings) passed, 2 failed\n"))
    }

    @Test func coverageReportsEveryRuleFileAndMinCoverageFails() throws {
        let covered = try CLI.run(["test", "--coverage"])
        #expect(covered.status == 0)
        #expect(covered.output.contains("coverage\n"))
        #expect(covered.output.contains("  rules/meetings/layout.lua"))
        #expect(!covered.output.contains("uncovered"), "the bundled packs run every line")
        let root = try CLI.copyOfPack("meetings", files: [
            "relevance.lua": "return function(input)\n  if input.phase == 'finished' then\n    return { score = 1, alert = true }\n  end\n  return { score = 0, alert = false }\nend\n",
        ])
        let below = try CLI.run(["test", "--min-coverage", "100"], in: root, environment: local())
        #expect(below.status == 1)
        #expect(below.output.contains("uncovered: 3"))
        #expect(below.output.contains("coverage below 100%: rules/meetings/relevance.lua"))
        #expect(try CLI.run(["test", "--min-coverage", "101"]).status == 2)
    }

    @Test func machineReadableReports() throws {
        let root = try changedPack()
        let json = try CLI.run(["test", "--format", "json"], in: root, environment: local())
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Int == BundledFixtures.meetings - 2 && object?["failed"] as? Int == 2)
        #expect(json.errors == "\(BundledFixtures.meetings - 2) passed, 2 failed\n")
        let junit = try CLI.run(["test", "--format", "junit"], in: root, environment: local())
        #expect(junit.output.contains("<testsuites name=\"liverules\" tests=\"\(BundledFixtures.meetings)\" failures=\"2\" errors=\"0\">"))
        #expect(!junit.output.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test func recordedGoldensAreByteIdenticalAcrossRunsAndMachines() throws {
        let root = try CLI.copyOfPack("match")
        let golden = root.appendingPathComponent("rules/match/golden")
        let committed = try files(in: golden)
        try FileManager.default.removeItem(at: golden)
        _ = try CLI.run(["test", "--record"], in: root, environment: local(["TZ": "UTC", "LANG": "C"]))
        _ = try CLI.run(["review", "--accept"], in: root, environment: local())
        let first = try files(in: golden)
        try FileManager.default.removeItem(at: golden)
        let elsewhere = local(["TZ": "Asia/Kathmandu", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"])
        _ = try CLI.run(["test", "--record"], in: root, environment: elsewhere)
        _ = try CLI.run(["review", "--accept"], in: root, environment: elsewhere)
        #expect(first.count == BundledFixtures.count("match"))
        #expect(try files(in: golden) == first)
        #expect(first == committed, "the committed goldens are what any run records")
    }

    @Test func fixturesInSubfoldersPairWithGoldensInTheSameSubfolders() throws {
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("fixtures/late"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: pack.appendingPathComponent("fixtures/late-notice-2-min.json"),
                                         to: pack.appendingPathComponent("fixtures/late/two-minutes.json"))
        try FileManager.default.removeItem(at: pack.appendingPathComponent("golden/late-notice-2-min.json"))
        let missing = try CLI.run(["test"], in: root, environment: local())
        #expect(missing.output.contains("MISSING meetings/late/two-minutes (rules/meetings/fixtures/late/two-minutes.json)"))
        _ = try CLI.run(["test", "--record"], in: root, environment: local())
        #expect(try CLI.run(["review", "--accept"], in: root, environment: local()).output.contains("NEW meetings/late/two-minutes"))
        #expect(FileManager.default.fileExists(atPath: pack.appendingPathComponent("golden/late/two-minutes.json").path))
        #expect(try CLI.run(["test"], in: root, environment: local()).output.hasSuffix("\(BundledFixtures.meetings) passed, 0 failed\n"))
    }

    @Test func resultsDoNotDependOnTimeZoneOrLocale() throws {
        let fixture = "rules/meetings/fixtures/upcoming-first.json"
        let plain = try CLI.run(["eval", "rules/meetings", fixture], environment: local(["TZ": "UTC", "LANG": "C"]))
        let elsewhere = try CLI.run(["eval", "rules/meetings", fixture],
                                    environment: local(["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"]))
        #expect(plain.status == 0 && plain.output == elsewhere.output)
        let tests = try CLI.run(["test"], environment: local(["TZ": "America/St_Johns", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"]))
        #expect(tests.status == 0, "\(tests.output)")
    }
}
