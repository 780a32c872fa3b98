import Foundation
import TestPacks

/// One document's blocks run as a reader types them: in one folder that starts as a fresh copy
/// of the repository's `rules/`, with the built `liverules` first on PATH, far from UTC.
final class DocumentSession {
    /// Where the commands run: it holds `rules/`.
    let folder: URL
    private let bin: URL

    init() throws {
        let manager = FileManager.default
        let root = TemporaryFolder.path("docs")
        folder = root.appendingPathComponent("work")
        bin = root.appendingPathComponent("bin")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.createDirectory(at: bin, withIntermediateDirectories: true)
        try manager.copyItem(at: Paths.root.appendingPathComponent("rules"), to: folder.appendingPathComponent("rules"))
        try manager.createSymbolicLink(at: bin.appendingPathComponent("liverules"),
                                       withDestinationURL: Bundle.main.bundleURL.appendingPathComponent("liverules"))
    }

    deinit { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

    /// What `command` prints (standard error merged into standard output), run by bash.
    func run(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "exec 2>&1\n" + command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // A zone 12:45 from UTC: what the documents show must not depend on the reader's zone.
        environment["TZ"] = "Pacific/Chatham"
        environment["CI"] = nil
        process.environment = environment
        let finished = try FinishedProcess.run(process)
        return String(decoding: finished.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Applies the unified diff `text` (paths relative to the folder); returns git's complaint
    /// when it does not apply.
    func apply(_ text: String) throws -> String? {
        let patch = folder.deletingLastPathComponent().appendingPathComponent("edit.diff")
        try text.write(to: patch, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "apply", "-p0", "--recount", patch.path]
        process.currentDirectoryURL = folder
        let finished = try FinishedProcess.run(process)
        return finished.status == 0 ? nil : String(decoding: finished.errors + finished.output, as: UTF8.self)
    }
}
