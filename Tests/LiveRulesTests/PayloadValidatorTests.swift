import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// Every check of the push validator: a body that fails it and one that passes, for the match
/// pack's schema.
@Suite struct PayloadValidatorTests {
    static let now = 1_778_944_115.0
    static let manifest: PackManifest = {
        // The bundled pack: loading it is checked by its own tests.
        try! RulePack.load(from: Paths.rules.appendingPathComponent("match"), displayPath: "rules/match").manifest
    }()

    /// The content state as the device decodes it (dates since 2001).
    static let state: [String: JSONValue] = [
        "status": .string("live"), "score": .object(["home": .integer(2), "away": .integer(1)]), "minute": .integer(64),
        "lastEvent": .object(["kind": .string("goal"), "team": .string("home"), "minute": .integer(64),
                              "player": .string("Saka"), "at": .integer(800_636_910)]),
        "updatedAt": .integer(800_636_910),
        // The match pack sends its presentation beside the state ("contentState": "both").
        "presentation": .object([
            "v": .integer(1), "phase": .string("live"), "badge": .object(["text": .string("Live"), "tone": .string("green")]),
            "fields": .array([.object(["id": .string("score"), "text": .string("2–1")])]),
            "placements": .object(["lockScreen": .array([.integer(0)])]),
            "palette": .object(Dictionary(uniqueKeysWithValues: ["light", "dark", "standByNight"].map { appearance in
                (appearance, JSONValue.object(["background": .string("#000000"), "foreground": .string("#FFFFFF"), "accent": .string("#34C759")]))
            })),
        ]),
    ]
    static let attributes: JSONValue = .object([
        "home": .object(["name": .string("Arsenal"), "code": .string("ARS"), "colour": .string("#EF0107")]),
        "away": .object(["name": .string("Chelsea"), "code": .string("CHE")]),
        "kickoff": .integer(800_632_800), "timeZone": .string("Europe/London"),
    ])

    /// A valid body of `event`, with `aps` members replaced (nil removes one) and content-state
    /// members replaced.
    static func body(_ event: String = "update", aps changes: [String: JSONValue?] = [:],
                     state stateChanges: [String: JSONValue?] = [:]) -> JSONValue {
        var state = Self.state
        for (key, value) in stateChanges { state[key] = value }
        var aps: [String: JSONValue] = [
            "timestamp": .integer(Int64(now)), "event": .string(event), "content-state": .object(state),
            "relevance-score": .integer(100),
        ]
        switch event {
        case "start":
            aps["attributes-type"] = .string("MatchAttributes")
            aps["attributes"] = attributes
            aps["alert"] = .object(["title": .string("Arsenal 2–1 Chelsea"), "body": .string("Goal")])
            aps["stale-date"] = .integer(Int64(now) + 180)
        case "end":
            aps["dismissal-date"] = .integer(Int64(now) + 1800)
        default:
            aps["stale-date"] = .integer(Int64(now) + 180)
        }
        for (key, value) in changes { aps[key] = value }
        return .object(["aps": .object(aps)])
    }

    static func findings(_ body: JSONValue, context: PayloadValidator.Context = .init(now: now)) -> [PayloadFinding] {
        let text = try! JSONWriter.compact(body)
        return PayloadValidator(manifest: manifest).validate(Data(text.utf8), context: context)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var code: PayloadFinding.Code
        var name: String
        var failing: JSONValue
        var passing: JSONValue
        var context = PayloadValidator.Context(now: PayloadValidatorTests.now)
        var severity = Diagnostic.Severity.error
        var testDescription: String { "\(code.rawValue): \(name)" }
    }

