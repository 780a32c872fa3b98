import Foundation

/// Runs the built `liverules` binary as a user runs it, in real folders.
struct CLI {
    /// The package root (this file is Tests/LiveRulesCLITests/CLITestSupport.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `liverules arguments…` in `folder` (the package root by default).
    static func run(_ arguments: [String], in folder: URL = root, environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    /// Runs `liverules <command>` (shell words) in `folder` on a pseudo-terminal made by
    /// util-linux's `script`, typing `input`; returns what the terminal showed.
    static func runOnTerminal(_ command: String, in folder: URL, environment: [String: String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", Bundle.main.bundleURL.appendingPathComponent("liverules").path + " " + command, "/dev/null"]
        process.currentDirectoryURL = folder
        process.environment = environment
        let keyboard = Pipe(), screen = Pipe()
        process.standardInput = keyboard
        process.standardOutput = screen
        try process.run()
        if let input { keyboard.fileHandleForWriting.write(Data(input.utf8)) }
        let shown = String(decoding: screen.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return shown
    }

    /// A copy of `rules/<pack>` in a temporary folder (as `<tmp>/rules/<pack>`), with `files`
    /// (path → contents) written over it. Returns the temporary root.
    static func copyOfPack(_ pack: String, files: [String: String] = [:]) throws -> URL {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory.appendingPathComponent("liverules-cli-\(UUID().uuidString)")
        let destination = temporary.appendingPathComponent("rules/\(pack)")
        try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: root.appendingPathComponent("rules/\(pack)"), to: destination)
        for (path, contents) in files {
            let url = destination.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return temporary
    }
}
