import ChildOutput
import Foundation

/// A `liverules` server (`preview`, `serve`) in a process of its own: the first output it prints
/// (where it listens), its standard error collected as it comes, and a stop that ends it and
/// stops reading.
public final class ChildServer: @unchecked Sendable {
    /// What the server printed first.
    public let firstOutput: String
    private let process: Process
    /// The server's standard error, read as it comes.
    private let errors = PipeCollector()

    /// Runs `executable arguments` in `folder` (with `environment` when given) and waits for its
    /// first output.
    public init(_ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) async throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors.pipe
        try process.run()
        errors.start()
        firstOutput = try await HTTPTestClient.onThread { String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
    }

    deinit { stop() }

    /// The port of a first output `<prefix>http://127.0.0.1:<port>/…`, or nil.
    public func port(after prefix: String) -> Int? {
        guard firstOutput.hasPrefix(prefix + "http://127.0.0.1:") else { return nil }
        return Int(firstOutput.split(separator: ":")[2].prefix { $0.isNumber })
    }

    /// What the server wrote to standard error so far.
    public var log: String {
        errors.text
    }

    /// Sends the server SIGTERM, as an operator's `kill` or a service manager does.
    public func terminate() {
        process.terminate()
    }

    /// Waits for the server to exit; its exit status.
    public func exitStatus() async throws -> Int32 {
        try await HTTPTestClient.onThread { [process] in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Ends the server (SIGTERM, or SIGKILL when `killing`) and waits for it to exit.
    public func stop(killing: Bool = false) {
        if process.isRunning {
            if killing { kill(process.processIdentifier, SIGKILL) } else { process.terminate() }
            process.waitUntilExit()
        }
    }
}
