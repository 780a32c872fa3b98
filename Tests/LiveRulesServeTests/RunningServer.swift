#if Service
import Foundation
import HTTPTestSupport
import TestPacks

/// `liverules serve` as an operator runs it, in a process of its own, on a free loopback port.
/// By default it serves the bundled packs where they are (read only); with `copying`, copies of
/// those packs in a temporary folder, which tests may edit.
final class RunningServer: @unchecked Sendable {
    /// The package's bundled packs.
    static let rules = Paths.root.appendingPathComponent("rules")

    /// The folder of the packs served.
    let rules: URL
    let port: Int
    private let scratch: URL?
    private let server: ChildServer

    /// Serves `packs` of `rules/` (all by default) with `options` (`--max-concurrent 1`…); with
    /// `copying`, serves copies, each file of `edits` (a path under the copies' folder) changed
    /// by its function first. Unless `options` set `--read-timeout`, a client may pause for an
    /// hour: a test process starved by a loaded machine must not meet the 30-s default, which
    /// only the tests of timeouts are about.
    init(packs: [String]? = nil, copying: Bool = false, edits: [String: @Sendable (String) -> String] = [:], options: [String] = []) async throws {
        var scratch: URL?
        if copying {
            let folder = TemporaryFolder.path("serve")
            let rules = folder.appendingPathComponent("rules")
            try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
            for pack in packs ?? ["meetings", "match", "delivery"] {
                try FileManager.default.copyItem(at: Self.rules.appendingPathComponent(pack), to: rules.appendingPathComponent(pack))
            }
            for (path, edit) in edits { try Self.edit(rules.appendingPathComponent(path), edit) }
            scratch = folder
        }
        self.scratch = scratch
        let rules = scratch?.appendingPathComponent("rules") ?? Self.rules
        self.rules = rules
        let paths = copying || packs == nil ? [rules.path] : (packs ?? []).map { rules.appendingPathComponent($0).path }
        server = try await ChildServer(Bundle.main.bundleURL.appendingPathComponent("liverules"),
                                       ["serve"] + paths + ["--port", "0"] + Self.patient(options), in: Paths.root)
        guard let port = server.port(after: "serving at ") else {
            server.stop(killing: true)
            throw HTTPTestError("liverules serve did not start: \(server.firstOutput) \(server.log)")
        }
        self.port = port
    }

    deinit { stop() }

    /// Changes the file at `url` with `edit`, which must change something.
    static func edit(_ url: URL, _ edit: (String) -> String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard edit(text) != text else { throw HTTPTestError("the edit of \(url.lastPathComponent) changes nothing") }
        try edit(text).write(to: url, atomically: true, encoding: .utf8)
    }

    /// `method target` with `body` (and `headers`).
    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        try await HTTPTestClient.request(port: port, method, target, headers: headers, body: body)
    }

    /// `POST target` with `body`.
    func post(_ target: String, _ body: String) async throws -> HTTPTestResponse {
        try await request("POST", target, body: body)
    }

    /// What the server wrote to standard error so far: its reload log.
    var log: String { server.log }

    /// Waits until `done` holds, checking every 20 ms, at most `timeout` seconds (by default far
    /// past what it takes on a slow, loaded machine); whether it did.
    func wait(timeout: Double = 60, until done: () async throws -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if try await done() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// `options`, with `--read-timeout 3600` unless they set one.
    static func patient(_ options: [String]) -> [String] {
        options.contains("--read-timeout") ? options : options + ["--read-timeout", "3600"]
    }

    /// The running server process, to signal and wait for.
    var child: ChildServer { server }

    /// Ends the server at once and removes its copies.
    func stop() {
        server.stop(killing: true)
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }
}

/// The command line run on the same input as a server request, for comparing their outputs.
enum ServeCLI {
    /// Runs `liverules arguments` in a new temporary folder holding `files` (name: contents),
    /// with `input` on standard input: its exit status, standard output and standard error.
    static func run(_ arguments: [String], files: [String: String] = [:], input: String? = nil) throws -> (status: Int32, output: String, errors: String) {
        let folder = TemporaryFolder.path("serve-cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe(), keyboard = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = keyboard
        try process.run()
        keyboard.fileHandleForWriting.write(Data((input ?? "").utf8))
        try keyboard.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile(), reported = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: reported, as: UTF8.self))
    }

    /// What `liverules eval` prints (or reports) for `pack` and the content state `body`, the
    /// file named `body` as the server names a request body, with `options`.
    static func eval(_ pack: URL, _ body: String, options: [String] = []) throws -> (status: Int32, output: String, errors: String) {
        try run(["eval", pack.path, "body"] + options, files: ["body": body])
    }

    /// What `liverules payload --batch` writes for `pack` and the lines `body`, read from the
    /// file named `body`.
    static func batch(_ pack: URL, _ body: String, options: [String] = []) throws -> (status: Int32, output: String, errors: String) {
        try run(["payload", "--batch", pack.path, "body"] + options, files: ["body": body])
    }
}
#endif
