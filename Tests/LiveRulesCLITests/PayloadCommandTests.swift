import CurlCapture
import Foundation
import Testing
import TestPacks

/// `liverules payload`, `payload validate` and `payload --batch`, run as a backend runs them.
@Suite struct PayloadCommandTests {
    let goal = "rules/match/fixtures/live-goal-alerts.json"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func buildsHeadersAndBody() throws {
        let outcome = try CLI.run(["payload", "rules/match", goal, "--event", "start"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let payload = try json(outcome.output)
        let headers = try #require(payload["headers"] as? [String: String])
        #expect(headers == ["apns-push-type": "liveactivity", "apns-topic": "com.example.scores.push-type.liveactivity", "apns-priority": "10"])
        let aps = try #require((payload["body"] as? [String: Any])?["aps"] as? [String: Any])
        #expect(aps["attributes-type"] as? String == "MatchAttributes")
        #expect(aps["event"] as? String == "start")
        #expect((aps["content-state"] as? [String: Any])?["updatedAt"] as? Int == 800_636_910)
    }

    @Test func curlIsAReadyHTTP2Request() throws {
        let outcome = try CLI.run(["payload", "rules/match", goal, "--format", "curl"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.hasPrefix("curl --http2 "))
        #expect(outcome.output.contains("--header \"authorization: bearer $APNS_TOKEN\""))
        #expect(outcome.output.contains("--header 'apns-topic: com.example.scores.push-type.liveactivity'"))
        #expect(outcome.output.contains("--header 'apns-priority: 10'"))
        #expect(outcome.output.contains("'\\''"), "the apostrophe in 64' is quoted for the shell")
        #expect(outcome.output.hasSuffix("\"https://api.push.apple.com/3/device/$DEVICE_TOKEN\"\n"))
        // The shell gives curl the body byte for byte.
        let captured = try CapturedCurl(outcome.output, shell: "/bin/sh")
        let body = try #require(captured.arguments.firstIndex(of: "--data-binary").map { captured.arguments[$0 + 1] })
        #expect((try json(body)["aps"] as? [String: Any])?["alert"] != nil)
    }

    @Test func androidCurlTakesTheTokenFromTheEnvironment() throws {
        let outcome = try CLI.run(["payload", "rules/match", goal, "--platform", "android", "--format", "curl"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains(#","token":"'"$FCM_TOKEN"'"}}'"#), "\(outcome.output)")
        #expect(outcome.output.hasSuffix("\"https://fcm.googleapis.com/v1/projects/$FCM_PROJECT_ID/messages:send\"\n"))
        let captured = try CapturedCurl(outcome.output, shell: "/bin/sh")
        let body = try #require(captured.arguments.firstIndex(of: "--data-binary").map { captured.arguments[$0 + 1] })
        let message = try #require(try json(body)["message"] as? [String: Any])
        #expect(message["token"] as? String == CapturedCurl.environment["FCM_TOKEN"])
        #expect((message["data"] as? [String: String])?["title"] == "Arsenal 2–1 Chelsea")
    }

    @Test func androidMessageIsAnFCMDataMessage() throws {
        let outcome = try CLI.run(["payload", "rules/match", goal, "--platform", "android"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let message = try #require(try json(outcome.output)["message"] as? [String: Any])
        let data = try #require(message["data"] as? [String: String])
        #expect(data["title"] == "Arsenal 2–1 Chelsea" && data["ongoing"] == "true" && data["requestPromotedOngoing"] == "true")
        #expect((message["android"] as? [String: String])?["priority"] == "high")
        #expect(message["token"] == nil, "the sender sets message.token")
    }

    @Test func aTimestampNotNewerIsRefused() throws {
        let outcome = try CLI.run(["payload", "rules/match", goal, "--previous-timestamp", "1778944115"])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors.contains("\(goal):1:1: error: [timestamp-not-newer] aps.timestamp:"), "\(outcome.errors)")
    }

    @Test func validateReportsCodePathLineAndFix() throws {
        let folder = try CLI.copyOfPack("match", files: ["bad.json": """
            {"aps": {"timestamp": 1778944115000, "event": "update",
              "content-state": {"status": "live", "score": {"home": 2, "away": 1}, "updated_at": 800636910},
              "relevance-score": 100}}
            """])
        let outcome = try CLI.run(["payload", "validate", "rules/match", "rules/match/bad.json", "--now", "2026-05-16T15:08:35Z"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("rules/match/bad.json:1:23: error: [date-milliseconds] aps.timestamp: "), "\(outcome.errors)")
        #expect(outcome.errors.contains("rules/match/bad.json:2:86: error: [unknown-key] aps[\"content-state\"].updated_at: unknown key 'updated_at' — did you mean updatedAt?"))
        #expect(outcome.errors.contains("error: [missing-field]"))
        #expect(outcome.errors.contains("(fix: "))
    }

    @Test func warningsAloneExit0AndBuiltPayloadsValidate() throws {
        let built = try CLI.run(["payload", "rules/match", goal])
        // The built body with a member the app's state does not have.
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(built.output.utf8)) as? [String: Any])
        var aps = try #require((payload["body"] as? [String: Any])?["aps"] as? [String: Any])
        var state = try #require(aps["content-state"] as? [String: Any])
        state["venue"] = "Emirates"
        aps["content-state"] = state
        let extra = String(decoding: try JSONSerialization.data(withJSONObject: ["aps": aps]), as: UTF8.self)
        let folder = try CLI.copyOfPack("match", files: ["built.json": built.output, "extra.json": extra])
        let clean = try CLI.run(["payload", "validate", "rules/match", "rules/match/built.json", "--now", "2026-05-16T15:08:35Z"], in: folder)
        #expect(clean.status == 0 && clean.errors.isEmpty, "\(clean.errors)")
        let warned = try CLI.run(["payload", "validate", "rules/match", "rules/match/extra.json", "--now", "1778944115"], in: folder)
        #expect(warned.status == 0)
        #expect(warned.errors.contains("warning: [unknown-key]"), "\(warned.errors)")
    }

    static let lines = [
        #"{"now":"2026-05-16T15:08:35Z","attributes":{"home":{"name":"Arsenal","code":"ARS"},"away":{"name":"Chelsea","code":"CHE"},"kickoff":"2026-05-16T14:00:00Z","timeZone":"Europe/London"},"state":{"status":"live","score":{"home":2,"away":1},"updatedAt":"2026-05-16T15:08:30Z"},"id":"a"}"#,
        #"{"now":"2026-05-16T15:08:35Z","attributes":{"#,
        #"{"now":"2026-05-16T15:08:35Z","attributes":{"home":{"name":"Arsenal","code":"ARS"},"away":{"name":"Chelsea","code":"CHE"},"kickoff":"2026-05-16T14:00:00Z","timeZone":"Europe/London"},"state":{"status":"live","score":{"home":2,"away":1},"updatedAt":"2026-05-16T15:08:30Z"},"id":"b"}"#,
        "",
        #"{"now":"2026-05-16T15:08:35Z","attributes":{"home":{"name":"Arsenal","code":"ARS"},"away":{"name":"Chelsea","code":"CHE"},"kickoff":"2026-05-16T14:00:00Z","timeZone":"Europe/London"},"state":{"status":"halfTime","score":{"home":2,"away":1},"updatedAt":"2026-05-16T15:08:30Z"}}"#,
    ]

    @Test func batchKeepsOrderAndReportsABadLine() throws {
        let folder = try CLI.copyOfPack("match", files: ["states.jsonl": Self.lines.joined(separator: "\n") + "\n"])
        let outcome = try CLI.run(["payload", "--batch", "rules/match", "rules/match/states.jsonl", "--workers", "2"], in: folder)
        #expect(outcome.status == 1)
        let output = outcome.output.split(separator: "\n").map(String.init)
        #expect(output.count == 4)
        #expect(try json(output[0])["id"] as? String == "a")
        #expect(try json(output[1])["line"] as? Int == 2)
        #expect(try json(output[2])["id"] as? String == "b")
        #expect(try json(output[3])["headers"] != nil)
        #expect(outcome.errors.hasPrefix("rules/match/states.jsonl:2:"), "\(outcome.errors)")
    }

    @Test func groupCountsIdenticalPayloads() throws {
        let good = [Self.lines[0], Self.lines[2], Self.lines[4], Self.lines[0], Self.lines[0]]
        let folder = try CLI.copyOfPack("match", files: ["states.jsonl": good.joined(separator: "\n")])
        let outcome = try CLI.run(["payload", "--batch", "--group", "rules/match", "rules/match/states.jsonl"], in: folder)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let cohorts = try outcome.output.split(separator: "\n").map { try json(String($0)) }
        // Lines 1, 2, 4 and 5 differ only by id: one cohort of 4; the half-time line is its own.
        #expect(cohorts.map { $0["count"] as? Int } == [4, 1])
        #expect(cohorts.map { $0["firstLine"] as? Int } == [1, 3])
    }

    @Test func batchStreamsLinesAsTheyArrive() throws {
        let folder = try CLI.copyOfPack("match")
        let fifo = folder.appendingPathComponent("queue").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let running = try RunningCLI(["payload", "--batch", "rules/match", fifo], in: folder)
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        writer.write(Data((Self.lines[0] + "\n").utf8))
        // The first payload comes out while the input is still open.
        #expect(running.wait(for: "\"id\":\"a\"}\n"), "\(running.output)")
        writer.write(Data((Self.lines[2] + "\n").utf8))
        #expect(running.wait(for: "\"id\":\"b\"}\n"), "\(running.output)")
        try writer.close()
    }

    @Test func aPackWithoutPushSettingsSaysWhatToAdd() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("rules/match/pack.json"), encoding: .utf8)
        let start = try #require(manifest.range(of: ",\n  \"push\": {"))
        let folder = try CLI.copyOfPack("match", files: ["pack.json": String(manifest[..<start.lowerBound]) + "\n}\n"])
        let outcome = try CLI.run(["payload", "rules/match", "rules/match/fixtures/live-goal-alerts.json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("rules/match/pack.json:1:1: error: the pack match has no \"push\" settings"), "\(outcome.errors)")
    }

    @Test func checkReportsBadPushSettings() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("rules/match/pack.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"attributesType\": \"MatchAttributes\"", with: "\"attributesType\": \"MatchAttributes\", \"keys\": {\"MatchContentState\": {\"lastEvnt\": \"last_event\"}}")
        let folder = try CLI.copyOfPack("match", files: ["pack.json": manifest])
        let outcome = try CLI.run(["check", "rules/match"], in: folder)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("rules/match/pack.json:"), "\(outcome.errors)")
        #expect(outcome.errors.contains("'lastEvnt' is not a field of MatchContentState — did you mean lastEvent?"), "\(outcome.errors)")
    }
}
