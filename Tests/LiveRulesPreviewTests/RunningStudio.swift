#if Studio
import Foundation
import HTTPTestSupport
import TestPacks

/// `liverules preview` as a user runs it, in a process of its own (its server never waits on this
/// test process's threads), on a free loopback port, over a copy of the bundled packs in a
/// temporary folder (so tests may edit rules and have goldens written).
final class RunningStudio: @unchecked Sendable {
    let folder: URL
    let rules: URL
    let port: Int
    /// The token the served page carries.
    let token: String
    private let server: ChildServer

    /// Copies `packs` of `rules/`, with each file of `edits` (a path under `rules/`) changed by
    /// its function, and serves them; with `ci`, `CI` is set for the server. With `oneCPU`, the
    /// server runs on one CPU (util-linux's `taskset`): Swift's cooperative pool, which runs the
    /// request handlers, is then one thread wide, as on a one-core machine.
    init(
        packs: [String] = ["meetings"], ci: Bool = false, edits: [String: @Sendable (String) -> String] = [:], oneCPU: Bool = false
    ) async throws {
        folder = TemporaryFolder.path("preview")
        rules = folder.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        for pack in packs {
            try FileManager.default.copyItem(at: Paths.root.appendingPathComponent("rules/\(pack)"), to: rules.appendingPathComponent(pack))
        }
        for (path, edit) in edits {
            let file = rules.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            guard edit(text) != text else { throw HTTPTestError("the edit of \(path) changes nothing") }
            try edit(text).write(to: file, atomically: true, encoding: .utf8)
        }
        let binary = Bundle.main.bundleURL.appendingPathComponent("liverules")
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = ci ? "1" : nil
        server = try await ChildServer(oneCPU ? URL(fileURLWithPath: "/usr/bin/taskset") : binary,
                                       (oneCPU ? ["--cpu-list", "0", binary.path] : []) + ["preview", rules.path, "--port", "0"],
                                       environment: environment)
        guard let port = server.port(after: "preview studio at ") else {
            server.stop()
            throw HTTPTestError("liverules preview did not start: \(server.firstOutput)")
        }
        self.port = port
        let page = try await HTTPTestClient.request(port: port, "GET", "/")
        guard let start = page.body.range(of: "name=\"liverules-token\" content=\"") else { throw HTTPTestError("no token in the page") }
        token = String(page.body[start.upperBound...].prefix { $0 != "\"" })
    }

    deinit { stop() }

    /// `method target` as it is (no token unless `headers` has it).
    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        try await HTTPTestClient.request(port: port, method, target, headers: headers, body: body)
    }

    /// `method target` as it is, read up to the end of the first response (its head, when it has
    /// no length: an event stream), so that a stream wrongly opened fails a test, not hangs it.
    func ask(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        guard let response = try await HTTPTestClient.raw(port: port, text, count: 1).first else { throw HTTPTestError("no answer to \(method) \(target)") }
        return response
    }

    /// `method target` with the token, as the page asks the API.
    func api(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        try await request(method, target, headers: headers.merging(["X-LiveRules-Token": token]) { given, _ in given }, body: body)
    }

    /// `GET target` with the token on a connection of its own, answered in the background.
    func open(_ target: String) throws -> OpenRequest {
        try OpenRequest(port: port, target, headers: ["X-LiveRules-Token": token])
    }

    /// The studio's JSON (`/api/studio`).
    func snapshot() async throws -> [String: Any] {
        try await api("GET", "/api/studio").json
    }

    /// What the server wrote to standard error so far.
    var log: String {
        server.log
    }

    /// Waits until the server wrote `marker` to standard error, at most `timeout` seconds (by
    /// default far past what it takes on a slow, loaded machine); whether it did.
    func waitForLog(_ marker: String, timeout: Double = 60) async throws -> Bool {
        try await waitForLog(timeout: timeout) { $0.contains(marker) }
    }

    /// Waits, as ``waitForLog(_:timeout:)`` does, until what the server wrote satisfies `done`.
    func waitForLog(timeout: Double = 60, until done: (String) -> Bool) async throws -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if done(log) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
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

    /// Ends the studio and removes its folder.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
#endif