    static let t = Int64(now)
    static let cases: [Case] = [
        Case(code: .missingAPS, name: "no aps", failing: .object(["APS": .object([:])]), passing: body()),
        Case(code: .unknownKey, name: "snake_case near miss", failing: body(state: ["lastEvent": nil, "last_event": state["lastEvent"]]),
             passing: body()),
        Case(code: .unknownKey, name: "aps near miss", failing: body(aps: ["stale-date": nil, "stale_date": .integer(t + 180)]), passing: body()),
        Case(code: .unknownKey, name: "unknown key is a warning", failing: body(state: ["venue": .string("Emirates")]), passing: body(),
             severity: .warning),
        Case(code: .invalidEvent, name: "misspelt event", failing: body(aps: ["event": .string("updte")]), passing: body()),
        Case(code: .attributesType, name: "wrong type name", failing: body("start", aps: ["attributes-type": .string("MatchAttribute")]),
             passing: body("start")),
        Case(code: .attributesType, name: "start without type", failing: body("start", aps: ["attributes-type": nil]), passing: body("start")),
        Case(code: .missingAttributes, name: "start without attributes", failing: body("start", aps: ["attributes": nil]), passing: body("start")),
        Case(code: .missingAlert, name: "start without alert", failing: body("start", aps: ["alert": nil]), passing: body("start")),
        Case(code: .timestamp, name: "missing timestamp", failing: body(aps: ["timestamp": nil]), passing: body()),
        Case(code: .timestamp, name: "fractional timestamp", failing: body(aps: ["timestamp": .number(now + 0.5)]), passing: body()),
        Case(code: .timestampNotNewer, name: "same as previous", failing: body(), passing: body(aps: ["timestamp": .integer(t + 1)]),
             context: .init(now: now, previousTimestamp: Int(t))),
        Case(code: .timestampNotNewer, name: "end tolerates an old timestamp", failing: body(aps: ["timestamp": .integer(t - 1)]),
             passing: body("end", aps: ["timestamp": .integer(t - 1)]), context: .init(now: now, previousTimestamp: Int(t))),
        Case(code: .timestampFuture, name: "8 hours and 1 s ahead", failing: body(aps: ["timestamp": .integer(t + 8 * 3600 + 1), "stale-date": nil]),
             passing: body(aps: ["timestamp": .integer(t + 8 * 3600), "stale-date": nil])),
        Case(code: .dateMilliseconds, name: "timestamp in ms", failing: body(aps: ["timestamp": .integer(t * 1000)]), passing: body()),
        Case(code: .dateMilliseconds, name: "content date in ms", failing: body(state: ["updatedAt": .integer(800_636_910_000)]), passing: body()),
        Case(code: .dateNotNumber, name: "ISO date in content", failing: body(state: ["updatedAt": .string("2026-05-16T15:08:30Z")]), passing: body()),
        Case(code: .dateNotNumber, name: "ISO stale-date", failing: body(aps: ["stale-date": .string("2026-05-16T15:11:30Z")]), passing: body()),
        Case(code: .dateUnixTime, name: "Unix time in content", failing: body(state: ["updatedAt": .integer(t - 5)]), passing: body()),
        Case(code: .dateSince2001, name: "stale-date since 2001", failing: body(aps: ["stale-date": .integer(t + 180 - 978_307_200)]), passing: body()),
        Case(code: .missingContentState, name: "no content-state", failing: body(aps: ["content-state": nil]), passing: body()),
        Case(code: .missingField, name: "no status", failing: body(state: ["status": nil]), passing: body(state: ["minute": nil])),
        Case(code: .nullValue, name: "null score", failing: body(state: ["score": .null]), passing: body(state: ["minute": .null])),
        Case(code: .nullValue, name: "null date", failing: body(state: ["updatedAt": .null]), passing: body()),
        Case(code: .wrongType, name: "minute as text", failing: body(state: ["minute": .string("64")]), passing: body()),
        Case(code: .wrongType, name: "status outside the enum", failing: body(state: ["status": .string("halftime")]),
             passing: body(state: ["status": .string("halfTime")])),
        Case(code: .staleDatePast, name: "stale at the timestamp", failing: body(aps: ["stale-date": .integer(t)]), passing: body()),
        Case(code: .staleDateTooLate, name: "stale 8 h 1 s after start", failing: body(aps: ["stale-date": .integer(t + 8 * 3600 + 1)]),
             passing: body(aps: ["stale-date": .integer(t + 8 * 3600)])),
        Case(code: .staleDateTooLate, name: "measured from --started-at", failing: body(aps: ["stale-date": .integer(t + 3600)]),
             passing: body(aps: ["stale-date": .integer(t + 1800)]), context: .init(now: now, startedAt: now - 7.5 * 3600)),
        Case(code: .dismissalNotEnd, name: "dismissal on update", failing: body(aps: ["dismissal-date": .integer(t + 60)]), passing: body("end"),
             severity: .warning),
        Case(code: .dismissalTooLate, name: "4 h 1 s after the end", failing: body("end", aps: ["dismissal-date": .integer(t + 4 * 3600 + 1)]),
             passing: body("end", aps: ["dismissal-date": .integer(t + 4 * 3600)])),
        Case(code: .relevanceScore, name: "score as text", failing: body(aps: ["relevance-score": .string("100")]),
             passing: body(aps: ["relevance-score": .number(150.5)])),
        Case(code: .alertOnEnd, name: "end with alert", failing: body("end", aps: ["alert": .object(["title": .string("FT"), "body": .string("3–1")])]),
             passing: body("end")),
        Case(code: .alertIncomplete, name: "alert without body", failing: body(aps: ["alert": .object(["title": .string("Goal")])]),
             passing: body(aps: ["alert": .object(["title": .string("Goal"), "body": .string("Saka")])])),
        Case(code: .alertIncomplete, name: "alert as text", failing: body(aps: ["alert": .string("Goal")]), passing: body()),
    ]

    @Test(arguments: cases) func failsAndPasses(_ check: Case) {
        let failing = Self.findings(check.failing, context: check.context).filter { $0.code == check.code }
        #expect(!failing.isEmpty, "no \(check.code.rawValue) finding")
        #expect(failing.allSatisfy { $0.severity == check.severity && !$0.path.isEmpty && !$0.message.isEmpty && !$0.fix.isEmpty })
        let passing = Self.findings(check.passing, context: check.context)
        #expect(passing.isEmpty, "\(passing)")
    }

