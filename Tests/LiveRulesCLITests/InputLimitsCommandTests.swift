import Foundation
import Testing

/// Pack files past their limits, as the CLI reports them: one line naming the file.
@Suite struct InputLimitsCommandTests {
    @Test func aHugeFixtureIsBadInputBeforeItIsRead() throws {
        let root = try CLI.copyOfPack("meetings")
        let huge = root.appendingPathComponent("rules/meetings/fixtures/huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        // The size in the message is the file's, from fstat: a refusal after reading could only
        // say "more than 65536".
        let outcome = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/huge.json"], in: root)
        #expect(outcome.status == 2)
        #expect(outcome.errors == "rules/meetings/fixtures/huge.json:1:1: error: the file has 209715200 bytes; a fixture may have at most 65536 (64 KiB)\n")
        let check = try CLI.run(["check", "rules/meetings"], in: root)
        #expect(check.status == 1)
        #expect(check.errors.contains("rules/meetings/fixtures/huge.json:1:1: error: the file has 209715200 bytes"), "\(check.errors)")
    }

    @Test func aManifestPastALimitIsBadInputNamingItsPlace() throws {
        let deep = String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000)
        let root = try CLI.copyOfPack("meetings")
        let manifest = root.appendingPathComponent("rules/meetings/pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: #""timeZone": "string""#, with: #""timeZone": "\#(deep)""#)
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let eval = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/done.json"], in: root)
        #expect(eval.status == 2)
        #expect(eval.errors == "rules/meetings/pack.json:11:21: error: lists nested deeper than 32 levels\n")
    }
}
