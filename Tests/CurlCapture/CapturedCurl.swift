import Foundation
import TestPacks

/// What a printed `curl` command hands to `curl` when a shell runs it as a script (`sh send.sh`).
///
/// The command runs in a fresh folder, sourced by `shell` in which `curl` is a function that
/// writes each of its arguments followed by a NUL (no argument can hold one), with the token
/// variables set to ``environment``. Anything the command runs besides `curl` shows as a file in
/// ``leftovers`` (the hostile texts try `touch pwned`) or as a message in ``errors``.
public struct CapturedCurl {
    /// The shells a backend runs the commands with.
    public static let shells = ["/bin/sh", "/bin/bash"]

    /// Token values that would split, glob and expand if the shell read them again; the FCM
    /// token is one FCM could issue (no JSON escapes needed).
    public static let environment = [
        "APNS_TOKEN": "eyJ.apns $HOME * `id`",
        "DEVICE_TOKEN": "0123abcd device",
        "FCM_ACCESS_TOKEN": "ya29.access $PATH *",
        "FCM_PROJECT_ID": "project-42",
        "FCM_TOKEN": "fcm:APA91b-token_9 $HOME *",
    ]

    /// The arguments `curl` received, in order.
    public var arguments: [String]
    /// Files in the folder other than the script.
    public var leftovers: [String]
    /// What the shell wrote on standard error.
    public var errors: String
    /// The shell's exit status.
    public var status: Int32

    /// Runs `command` in `shell`.
    public init(_ command: String, shell: String) throws {
        let manager = FileManager.default
        let run = TemporaryFolder.path("curl")
        let folder = run.appendingPathComponent("folder")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: run) }
        try Data(command.utf8).write(to: folder.appendingPathComponent("send.sh"))
        let output = run.appendingPathComponent("arguments"), errors = run.appendingPathComponent("errors")
        for file in [output, errors] { _ = manager.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", #"curl() { for argument in "$@"; do printf '%s\0' "$argument"; done; }; . ./send.sh"#]
        process.currentDirectoryURL = folder
        process.environment = Self.environment.merging(["PATH": "/usr/bin:/bin", "HOME": run.path]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        let written = try Data(contentsOf: output)
        arguments = written.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        leftovers = try manager.contentsOfDirectory(atPath: folder.path).filter { $0 != "send.sh" }.sorted()
        self.errors = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        status = process.terminationStatus
    }
}
