import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import TestPacks
import Testing

/// Nothing outside a pack's real folder is read or written: links that leave the pack, and
/// names with `..`, are refused naming the file, wherever the host reads, lists or writes.
@Suite struct PackFolderTests {
    /// A copy of the meetings pack, with `outside/` beside it (not part of the pack) holding
    /// `secret.json` and a copy of the pack's goldens.
    private struct Scratch {
        let pack: TemporaryPack
        let outside: URL

        init() throws {
            pack = try TemporaryPack()
            outside = pack.directory.deletingLastPathComponent().appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data("{\"secret\": \"s3cr3t\"}\n".utf8).write(to: outside.appendingPathComponent("secret.json"))
            try FileManager.default.copyItem(at: url("golden"), to: outside.appendingPathComponent("golden"))
        }

        var folder: PackFolder { PackFolder(pack.directory, displayPath: "rules/meetings") }

        func url(_ path: String) -> URL { pack.directory.appendingPathComponent(path) }

        /// Replaces `path` in the pack by a symbolic link to `target`.
        func link(_ path: String, to target: String) throws {
            if FileManager.default.fileExists(atPath: url(path).path) { try FileManager.default.removeItem(at: url(path)) }
            try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url(path).path, withDestinationPath: target)
        }

        /// Every file under `outside/` with its bytes.
        func outsideFiles() -> [String: Data] {
            var files: [String: Data] = [:]
            for name in FileManager.default.enumerator(atPath: outside.path)?.allObjects.compactMap({ $0 as? String }) ?? [] {
                files[name] = FileManager.default.contents(atPath: outside.appendingPathComponent(name).path)
            }
            return files
        }

