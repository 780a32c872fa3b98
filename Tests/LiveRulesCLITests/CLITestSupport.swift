import Foundation
import TestPacks

/// Runs the built `liverules` binary as a user runs it, in real folders.
struct CLI {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `liverules arguments…` in `folder` (the package root by default); throws when it
    /// does not finish within a minute.
    static func run(_ arguments: [String], in folder: URL = Paths.root, environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let finished = try FinishedProcess.run(process)
        return Outcome(status: finished.status,
                       output: String(decoding: finished.output, as: UTF8.self), errors: String(decoding: finished.errors, as: UTF8.self))
    }

    /// Runs `liverules <command>` (shell words) in `folder` on a pseudo-terminal made by
    /// util-linux's `script`, typing `input`; returns what the terminal showed. Throws when it
    /// does not finish within a minute.
    static func runOnTerminal(_ command: String, in folder: URL, environment: [String: String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", Bundle.main.bundleURL.appendingPathComponent("liverules").path + " " + command, "/dev/null"]
        process.currentDirectoryURL = folder
        process.environment = environment
        let finished = try FinishedProcess.run(process, typing: Data((input ?? "").utf8))
        return String(decoding: finished.output, as: UTF8.self)
    }

    /// A copy of `rules/<pack>` in a temporary folder (as `<tmp>/rules/<pack>`), with `files`
    /// (path → contents) written over it. Returns the temporary root.
    static func copyOfPack(_ pack: String, files: [String: String] = [:]) throws -> URL {
        let manager = FileManager.default
        let temporary = TemporaryFolder.path("cli")
        let destination = temporary.appendingPathComponent("rules/\(pack)")
        try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: Paths.root.appendingPathComponent("rules/\(pack)"), to: destination)
        for (path, contents) in files {
            let url = destination.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return temporary
    }

    /// A copy of meetings (as ``copyOfPack(_:files:)``) whose combo drops the next meeting's
    /// countdown when its title is one long Latin word: a bug no golden sees (no fixture has
    /// such a title) and explore finds.
    static func meetingsDroppingTheCountdown() throws -> URL {
        let layout = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/layout.lua"), encoding: .utf8)
        let planted = layout.replacingOccurrences(of: "  local texts, glance = content.of(input)\n", with: """
              local texts, glance = content.of(input)
              local following = input.facts["next"]
              if input.phase == "combo" and following and following.title:match("^%a+$") and #following.title > 30 then
                texts.nextCountdown = nil
              end

            """)
        guard planted != layout else { throw CocoaError(.fileReadCorruptFile) }
        return try copyOfPack("meetings", files: ["layout.lua": planted])
    }
}
