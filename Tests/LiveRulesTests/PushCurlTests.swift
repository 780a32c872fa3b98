import CurlCapture
import Foundation
@testable import LiveRules
import Testing

/// The `curl` commands of ``PushPayload`` and ``AndroidMessage``, run as scripts by real shells
/// with hostile text (``HostilePushTexts``) in every key and value a payload carries: `curl`
/// receives exactly the validated body, byte for byte, with the tokens from the environment only
/// in their own places, and nothing else runs.
@Suite struct PushCurlTests {
    private let environment = CapturedCurl.environment

    /// An APNs push holding `text` wherever a pack or an app's types can put text: alert, content
    /// state and attributes (keys and values, nested). Headers hold no such text.
    private func payload(_ text: String) -> PushPayload {
        let nested = JSONValue.object([text: .string(text), "list": .array([.string(text), .integer(1)])])
        return PushPayload(headers: ["apns-push-type": "liveactivity", "apns-topic": "com.example.app.push-type.liveactivity",
                                     "apns-priority": "10"],
                           body: .object(["aps": .object([
                               "event": .string("start"), "timestamp": .integer(1_778_944_115),
                               "alert": .object(["title": .string(text), "body": .string(text)]),
                               "attributes-type": .string("Attributes"), "attributes": nested,
                               "content-state": .object(["text": .string(text), "nested": nested]),
                           ])]))
    }

    /// A presentation whose every field, in every placement, and alert show `text`.
    private func presentation(_ text: String) -> Presentation {
        let look = Appearance(background: Colour(red: 0, green: 0, blue: 0), foreground: Colour(red: 255, green: 255, blue: 255),
                              accent: Colour(red: 10, green: 132, blue: 255))
        let fields = [LayoutField(id: "title", text: text), LayoutField(id: "text", text: text)]
        var layout = Dictionary(uniqueKeysWithValues: Placement.allCases.map { ($0, PlacementLayout(fields: fields)) })
        // On Android the second field is the status-bar chip's text.
        layout[.androidOngoing] = PlacementLayout(fields: [fields[0], LayoutField(id: "text", text: text, slot: "chip", line: 1)])
        return Presentation(phase: "on", badge: Badge(text: text, tone: .green), relevance: Relevance(score: 50, alert: true),
                            layout: layout,
                            palette: Palette(light: look, dark: look, standByNight: look),
                            timing: Timing(alert: AlertText(title: text, body: text)))
    }

    /// The arguments `curl` must receive for `message`: the body sent is the message's compact
    /// JSON with the token from the environment.
    private func expectedArguments(_ message: AndroidMessage) throws -> [String] {
        ["--fail-with-body", "--header", "authorization: Bearer \(environment["FCM_ACCESS_TOKEN"]!)",
         "--header", "content-type: application/json",
         "--data-binary", try JSONWriter.compact(message.json(token: environment["FCM_TOKEN"]!)),
         "https://fcm.googleapis.com/v1/projects/\(environment["FCM_PROJECT_ID"]!)/messages:send"]
    }

    /// Runs `command` in every shell and checks that `curl` received `expected` and that nothing
    /// else ran.
    private func expectSends(_ command: String, _ expected: [String], text: String) throws {
        for shell in CapturedCurl.shells {
            let captured = try CapturedCurl(command, shell: shell)
            #expect(captured.arguments == expected, "\(shell), \(text.debugDescription):\n\(command)")
            #expect(captured.leftovers.isEmpty && captured.errors.isEmpty && captured.status == 0,
                    "\(shell), \(text.debugDescription): \(captured.leftovers) \(captured.errors) \(captured.status)")
        }
    }

    @Test func apnsCurlSendsTheBodyAsBuiltWhateverItHolds() throws {
        for text in try HostilePushTexts.all() {
            let payload = payload(text)
            let headers = payload.headers.keys.sorted().flatMap { ["--header", "\($0): \(payload.headers[$0]!)"] }
            let expected = ["--http2", "--fail-with-body", "--header", "authorization: bearer \(environment["APNS_TOKEN"]!)"] + headers
                + ["--data-binary", payload.bodyText, "https://api.push.apple.com/3/device/\(environment["DEVICE_TOKEN"]!)"]
            try expectSends(payload.curl(), expected, text: text)
        }
    }

    @Test func fcmCurlSendsTheDataAsBuiltWithTheTokenOnlyInItsMember() throws {
        for text in try HostilePushTexts.all() {
            let message = AndroidMessage(data: [text: text, "title": text, "fields": try JSONWriter.compact(.array([.string(text)]))],
                                         priority: text)
            try expectSends(message.curl, try expectedArguments(message), text: text)
        }
    }

    @Test func fcmCurlOfAPresentationSendsItsTexts() throws {
        for text in try HostilePushTexts.all() {
            for event in PushEvent.allCases {
                let message = try AndroidMessage(event, presentation: presentation(text), now: 1_778_944_115)
                #expect(message.data["title"] == text && message.data["shortCriticalText"] == text, "\(text.debugDescription)")
                try expectSends(message.curl, try expectedArguments(message), text: text)
            }
        }
    }

    @Test func fcmJSONHoldsNoTokenAndTheBodyAddsOnlyIt() throws {
        let message = try AndroidMessage(.update, presentation: presentation("$FCM_TOKEN"), now: 1_778_944_115)
        guard case .object(var members)? = message.json["message"] else {
            Issue.record("no message object")
            return
        }
        #expect(members["token"] == nil)
        #expect(members["data"]?["title"] == .string("$FCM_TOKEN"))
        members["token"] = .string("t")
        #expect(message.json(token: "t") == .object(["message": .object(members)]))
    }
}
