import Foundation
import Testing

/// Files past their limits, and files that are not files, through every command that reads
/// them: each is refused by its size before it is read (the message gives the size fstat
/// reported), or as not a file, in one line naming it; memory stays small (measured where GNU
/// time is installed) and nothing waits on a pipe.
@Suite struct FileLimitCommandTests {
    /// Makes `path` a sparse file of `bytes` (no disk or time spent on its contents).
    private func sparse(_ url: URL, bytes: UInt64) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: bytes)
        try handle.close()
    }

    /// Makes `url` a named pipe no one writes to: reading it whole would wait forever.
    private func fifo(_ url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o600) == 0)
    }

    /// Runs the command, measured where possible, and expects at most 64 MiB resident.
    private func run(_ arguments: [String], in root: URL) throws -> CLI.Outcome {
        guard MeasuredRun.isAvailable else { return try CLI.run(arguments, in: root) }
        let run = try MeasuredRun.run(arguments, in: root)
        #expect(run.peakResidentBytes < 64 << 20, "\(arguments): \(run.peakResidentBytes) bytes resident")
        return CLI.Outcome(status: run.status, output: run.output, errors: run.errors)
    }

    @Test func aHugeGoldenFailsItsCaseUnread() throws {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        try sparse(root.appendingPathComponent("rules/meetings/golden/done.json"), bytes: 1 << 30)
        let outcome = try run(["test", "rules/meetings"], in: root)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains(
            "done.json:1:1: error: the file has 1073741824 bytes; a golden may have at most 2097152 (2 MiB)"), "\(outcome.output)")
        let summary = "\(BundledFixtures.meetings - 1) passed, 1 failed"
        #expect(outcome.output.contains(summary) || outcome.errors.contains(summary), "\(outcome)")
    }

    @Test func aGoldenOrPendingFileThatIsAPipeIsNotAFile() throws {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        try fifo(root.appendingPathComponent("rules/meetings/golden/done.json"))
        let test = try run(["test", "rules/meetings"], in: root)
        #expect(test.status == 1)
        #expect(test.output.contains("done.json:1:1: error: cannot read the file: not a file"), "\(test.output)")
        let pending = root.appendingPathComponent("rules/meetings/golden/countdown-last.json.new")
        try fifo(pending)
        let review = try run(["review", "rules/meetings"], in: root)
        #expect(review.status == 2)
        #expect(review.errors == "rules/meetings/golden/countdown-last.json.new:1:1: error: cannot read the file: not a file\n")
        try FileManager.default.removeItem(at: pending)
        try sparse(pending, bytes: 3 << 20)
        let huge = try run(["review", "rules/meetings"], in: root)
        #expect(huge.status == 2)
        #expect(huge.errors == "rules/meetings/golden/countdown-last.json.new:1:1: error: the file has 3145728 bytes; "
            + "a pending golden may have at most 2097152 (2 MiB)\n")
    }

    @Test func aPushBodyPastItsLimitIsRefusedUnread() throws {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        let body = root.appendingPathComponent("body.json")
        try sparse(body, bytes: 512 << 20)
        let huge = try run(["payload", "validate", "rules/meetings", "body.json"], in: root)
        #expect(huge.status == 2)
        #expect(huge.errors == "body.json:1:1: error: the file has 536870912 bytes; a push body may have at most 65536 (64 KiB)\n")
        try fifo(body)
        let pipe = try run(["payload", "validate", "rules/meetings", "body.json"], in: root)
        #expect(pipe.status == 2)
        #expect(pipe.errors == "body.json:1:1: error: cannot read the file: not a file\n")
        let missing = try run(["payload", "validate", "rules/meetings", "nowhere.json"], in: root)
        #expect(missing.status == 2)
        #expect(missing.errors == "nowhere.json: error: no such file\n")
    }

    /// `check --against REV` reads the older `pack.json` from git: git is stopped once its
    /// output passes the manifest limit, so a blob of any size costs no more than the limit.
    @Test func anOlderManifestFromGitPastTheLimitIsRefused() throws {
        let root = try CLI.copyOfPack("meetings")
        defer { try? FileManager.default.removeItem(at: root) }
        let pack = root.appendingPathComponent("rules/meetings")
        let manifest = pack.appendingPathComponent("pack.json")
        let original = try Data(contentsOf: manifest)
        var big = Data(original.dropLast(2))
        big.append(Data((",\n  \"padding\": \"" + String(repeating: "x", count: 32 << 20) + "\"\n}\n").utf8))
        try big.write(to: manifest)
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "big"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", root.path] + arguments
            _ = try FinishedProcess.run(git)
        }
        try original.write(to: manifest)
        let outcome = try run(["check", "rules/meetings", "--against", "HEAD"], in: root)
        #expect(outcome.status == 2 || outcome.status == 1, "\(outcome)")
        #expect(outcome.errors.contains("a pack manifest may have at most 262144 (256 KiB)"), "\(outcome.errors)")
    }
}
