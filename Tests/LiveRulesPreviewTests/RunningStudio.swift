import Foundation

/// `liverules preview` as a user runs it, in a process of its own (its server never waits on this
/// test process's threads), on a free loopback port, over a copy of the bundled packs in a
/// temporary folder (so tests may edit rules and have goldens written).
final class RunningStudio: @unchecked Sendable {
    /// The package root (this file is Tests/LiveRulesPreviewTests/RunningStudio.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let folder: URL
    let rules: URL
    let port: Int
    /// The token the served page carries.
    let token: String
    private let process: Process

    /// Copies `packs` of `rules/` and serves them; with `ci`, `CI` is set for the server.
    init(packs: [String] = ["meetings"], ci: Bool = false) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        rules = folder.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        for pack in packs {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("rules/\(pack)"), to: rules.appendingPathComponent(pack))
        }
        process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = ["preview", rules.path, "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = ci ? "1" : nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = try await HTTPTestClient.onThread { String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
        guard line.hasPrefix("preview studio at http://127.0.0.1:"),
              let port = Int(line.split(separator: ":")[2].prefix { $0.isNumber }) else {
            process.terminate()
            throw HTTPTestError("liverules preview did not start: \(line)")
        }
        self.port = port
        let page = try await HTTPTestClient.request(port: port, "GET", "/")
        guard let start = page.body.range(of: "name=\"liverules-token\" content=\"") else { throw HTTPTestError("no token in the page") }
        token = String(page.body[start.upperBound...].prefix { $0 != "\"" })
    }

    deinit { stop() }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        try await HTTPTestClient.request(port: port, method, target, headers: headers, body: body)
    }

    /// The studio's JSON (`/api/studio`).
    func snapshot() async throws -> [String: Any] {
        try await request("GET", "/api/studio").json
    }

    /// The first pack's path as the studio names it.
    func packPath() async throws -> String {
        ((try await snapshot()["packs"] as? [[String: Any]])?.first?["path"] as? String) ?? ""
    }

    /// Case `id` of the first pack as the studio shows it now.
    func studioCase(_ id: String) async throws -> [String: Any]? {
        Self.studioCase(id, in: try await snapshot())
    }

    private static func studioCase(_ id: String, in snapshot: [String: Any]) -> [String: Any]? {
        ((snapshot["packs"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    /// The studio's revision now.
    func revision() async throws -> Int {
        try await snapshot()["revision"] as? Int ?? -1
    }

    /// Waits until the studio's revision passes `revision`; false after `timeout` seconds (by
    /// default far past what it takes on a slow, loaded machine). Polls: returns once it did.
    func waitForRevision(after revision: Int, timeout: Double = 60) async throws -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try await self.revision() > revision { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Waits, as ``waitForRevision(after:timeout:)`` does, until case `id` of the first pack
    /// satisfies `done`; returns it and the revision the studio showed it at, or nil. A save may
    /// reach the studio as more than one batch, each rendered: wait for what the save shows.
    func waitForCase(
        _ id: String, timeout: Double = 60, until done: ([String: Any]) -> Bool
    ) async throws -> (case: [String: Any], revision: Int)? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            let snapshot = try await snapshot()
            if let found = Self.studioCase(id, in: snapshot), done(found) { return (found, snapshot["revision"] as? Int ?? -1) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
