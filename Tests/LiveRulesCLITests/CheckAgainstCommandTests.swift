import Foundation
import Testing
import TestPacks

/// `liverules check --against`: content-state changes since an older version, from a folder or
/// a git revision, reported at the new `pack.json`'s lines.
@Suite struct CheckAgainstCommandTests {
    /// The meetings manifest with `start` renamed `startsAt` and a new required `room`.
    private static let changedManifest: String = {
        let text = try! String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/pack.json"), encoding: .utf8)
        return text.replacingOccurrences(of: #""start": "date","#, with: #""startsAt": "date", "room": "string?", "floor": "integer","#)
    }()

    /// The line of the changed manifest that declares `startsAt`: every finding is on it.
    private static let line = changedManifest.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("\"startsAt\"") }! + 1

    private static let expected = [
        "rules/meetings/pack.json:\(line):21: error: content state field 'start' was renamed to 'startsAt' (meetings[].startsAt): activities already running look for 'start' and cannot decode updates; keep sending 'start' (a CodingKeys entry in the app) until they have ended",
        "rules/meetings/pack.json:\(line):57: error: content state field 'meetings[].floor' is new and not optional: activities already running cannot decode updates that carry it; make it optional ('?') or start new activities for it",
    ]

    private func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=LiveRules", "-c", "user.email=tests@liverules.invalid"] + arguments
        let finished = try FinishedProcess.run(process)
        #expect(finished.status == 0, "git \(arguments): \(String(decoding: finished.errors, as: UTF8.self))")
    }

    /// The lines of `check` that are about the schema's evolution (the fixtures, written for
    /// the older schema, fail too).
    private func evolutionLines(_ outcome: CLI.Outcome) -> [String] {
        outcome.errors.split(separator: "\n").map(String.init).filter { $0.hasPrefix("rules/meetings/pack.json") }
    }

    @Test func anOlderFolderIsComparedWith() throws {
        let root = try CLI.copyOfPack("meetings")
        let older = root.appendingPathComponent("older")
        try FileManager.default.copyItem(at: root.appendingPathComponent("rules"), to: older)
        try Self.changedManifest.write(to: root.appendingPathComponent("rules/meetings/pack.json"), atomically: true, encoding: .utf8)
        for against in ["older", "older/meetings"] {
            let outcome = try CLI.run(["check", "rules/meetings", "--against", against], in: root)
            #expect(outcome.status == 1)
            #expect(evolutionLines(outcome) == Self.expected, "\(outcome.errors)")
        }
        let unchanged = try CLI.run(["check", "older", "--against", "older"], in: root)
        #expect(unchanged.status == 0, "\(unchanged.errors)")
        #expect(unchanged.errors.isEmpty)
    }

    @Test func aGitRevisionIsComparedWith() throws {
        let root = try CLI.copyOfPack("meetings")
        try git(["init", "-q"], in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-qm", "meetings 1.0"], in: root)
        try Self.changedManifest.write(to: root.appendingPathComponent("rules/meetings/pack.json"), atomically: true, encoding: .utf8)
        // From the pack's own folder too: the revision's path is the pack folder's.
        let outcome = try CLI.run(["check", "rules/meetings", "--against", "HEAD"], in: root)
        #expect(evolutionLines(outcome) == Self.expected, "\(outcome.errors)")
        let clean = try CLI.run(["check", "rules/meetings", "--against", "HEAD"], in: try CLI.copyOfPack("meetings"))
        #expect(clean.errors.contains("is neither a folder nor a revision of the git repository holding rules/meetings"), "\(clean.errors)")
        #expect(clean.status == 1)
    }

    @Test func aPackTheOlderVersionLacksIsAWarning() throws {
        let root = try CLI.copyOfPack("meetings")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let outcome = try CLI.run(["check", "rules/meetings", "--against", "empty"], in: root)
        #expect(outcome.status == 0)
        #expect(outcome.errors == "rules/meetings/pack.json:1:1: warning: no older version of pack 'meetings' in empty: nothing to compare\n")
    }
}