    @Test func everyCheckHasACase() {
        let covered = Set(Self.cases.map(\.code)).union([.invalidJSON, .bodyTooLarge, .contentTooLarge, .header, .androidIneligible, .presentation])
        #expect(covered == Set(PayloadFinding.Code.allCases))
    }

    @Test func nearMissesSuggestTheAppsKey() throws {
        let finding = try #require(Self.findings(Self.body(state: ["lastEvent": nil, "last_event": Self.state["lastEvent"]])).first)
        #expect(finding.code == .unknownKey && finding.severity == .error)
        #expect(finding.path == "aps[\"content-state\"].last_event")
        #expect(finding.message.contains("did you mean lastEvent?"))
    }

    @Test func invalidJSONIsAFinding() {
        let findings = PayloadValidator(manifest: Self.manifest).validate(Data("{\"aps\": ".utf8), context: .init(now: Self.now))
        #expect(findings.map(\.code) == [.invalidJSON])
        #expect(PayloadValidator(manifest: Self.manifest).validate(Data(try! JSONWriter.compact(Self.body()).utf8), context: .init(now: Self.now)).isEmpty)
    }

    /// A body of exactly `bytes` bytes: the player's name padded with `pad`.
    static func body(ofBytes bytes: Int, pad: String) -> Data {
        let base = try! JSONWriter.compact(body(state: ["lastEvent": .object(["kind": .string("goal"), "team": .string("home"), "player": .string(""),
                                                                              "at": .integer(800_636_910)])]))
        let room = bytes - base.utf8.count
        let name = String(repeating: pad, count: room / pad.utf8.count) + String(repeating: "a", count: room % pad.utf8.count)
        let text = base.replacingOccurrences(of: "\"player\":\"\"", with: "\"player\":\"\(name)\"")
        return Data(text.utf8)
    }

    @Test(arguments: ["a", "é", "⚽"]) func bodySizeEdgesCountUTF8Bytes(pad: String) {
        let validator = PayloadValidator(manifest: Self.manifest)
        let exact = Self.body(ofBytes: 4096, pad: pad)
        #expect(exact.count == 4096)
        #expect(!validator.validate(exact, context: .init(now: Self.now)).contains { $0.code == .bodyTooLarge })
        let over = Self.body(ofBytes: 4097, pad: pad)
        #expect(over.count == 4097)
        #expect(validator.validate(over, context: .init(now: Self.now)).contains { $0.code == .bodyTooLarge })
        if pad != "a" {
            // Fewer characters than bytes: counted as bytes.
            #expect(String(decoding: over, as: UTF8.self).count < 4097)
        }
    }

    @Test func contentStateOver4KBFailsAnd4KBPasses() {
        func start(attributesBytes: Int) -> [PayloadFinding] {
            let state = try! JSONWriter.compact(.object(Self.state))
            var attributes = Self.attributes
            let base = try! JSONWriter.compact(attributes).utf8.count + state.utf8.count
            attributes = .object(attributes.objectMembers.merging(["timeZone": .string("Europe/London" + String(repeating: "é", count: (attributesBytes - base) / 2))]) { $1 })
            return Self.findings(Self.body("start", aps: ["attributes": attributes]))
        }
        #expect(!start(attributesBytes: 4096).contains { $0.code == .contentTooLarge })
        #expect(start(attributesBytes: 4098).contains { $0.code == .contentTooLarge })
    }

    @Test func headersMatchTheBody() {
        let validator = PayloadValidator(manifest: Self.manifest)
        let headers = ["apns-push-type": "liveactivity", "apns-topic": "com.example.scores.push-type.liveactivity", "apns-priority": "5"]
        #expect(validator.validate(PushPayload(headers: headers, body: Self.body()), context: .init(now: Self.now)).isEmpty)
        var alerting = headers
        alerting["apns-priority"] = "10"
        let findings = validator.validate(PushPayload(headers: alerting, body: Self.body()), context: .init(now: Self.now))
        #expect(findings.map(\.code) == [.header])
        #expect(findings.first?.path == "headers[\"apns-priority\"]")
        var topic = headers
        topic["apns-topic"] = "com.example.scores"
        #expect(validator.validate(PushPayload(headers: topic, body: Self.body()), context: .init(now: Self.now)).map(\.code) == [.header])
    }

    @Test func androidEligibility() throws {
        let eligible = AndroidMessage(data: ["event": "update", "title": "Arsenal 2–1 Chelsea", "ongoing": "true", "requestPromotedOngoing": "true"],
                                      priority: "normal")
        #expect(eligible.eligibilityFindings().isEmpty)
        for (key, value) in [("title", " "), ("ongoing", "false"), ("requestPromotedOngoing", "false"), ("customView", "score_card"),
                             ("colorized", "true"), ("text", String(repeating: "x", count: 4096))] {
            var data = eligible.data
            data[key] = value
            let findings = AndroidMessage(data: data, priority: "normal").eligibilityFindings()
            #expect(findings.map(\.code) == [.androidIneligible], "\(key)")
        }
    }
}
