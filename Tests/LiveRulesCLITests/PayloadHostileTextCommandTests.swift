import CurlCapture
import Foundation
import Testing
import TestPacks

/// `liverules payload` with hostile text (the corpus in
/// `Tests/LiveRulesTests/Resources/hostile-push-texts.json`) in every text a fixture and the
/// rules put into a push: attributes and state, alert title and body, every field. For each
/// platform, event and format, what `--format curl` sends when a shell runs it is byte for byte
/// the body `--batch` printed (the validated one), the token only in its own place; `--format
/// json` and `--batch` carry the same payload; nothing in the text runs or expands.
@Suite struct PayloadHostileTextCommandTests {
    static let now = "2026-03-02T09:00:00Z"
    private let environment = CapturedCurl.environment

    /// The corpus, then a 520-byte text of placeholders, quotes, backticks and backslashes.
    private func texts() throws -> [String] {
        let file = Paths.root.appendingPathComponent("Tests/LiveRulesTests/Resources/hostile-push-texts.json")
        let texts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String])
        return texts + [String(repeating: "$FCM_TOKEN'`\\", count: 40)]
    }

    /// A pack whose rules put the state's `text` and the attributes' `name` verbatim into the
    /// badge, every field of every placement and the alert, and that always alerts.
    private func echoPack(fixtures: [String: String]) throws -> URL {
        var files = [
            "pack.json": """
                {
                  "name": "echo", "version": "1.0.0", "hostAPI": 1,
                  "schema": { "attributes": "EchoAttributes", "state": "EchoState",
                              "types": { "EchoAttributes": { "name": "string" }, "EchoState": { "text": "string" } } },
                  "phases": ["on"],
                  "rules": { "phase": "phase.lua", "badge": "badge.lua", "relevance": "relevance.lua",
                             "layout": "layout.lua", "palette": "palette.lua", "timing": "timing.lua" },
                  "fields": ["title", "text"],
                  "push": { "bundleID": "com.example.echo", "attributesType": "EchoAttributes" }
                }
                """,
            "phase.lua": "return function(input) return \"on\" end\n",
            "badge.lua": "return function(input) return { text = input.state.text, tone = \"neutral\" } end\n",
            "relevance.lua": "return function(input) return { score = 50, alert = true } end\n",
            "layout.lua": """
                local placements = require "liverules.placements"
                return function(input)
                  local layout = {}
                  for _, id in ipairs(placements.ids) do
                    layout[id] = { fields = { { id = "title", text = input.state.text }, { id = "text", text = input.attributes.name } },
                                   dropped = {} }
                  end
                  return layout
                end
                """,
            "palette.lua": """
                local look = { background = "#000000", foreground = "#FFFFFF", accent = "#0A84FF" }
                return function(input) return { light = look, dark = look, standByNight = look } end
                """,
            "timing.lua": """
                return function(input)
                  return { stale = input.now + 60, alert = { title = input.state.text, body = input.attributes.name } }
                end
                """,
        ]
        for (name, text) in fixtures { files["fixtures/\(name)"] = text }
        let root = TemporaryFolder.path("cli")
        for (path, text) in files {
            let url = root.appendingPathComponent("rules/echo/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// One activity holding `text`, as a fixture or a batch line.
    private func request(_ text: String, event: String? = nil, id: String? = nil) throws -> String {
        var members: [String: Any] = ["now": Self.now, "attributes": ["name": text], "state": ["text": text]]
        if let event { members["event"] = event }
        if let id { members["id"] = id }
        return String(decoding: try JSONSerialization.data(withJSONObject: members, options: [.sortedKeys]), as: UTF8.self)
    }

    private func object(_ text: some StringProtocol) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSDictionary)
    }

    /// The lines `payload --batch` prints for `lines`, in order.
    private func batch(_ root: URL, platform: String, lines: [String]) throws -> [String] {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: root.appendingPathComponent("states.jsonl"))
        let outcome = try CLI.run(["payload", "--batch", "rules/echo", "states.jsonl", "--platform", platform], in: root)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let printed = outcome.output.split(separator: "\n").map(String.init)
        #expect(printed.count == lines.count, "\(platform)")
        return printed
    }

    /// Every text on every platform in every event: `--format curl` against `--batch`, and the
    /// body sent against `payload validate`. `--format json` is compared once per text and
    /// platform, its event taken in turn.
    @Test func curlSendsExactlyTheValidatedPayloadForEveryTextPlatformAndEvent() throws {
        let texts = try texts()
        let events = ["start", "update", "end"]
        let root = try echoPack(fixtures: Dictionary(uniqueKeysWithValues: try texts.indices.map { ("\($0).json", try request(texts[$0])) }))
        let cases = texts.indices.flatMap { index in events.indices.map { (index, $0) } }
        for platform in ["ios", "android"] {
            let batched = try batch(root, platform: platform, lines: try cases.map { try request(texts[$0], event: events[$1]) })
            for ((index, event), payload) in zip(cases, batched) {
                let text = texts[index]
                let name = "\(platform) \(events[event]) \(text.debugDescription)"
                let arguments = ["payload", "rules/echo", "rules/echo/fixtures/\(index).json", "--platform", platform, "--event", events[event]]
                if event == index % events.count {
                    let json = try CLI.run(arguments, in: root)
                    #expect(json.status == 0, "\(name): \(json.errors)")
                    #expect(try object(json.output) == object(payload), "\(name): --format json and --batch differ")
                }
                let curl = try CLI.run(arguments + ["--format", "curl"], in: root)
                #expect(curl.status == 0, "\(name): \(curl.errors)")
                let sent = try platform == "ios" ? expectAPNsRequest(curl.output, payload: payload, name: name)
                                                 : expectFCMRequest(curl.output, payload: payload, name: name)
                let body = try #require(sent, "\(name)")
                let members = try object(body)
                let arrived = platform == "ios"
                    ? ((members["aps"] as? NSDictionary)?["content-state"] as? NSDictionary)?["text"]
                    : ((members["message"] as? NSDictionary)?["data"] as? NSDictionary)?["title"]
                #expect(arrived as? String == text, "\(name): the text arrives as it is")
                if platform == "ios" && events[event] == "start" {
                    try Data(body.utf8).write(to: root.appendingPathComponent("sent.json"))
                    let checked = try CLI.run(["payload", "validate", "rules/echo", "sent.json", "--now", Self.now], in: root)
                    #expect(checked.status == 0 && checked.errors.isEmpty, "\(name): the body sent does not validate: \(checked.errors)")
                }
            }
        }
    }

    @Test func batchCopiesHostileIDsAsText() throws {
        let texts = try texts()
        let root = try echoPack(fixtures: [:])
        for platform in ["ios", "android"] {
            let plain = try batch(root, platform: platform, lines: try texts.map { try request($0) })
            let named = try batch(root, platform: platform, lines: try texts.map { try request($0, id: $0) })
            for (text, (line, payload)) in zip(texts, zip(named, plain)) {
                let members = try #require(try object(line).mutableCopy() as? NSMutableDictionary)
                #expect(members["id"] as? String == text, "\(platform) \(text.debugDescription)")
                members["id"] = nil
                #expect(members == (try object(payload)), "\(platform) \(text.debugDescription)")
            }
        }
    }

    /// Checks what `command` hands to curl in every shell against the APNs request for
    /// `payload` (a batch line's `{"body", "headers"}`); returns the body sent.
    private func expectAPNsRequest(_ command: String, payload: String, name: String) throws -> String? {
        let start = "{\"body\":", end = try #require(payload.range(of: ",\"headers\":", options: .backwards), "\(name)")
        #expect(payload.hasPrefix(start), "\(name)")
        let body = String(payload[payload.index(payload.startIndex, offsetBy: start.count) ..< end.lowerBound])
        let headers = try #require(try object(payload)["headers"] as? [String: String], "\(name)")
        let expected = ["--http2", "--fail-with-body", "--header", "authorization: bearer \(environment["APNS_TOKEN"]!)"]
            + headers.keys.sorted().flatMap { ["--header", "\($0): \(headers[$0]!)"] }
            + ["--data-binary", body, "https://api.push.apple.com/3/device/\(environment["DEVICE_TOKEN"]!)"]
        return expectSends(command, expected, name: name) ? body : nil
    }

    /// Checks what `command` hands to curl in every shell against the FCM request for
    /// `payload` (a batch line's `{"message"}`, which has no token): the body is that message
    /// with the token from the environment as its last member. Returns the body sent.
    private func expectFCMRequest(_ command: String, payload: String, name: String) throws -> String? {
        #expect(try (object(payload)["message"] as? NSDictionary)?["token"] == nil, "\(name): the JSON holds no token")
        #expect(payload.hasSuffix("}}"), "\(name)")
        let body = String(payload.dropLast(2)) + ",\"token\":\"\(environment["FCM_TOKEN"]!)\"}}"
        let expected = ["--fail-with-body", "--header", "authorization: Bearer \(environment["FCM_ACCESS_TOKEN"]!)",
                        "--header", "content-type: application/json", "--data-binary", body,
                        "https://fcm.googleapis.com/v1/projects/\(environment["FCM_PROJECT_ID"]!)/messages:send"]
        return expectSends(command, expected, name: name) ? body : nil
    }

    /// Whether every shell hands curl `expected` for `command`, and nothing else runs.
    private func expectSends(_ command: String, _ expected: [String], name: String) -> Bool {
        var sent = true
        for shell in CapturedCurl.shells {
            do {
                let captured = try CapturedCurl(command, shell: shell)
                #expect(captured.arguments == expected, "\(shell) \(name):\n\(command)")
                #expect(captured.leftovers.isEmpty && captured.errors.isEmpty && captured.status == 0,
                        "\(shell) \(name): \(captured.leftovers) \(captured.errors) \(captured.status)")
                sent = sent && captured.arguments == expected
            } catch {
                Issue.record("\(shell) \(name): \(error)")
                sent = false
            }
        }
        return sent
    }

    @Test func aTextTooLongForAPushPrintsNoCommand() throws {
        let text = String(repeating: "$FCM_TOKEN'`\\", count: 120)
        let root = try echoPack(fixtures: ["long.json": try request(text)])
        for platform in ["ios", "android"] {
            for format in ["json", "curl"] {
                let outcome = try CLI.run(["payload", "rules/echo", "rules/echo/fixtures/long.json", "--platform", platform, "--format", format],
                                          in: root)
                #expect(outcome.status == 1 && outcome.output.isEmpty, "\(platform) \(format): \(outcome.output)")
                #expect(outcome.errors.contains("rules/echo/fixtures/long.json:1:1: error: "), "\(platform) \(format): \(outcome.errors)")
            }
        }
    }
}
