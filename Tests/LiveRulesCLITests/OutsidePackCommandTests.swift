import Foundation
import Testing

/// The commands read and write nothing outside a pack's real folder: a file or folder of the
/// pack that leads outside it is refused, named, with exit status 2.
@Suite struct OutsidePackCommandTests {
    /// A copy of the meetings pack under `<tmp>/rules/meetings`, and `<tmp>/outside/` beside it
    /// holding `secret.json` (a marker no output may show).
    private struct Scratch {
        let root: URL
        var pack: URL { root.appendingPathComponent("rules/meetings") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            root = try CLI.copyOfPack("meetings")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data("{\"secret\": \"s3cr3t\"}\n".utf8).write(to: outside.appendingPathComponent("secret.json"))
        }

        /// Moves the pack's `path` to `outside/<name>` and leaves a link to it in its place.
        func moveOutside(_ path: String, as name: String) throws -> URL {
            let target = outside.appendingPathComponent(name)
            try FileManager.default.moveItem(at: pack.appendingPathComponent(path), to: target)
            try FileManager.default.createSymbolicLink(atPath: pack.appendingPathComponent(path).path, withDestinationPath: target.path)
            return target
        }

        /// Replaces the pack's `path` by a link to `target`.
        func link(_ path: String, to target: String) throws {
            let url = pack.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }

        /// Every file under `outside/` with its bytes.
        func outsideFiles() -> [String: Data] {
            var files: [String: Data] = [:]
            for name in FileManager.default.enumerator(atPath: outside.path)?.allObjects.compactMap({ $0 as? String }) ?? [] {
                files[name] = FileManager.default.contents(atPath: outside.appendingPathComponent(name).path)
            }
            return files
        }
    }

    /// The environment without CI, so recording and review may write.
    private var local: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    @Test func recordRefusesAGoldenFolderLeavingThePack() throws {
        let scratch = try Scratch()
        let golden = try scratch.moveOutside("golden", as: "golden")
        try FileManager.default.removeItem(at: golden.appendingPathComponent("done.json"))
        let before = scratch.outsideFiles()
        let outcome = try CLI.run(["test", "--record"], in: scratch.root, environment: local)
        #expect(outcome.status == 2, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.errors.contains("rules/meetings/golden:1:1: error: leads outside the pack folder (to \(golden.path))"),
                "\(outcome.errors)")
        #expect(scratch.outsideFiles() == before, "nothing recorded outside the pack")
    }

    @Test func recordAndReviewRefuseAGoldenSubfolderLeavingThePack() throws {
        let scratch = try Scratch()
        let late = scratch.outside.appendingPathComponent("late")
        try FileManager.default.createDirectory(at: late, withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: late.appendingPathComponent("two-minutes.json.new"))
        try FileManager.default.createSymbolicLink(atPath: scratch.pack.appendingPathComponent("golden/late").path, withDestinationPath: late.path)
        try FileManager.default.createDirectory(at: scratch.pack.appendingPathComponent("fixtures/late"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scratch.pack.appendingPathComponent("fixtures/late-notice-2-min.json"),
                                         to: scratch.pack.appendingPathComponent("fixtures/late/two-minutes.json"))
        let before = scratch.outsideFiles()
        let recorded = try CLI.run(["test", "--record"], in: scratch.root, environment: local)
        #expect(recorded.status == 2)
        #expect(recorded.errors.contains("rules/meetings/golden/late:1:1: error: leads outside the pack folder"), "\(recorded.errors)")
        let reviewed = try CLI.run(["review", "--accept"], in: scratch.root, environment: local)
        #expect(reviewed.status == 2)
        #expect(reviewed.errors.contains("rules/meetings/golden/late:1:1: error: leads outside the pack folder"), "\(reviewed.errors)")
        #expect(scratch.outsideFiles() == before, "nothing recorded, accepted or rejected outside the pack")
    }

    @Test func aGoldenLinkedToASystemFileIsNeitherShownNorOverwritten() throws {
        let scratch = try Scratch()
        try scratch.link("golden/done.json", to: "/etc/passwd")
        try scratch.link("golden/countdown-last.json", to: scratch.outside.appendingPathComponent("secret.json").path)
        let before = scratch.outsideFiles()
        for arguments in [["test"], ["test", "--record"], ["review", "--accept"]] {
            let outcome = try CLI.run(arguments, in: scratch.root, environment: local)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.errors.contains("rules/meetings/golden/done.json:1:1: error: leads outside the pack folder (to /etc/passwd)"),
                    "\(arguments): \(outcome.errors)")
            #expect(!(outcome.output + outcome.errors).contains("root:") && !(outcome.output + outcome.errors).contains("s3cr3t"))
        }
        #expect(scratch.outsideFiles() == before)
    }

    @Test(arguments: ["badge.lua", "badges.lua", "pack.json"])
    func aRuleFileModuleOrManifestLinkedOutsideIsRefusedByEveryCommand(_ file: String) throws {
        let scratch = try Scratch()
        let target = try scratch.moveOutside(file, as: file)
        let expected = "rules/meetings/\(file):1:1: error: leads outside the pack folder (to \(target.path))"
        for arguments in [["check", "rules"], ["test"], ["eval", "rules/meetings", "rules/meetings/fixtures/done.json"],
                          ["bench", "rules/meetings", "--iterations", "1"]] {
            let outcome = try CLI.run(arguments, in: scratch.root, environment: local)
            #expect(outcome.status == 2, "\(arguments): \(outcome.errors)")
            #expect(outcome.errors.contains(expected), "\(arguments): \(outcome.errors)")
        }
    }

    @Test func aFixtureLinkedOutsideIsRefusedByEveryCommand() throws {
        let scratch = try Scratch()
        try scratch.link("fixtures/done.json", to: scratch.outside.appendingPathComponent("secret.json").path)
        for arguments in [["check", "rules"], ["test"], ["eval", "rules/meetings", "rules/meetings/fixtures/done.json"],
                          ["bench", "rules/meetings", "--iterations", "1"]] {
            let outcome = try CLI.run(arguments, in: scratch.root, environment: local)
            #expect(outcome.status == 2, "\(arguments): \(outcome.errors)")
            #expect(outcome.errors.contains("rules/meetings/fixtures/done.json:1:1: error: leads outside the pack folder"),
                    "\(arguments): \(outcome.errors)")
            #expect(!(outcome.output + outcome.errors).contains("s3cr3t"))
        }
    }

    @Test func linksInsideThePackAndFixturesNamedOutsideItStillWork() throws {
        let scratch = try Scratch()
        try FileManager.default.moveItem(at: scratch.pack.appendingPathComponent("golden/done.json"),
                                         to: scratch.pack.appendingPathComponent("done-golden.json"))
        try scratch.link("golden/done.json", to: "../done-golden.json")
        #expect(try CLI.run(["test"], in: scratch.root, environment: local).output.hasSuffix("\(BundledFixtures.meetings) passed, 0 failed\n"))
        let own = scratch.outside.appendingPathComponent("moment.json")
        try FileManager.default.copyItem(at: scratch.pack.appendingPathComponent("fixtures/done.json"), to: own)
        let evaluated = try CLI.run(["eval", "rules/meetings", own.path], in: scratch.root, environment: local)
        #expect(evaluated.status == 0, "a fixture named outside the pack is the user's own file: \(evaluated.errors)")
    }
}