        /// The meetings pack's golden cases, with one result per case saying the golden is missing.
        func missingResults(_ names: [String]) -> [GoldenResult] {
            names.map { GoldenResult(testCase: GoldenCase(folder: folder, name: $0), outcome: .missing(actual: "{}\n"), seconds: 0) }
        }
    }

    /// The diagnostic lines of a refusal, and whether it was marked as one.
    private func refusal(_ body: () throws -> Void) -> (lines: [String], isOutsidePack: Bool) {
        do {
            try body()
            return ([], false)
        } catch let error as DiagnosticError {
            return (error.diagnostics.map(\.description), error.isOutsidePack)
        } catch {
            return (["\(error)"], false)
        }
    }

    @Test func aGoldenFolderLeavingThePackIsNeitherListedNorWritten() throws {
        let scratch = try Scratch()
        try scratch.link("golden", to: scratch.outside.appendingPathComponent("golden").path)
        let before = scratch.outsideFiles()
        let suite = GoldenSuite.discover(pack: scratch.folder)
        #expect(suite.cases.isEmpty)
        #expect(suite.refused.map(\.description).first?.hasPrefix(
            "rules/meetings/golden:1:1: error: leads outside the pack folder (to \(scratch.outside.path)/golden)") == true,
                "\(suite.refused)")
        let written = refusal { _ = try GoldenRecorder.record(scratch.missingResults(["done", "brand-new"])) }
        #expect(written.isOutsidePack && written.lines.first?.hasPrefix("rules/meetings/golden:1:1: error: leads outside") == true,
                "\(written.lines)")
        #expect(scratch.outsideFiles() == before, "nothing written outside the pack")
    }

    @Test func aGoldenSubfolderLeavingThePackIsNeitherListedNorWrittenNorReviewed() throws {
        let scratch = try Scratch()
        let late = scratch.outside.appendingPathComponent("late")
        try FileManager.default.createDirectory(at: late, withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: late.appendingPathComponent("sent.json.new"))
        try scratch.link("golden/late", to: late.path)
        let before = scratch.outsideFiles()
        #expect(GoldenSuite.discover(pack: scratch.folder).refused.map(\.file) == ["rules/meetings/golden/late"])
        let written = refusal { _ = try GoldenRecorder.record(scratch.missingResults(["late/sent"])) }
        #expect(written.isOutsidePack && written.lines.first?.hasPrefix("rules/meetings/golden/late:1:1: error: leads outside") == true,
                "\(written.lines)")
        let change = PendingChange(GoldenCase(folder: scratch.folder, name: "late/sent"))
        #expect(refusal { _ = try change.text(colour: false) }.isOutsidePack)
        #expect(refusal { try change.accept() }.isOutsidePack)
        #expect(refusal { try change.reject() }.isOutsidePack)
        #expect(scratch.outsideFiles() == before, "nothing written, moved or deleted outside the pack")
    }

    @Test func aGoldenFileLinkedOutsideIsNeitherReadNorWrittenThrough() throws {
        let scratch = try Scratch()
        try scratch.link("golden/done.json", to: "/etc/passwd")
        try scratch.link("golden/combo-back-to-back-5-min.json", to: scratch.outside.appendingPathComponent("secret.json").path)
        let before = scratch.outsideFiles()
        #expect(GoldenSuite.discover(pack: scratch.folder).refused.map(\.file)
            == ["rules/meetings/golden/combo-back-to-back-5-min.json", "rules/meetings/golden/done.json"])
        let results = GoldenRunner(workers: 1).run([GoldenCase(folder: scratch.folder, name: "done"),
                                                    GoldenCase(folder: scratch.folder, name: "combo-back-to-back-5-min")])
        for result in results {
            guard case .failed(let problems) = result.outcome else { Issue.record("\(result.outcome)"); continue }
            #expect(problems.first?.message.hasPrefix("leads outside the pack folder") == true, "\(problems)")
        }
        let report = GoldenReport(results: results, orphans: [], pending: [], mode: .check).text(colour: false)
        #expect(!report.contains("root:") && !report.contains("s3cr3t"), "no content of the linked files is shown")
        let written = refusal { _ = try GoldenRecorder.record(scratch.missingResults(["combo-back-to-back-5-min"])) }
        #expect(written.isOutsidePack && written.lines
            == ["rules/meetings/golden/combo-back-to-back-5-min.json:1:1: error: leads outside the pack folder (to \(scratch.outside.path)/secret.json); a pack's files and folders must stay inside it"])
        #expect(scratch.outsideFiles() == before)
    }

    @Test(arguments: ["badge.lua", "badges.lua", "pack.json"])
    func aRuleFileModuleOrManifestLinkedOutsideFailsTheLoad(_ file: String) throws {
        let scratch = try Scratch()
        let copy = scratch.outside.appendingPathComponent(file)
        try FileManager.default.copyItem(at: scratch.url(file), to: copy)
        try scratch.link(file, to: copy.path)
        let loading = refusal { _ = try RulePack.load(folder: scratch.folder) }
        #expect(loading.isOutsidePack)
        #expect(loading.lines == ["rules/meetings/\(file):1:1: error: leads outside the pack folder (to \(copy.path)); a pack's files and folders must stay inside it"])
        #expect(throws: DiagnosticError.self) { _ = try PackCheck.run(packAt: scratch.pack.directory, displayPath: "rules/meetings") }
        #expect(!GoldenSuite.discover(pack: scratch.folder).refused.isEmpty)
    }

    @Test func aFixtureLinkedOutsideIsNotRead() throws {
        let scratch = try Scratch()
        try scratch.link("fixtures/done.json", to: scratch.outside.appendingPathComponent("secret.json").path)
        let pack = try RulePack.load(folder: scratch.folder)
        #expect(refusal { _ = try pack.fixtureNames() }.lines.first?.hasPrefix("rules/meetings/fixtures/done.json:1:1: error: leads outside") == true)
        let reading = refusal { _ = try Fixture.load("fixtures/done.json", in: scratch.folder, manifest: pack.manifest) }
        #expect(reading.isOutsidePack && !reading.lines.joined().contains("s3cr3t"), "\(reading.lines)")
        #expect(GoldenSuite.discover(pack: scratch.folder).refused.map(\.file) == ["rules/meetings/fixtures/done.json"])
    }

    @Test func aFixturesFolderLinkedOutsideFailsTheLoad() throws {
        let scratch = try Scratch()
        try scratch.link("fixtures", to: scratch.outside.path)
        #expect(refusal { _ = try RulePack.load(folder: scratch.folder) }.lines.first?
            .hasPrefix("rules/meetings/fixtures:1:1: error: leads outside") == true)
    }

    @Test func namesWithDotDotOrAbsoluteNamesAreRefused() throws {
        let scratch = try Scratch()
        let folder = scratch.folder
        let before = scratch.outsideFiles()
        for name in ["../outside/secret.json", "fixtures/../../outside/secret.json", "/etc/passwd"] {
            let reading = refusal { _ = try folder.read(name, limit: InputLimits.fixtureBytes, kind: "a fixture") }
            #expect(reading.isOutsidePack && reading.lines.first?.contains("names may not start with '/' or contain '..'") == true,
                    "\(name): \(reading.lines)")
            #expect(refusal { try folder.write(name, Data("x".utf8)) }.isOutsidePack)
        }
        let escaping = GoldenCase(folder: folder, name: "../../outside/secret")
        guard case .failed(let problems)? = GoldenRunner(workers: 1).run([escaping]).first?.outcome else {
            Issue.record("a case named with .. must fail")
            return
        }
        #expect(problems.first?.message.contains("contain '..'") == true)
        #expect(refusal { _ = try GoldenRecorder.record([GoldenResult(testCase: escaping, outcome: .missing(actual: "{}\n"), seconds: 0)]) }
            .isOutsidePack)
        #expect(scratch.outsideFiles() == before)
    }

    @Test func namesWithDotsOrDoubledSlashesReadTheSameFile() throws {
        let scratch = try Scratch()
        let folder = scratch.folder
        let bytes = try folder.read("fixtures/done.json", limit: InputLimits.fixtureBytes, kind: "a fixture")
        for name in ["fixtures/./done.json", "./fixtures//done.json", "fixtures/done.json/", "fixtures/done.json"] {
            #expect(try folder.read(name, limit: InputLimits.fixtureBytes, kind: "a fixture") == bytes, "\(name)")
        }
        #expect(try folder.readIfPresent("fixtures/missing.json", limit: InputLimits.fixtureBytes, kind: "a fixture") == nil)
        #expect(try folder.readIfPresent("missing/done.json", limit: InputLimits.fixtureBytes, kind: "a fixture") == nil)
    }

    /// The listing is every file ending in the suffix, in nested folders too, hidden ones
    /// included, sorted: as a plain walk of the folder finds them.
    @Test func listingsFindWhatAWalkOfTheFolderFinds() throws {
        let scratch = try Scratch()
        for (path, text) in [("fixtures/b/deeper/x.json", "{}"), ("fixtures/.hidden.json", "{}"), ("fixtures/notes.txt", "n"),
                             ("fixtures/a.json.new", "{}"), ("fixtures/b/y.json", "{}"), ("fixtures/c.JSON", "{}")] {
            try FileManager.default.createDirectory(at: scratch.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: scratch.url(path))
        }
        let walked = (FileManager.default.enumerator(atPath: scratch.url("fixtures").path)?.allObjects.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        let listed = try scratch.folder.files(in: "fixtures", ending: ".json")
        #expect(listed == walked)
        #expect(listed.contains("b/deeper/x") && listed.contains(".hidden") && !listed.contains("notes") && !listed.contains("c"))
        #expect(try scratch.folder.files(in: "fixtures", ending: ".json.new") == ["a"])
        #expect(try scratch.folder.files(in: "nothing-here", ending: ".json") == [])
    }

    @Test func linksThatStayInsideThePackAreFollowed() throws {
        let scratch = try Scratch()
        try FileManager.default.moveItem(at: scratch.url("fixtures/done.json"), to: scratch.url("moments-done.json"))
        try scratch.link("fixtures/done.json", to: "../moments-done.json")
        try FileManager.default.createDirectory(at: scratch.url("more"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scratch.url("fixtures/progress-last.json"), to: scratch.url("more/progress-last.json"))
        try scratch.link("fixtures/more", to: "../more")
        try scratch.link("fixtures/loop", to: ".")
        let suite = GoldenSuite.discover(pack: scratch.folder)
        #expect(suite.refused.isEmpty, "\(suite.refused)")
        #expect(suite.cases.map(\.name).contains("done") && suite.cases.map(\.name).contains("more/progress-last"))
        #expect(suite.cases.count == BundledFixtures.meetings, "a link to its own folder is walked once: \(suite.cases.map(\.name))")
        let done = try #require(GoldenRunner(workers: 1).run([GoldenCase(folder: scratch.folder, name: "done")]).first)
        #expect(done.outcome.isPassed, "\(done.outcome)")
    }

    @Test func aWriteReplacesALinkAtItsNameAndNeverWritesThroughIt() throws {
        let scratch = try Scratch()
        let original = try scratch.pack.read("golden/done.json")
        try scratch.link("golden/alias.json", to: "done.json")
        try scratch.folder.write("golden/alias.json", Data("{}\n".utf8))
        #expect(try scratch.pack.read("golden/done.json") == original, "the link's target is untouched")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: scratch.url("golden/alias.json").path)) == nil,
                "the link itself is replaced by the file")
        #expect(try scratch.pack.read("golden/alias.json") == "{}\n")
        try scratch.folder.write("golden/new/deeper/case.json", Data("{}\n".utf8))
        #expect(try scratch.pack.read("golden/new/deeper/case.json") == "{}\n", "missing folders are made inside the pack")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url("golden").path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    /// `create` writes a file only where there is none: a file or a link already at the name is
    /// left as it is, and of many threads creating one name exactly one succeeds, with its bytes
    /// whole.
    @Test func createNeverReplacesWhatIsThere() throws {
        let scratch = try Scratch()
        let original = try scratch.pack.read("fixtures/countdown-middle.json")
        #expect(try !scratch.folder.create("fixtures/countdown-middle.json", Data("{}\n".utf8)))
        #expect(try scratch.pack.read("fixtures/countdown-middle.json") == original)
        try scratch.link("fixtures/alias.json", to: "countdown-middle.json")
        #expect(try !scratch.folder.create("fixtures/alias.json", Data("{}\n".utf8)))
        #expect(try scratch.pack.read("fixtures/countdown-middle.json") == original, "the link's target is untouched")
        #expect(refusal { _ = try scratch.folder.create("../outside/secret.json", Data("x".utf8)) }.isOutsidePack)
        let folder = scratch.folder
        let created = IndexedWork<Bool>(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            created.store((try? folder.create("fixtures/explored-race.json", Data("{\"writer\": \(index)}\n".utf8))) ?? false, at: index)
        }
        #expect(created.results.filter { $0 }.count == 1)
        #expect(try scratch.pack.read("fixtures/explored-race.json").hasPrefix("{\"writer\": "))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url("fixtures").path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }
}
