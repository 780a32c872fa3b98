import Foundation
import Hummingbird
@testable import LiveRulesPreview

/// The studio served by a real Hummingbird server on a free loopback port, over a copy of the
/// bundled packs in a temporary folder (so tests may edit rules and have goldens written).
final class RunningStudio: @unchecked Sendable {
    /// The package root (this file is Tests/LiveRulesPreviewTests/RunningStudio.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let folder: URL
    let rules: URL
    let studio: PreviewStudio
    let server: PreviewServer
    let port: Int
    private let task: Task<Void, any Error>

    /// Copies `packs` of `rules/` and serves them.
    init(packs: [String] = ["meetings"], readOnlyReason: String? = nil) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        rules = folder.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        for pack in packs {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("rules/\(pack)"), to: rules.appendingPathComponent(pack))
        }
        studio = try PreviewStudio(paths: [rules.path], quiet: .milliseconds(20), readOnlyReason: readOnlyReason)
        server = PreviewServer(studio: studio, port: 0)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { port in continuation.yield(port) }
        task = Task { try await app.run() }
        var found: Int?
        for await port in ports {
            found = port
            break
        }
        guard let found else { throw HTTPTestError("the server did not start") }
        port = found
    }

    /// The display path the studio gives pack `name`.
    func packPath(_ name: String) -> String { rules.path + "/" + name }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") async throws -> HTTPTestResponse {
        try await HTTPTestClient.request(port: port, method, target, headers: headers, body: body)
    }

    /// Waits until the studio's revision passes `revision`; false after `timeout` seconds.
    func waitForRevision(after revision: Int, timeout: Double = 5) async -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if studio.revision > revision { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    func stop() {
        studio.stop()
        task.cancel()
        try? FileManager.default.removeItem(at: folder)
    }
}
