import Foundation
@testable import LiveRules
import LiveRulesExamples
import TestPacks
import Testing

/// The push builder: what it builds is decoded as the device would (Foundation's default
/// `JSONDecoder`) into the app's own types, and carries the headers, dates and alerts the
/// rules decided.
@Suite struct PushPayloadBuilderTests {
    private struct File<Attributes: Decodable, State: Decodable>: Decodable {
        var attributes: Attributes
        var state: State
    }

    /// Every fixture of `pack` with its presentation.
    private func fixtures(_ pack: String) throws -> (RulePack, [(Fixture, Presentation)]) {
        let loaded = try RulePack.load(from: Paths.rules.appendingPathComponent(pack), displayPath: "rules/\(pack)")
        let presenter = try Presenter(pack: loaded)
        let cases = try loaded.fixtureNames().map { name in
            let fixture = try Fixture.load(from: Paths.rules.appendingPathComponent("\(pack)/fixtures/\(name)"), displayPath: name,
                                           manifest: loaded.manifest)
            return (fixture, try presenter.present(fixture))
        }
        return (loaded, cases)
    }

    /// Builds a start push for every fixture of `pack` that starts an activity, decodes its
    /// `attributes` and `content-state` with a default `JSONDecoder` and compares them with the
    /// fixture's, decoded as the app reads ISO-8601 JSON; a content state that carries the
    /// presentation carries its device form.
    private func roundTrip<Attributes: Decodable & Equatable, State: Decodable & Equatable>(
        _ pack: String, _: Attributes.Type, _: State.Type
    ) throws {
        let (loaded, cases) = try fixtures(pack)
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        let fixtureDecoder = JSONDecoder()
        fixtureDecoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let seconds = ISO8601.parse(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not ISO-8601: \(text)"))
            }
            return Date(timeIntervalSince1970: seconds)
        }
        var started = 0
        for (fixture, presentation) in cases where presentation.timing?.alert != nil {
            let payload = try builder.build(.start, presentation: presentation, attributes: fixture.attributes, state: fixture.state, now: fixture.now)
            let aps = try #require(payload.body["aps"])
            let device = JSONDecoder()
            let attributes = try device.decode(Attributes.self, from: Data(JSONWriter.compact(try #require(aps["attributes"])).utf8))
            let file = try fixtureDecoder.decode(File<Attributes, State>.self,
                                                 from: Data(contentsOf: Paths.rules.appendingPathComponent("\(pack)/fixtures/\(fixture.file)")))
            #expect(attributes == file.attributes, "\(pack)/\(fixture.file)")
            // The content state: the app's state, the presentation's device form, or both.
            var content = try #require(aps["content-state"])
            if case .both(let key) = builder.settings.contentState, case .object(var members) = content {
                #expect(members.removeValue(forKey: key) == presentation.deviceForm, "\(pack)/\(fixture.file)")
                content = .object(members)
            }
            if builder.settings.contentState == .presentation {
                #expect(content == presentation.deviceForm, "\(pack)/\(fixture.file): the content state is the presentation")
            } else {
                let state = try device.decode(State.self, from: Data(JSONWriter.compact(content).utf8))
                #expect(state == file.state, "\(pack)/\(fixture.file)")
            }
            started += 1
        }
        #expect(started >= cases.count - 2)
    }

    @Test func meetingsContentStateDecodesIntoTheAppsTypes() throws {
        try roundTrip("meetings", MeetingsAttributes.self, MeetingsContentState.self)
    }

    @Test func matchContentStateDecodesIntoTheAppsTypes() throws {
        try roundTrip("match", MatchAttributes.self, MatchContentState.self)
    }

    @Test func deliveryContentStateDecodesIntoTheAppsTypes() throws {
        try roundTrip("delivery", DeliveryAttributes.self, DeliveryContentState.self)
    }

    /// An app whose content state declares snake_case `CodingKeys`, named in the pack's key map.
    private struct SnakeMatchState: Decodable, Equatable {
        struct Event: Decodable, Equatable {
            var kind: String
            var reportedAt: Date
            enum CodingKeys: String, CodingKey {
                case kind
                case reportedAt = "reported_at"
            }
        }

        var status: String
        var lastEvent: Event?
        var updatedAt: Date
        enum CodingKeys: String, CodingKey {
            case status
            case lastEvent = "last_event"
            case updatedAt = "updated_at"
        }
    }

    @Test func keyMapGivesTheAppsCodingKeys() throws {
        let manifest = try TemporaryPack(copying: "match").read("pack.json").replacingOccurrences(of: """
            "attributesType": "MatchAttributes"
            """, with: """
            "attributesType": "MatchAttributes",
                "keys": {
                  "MatchContentState": { "lastEvent": "last_event", "updatedAt": "updated_at" },
                  "MatchEvent": { "at": "reported_at" }
                }
            """)
        let pack = try TemporaryPack(copying: "match", files: ["pack.json": manifest])
        let loaded = try RulePack.load(from: pack.directory)
        #expect(loaded.manifest.push?.keys["MatchEvent"] == ["at": "reported_at"])
        let fixture = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/live-goal-alerts.json"), displayPath: "goal",
                                       manifest: loaded.manifest)
        let presentation = try Presenter(pack: loaded).present(fixture)
        let payload = try PushPayloadBuilder(manifest: loaded.manifest).build(.update, presentation: presentation, attributes: fixture.attributes,
                                                                              state: fixture.state, now: fixture.now)
        let text = try JSONWriter.compact(try #require(payload.body["aps"]?["content-state"]))
        let state = try JSONDecoder().decode(SnakeMatchState.self, from: Data(text.utf8))
        let goal = Date(timeIntervalSince1970: try #require(ISO8601.parse("2026-05-16T15:08:30Z")))
        #expect(state == SnakeMatchState(status: "live", lastEvent: .init(kind: "goal", reportedAt: goal), updatedAt: goal))
        #expect(!text.contains("lastEvent") && !text.contains("updatedAt"))

        // The schema's own spelling is now the near miss.
        let validator = PayloadValidator(manifest: loaded.manifest)
        var aps = try #require(payload.body["aps"]).objectMembers
        var content = try #require(aps["content-state"]).objectMembers
        content["lastEvent"] = content.removeValue(forKey: "last_event")
        aps["content-state"] = .object(content)
        let findings = validator.validate(PushPayload(headers: payload.headers, body: .object(["aps": .object(aps)])), context: .init(now: fixture.now))
        #expect(findings.contains { $0.code == .unknownKey && $0.severity == .error && $0.message.contains("did you mean last_event?") })
    }

    @Test func headersDatesAndAlertsFollowTheRules() throws {
        let (loaded, cases) = try fixtures("match")
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        let (goal, goalPresentation) = try #require(cases.first { $0.0.file == "live-goal-alerts.json" })
        let update = try builder.build(.update, presentation: goalPresentation, attributes: goal.attributes, state: goal.state, now: goal.now)
        #expect(update.headers == ["apns-push-type": "liveactivity", "apns-topic": "com.example.scores.push-type.liveactivity", "apns-priority": "10"])
        let aps = try #require(update.body["aps"])
        #expect(aps["timestamp"] == .integer(Int64(goal.now)))
        #expect(aps["stale-date"] == .integer(Int64(goal.now) - 5 + 180))
        #expect(aps["alert"] == .object(["title": .string("Arsenal 2–1 Chelsea"), "body": .string("64' Goal, Arsenal · Saka")]))
        #expect(aps["relevance-score"] == .number(100))
        #expect(aps["attributes"] == nil && aps["dismissal-date"] == nil)
        // Only the rules' relevance.alert makes an update alert.
        let (quiet, quietPresentation) = try #require(cases.first { $0.0.file == "live-after-goal-no-alert.json" })
        let calm = try builder.build(.update, presentation: quietPresentation, attributes: quiet.attributes, state: quiet.state, now: quiet.now)
        #expect(calm.headers["apns-priority"] == "5" && calm.body["aps"]?["alert"] == nil)
        // An end never alerts and carries the timing rule's dismissal.
        let (final, finalPresentation) = try #require(cases.first { $0.0.file == "after-full-time.json" })
        let end = try builder.build(.end, presentation: finalPresentation, attributes: final.attributes, state: final.state, now: final.now)
        #expect(end.body["aps"]?["alert"] == nil && end.headers["apns-priority"] == "5")
        #expect(end.body["aps"]?["dismissal-date"] == .integer(Int64(final.now) + 1800))
        // A start names the type, carries the attributes and asks for an update token.
        let start = try builder.build(.start, presentation: quietPresentation, attributes: quiet.attributes, state: quiet.state, now: quiet.now)
        #expect(start.body["aps"]?["attributes-type"] == .string("MatchAttributes"))
        #expect(start.body["aps"]?["input-push-token"] == .integer(1))
        #expect(start.body["aps"]?["alert"] != nil && start.headers["apns-priority"] == "10")
        // The same payload gives the same bytes, keys sorted.
        #expect(start.bodyText == (try builder.build(.start, presentation: quietPresentation, attributes: quiet.attributes, state: quiet.state, now: quiet.now)).bodyText)
        #expect(start.bodyText.hasPrefix("{\"aps\":{\"alert\":{\"body\":"))
        #expect(String(describing: start.body) == start.bodyText, "printing the body shows the JSON sent")
    }

    @Test func aPushTheDeviceWouldDropIsRefused() throws {
        let (loaded, cases) = try fixtures("match")
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        let (goal, presentation) = try #require(cases.first { $0.0.file == "live-goal-alerts.json" })
        #expect { try builder.build(.update, presentation: presentation, attributes: goal.attributes, state: goal.state, now: goal.now,
                                    previousTimestamp: Int(goal.now)) } throws: { error in
            guard case PayloadError.invalid(let findings) = error else { return false }
            return findings.map(\.code) == [.timestampNotNewer]
        }
        // No activity (meetings' done day): a start would have no alert.
        let (meetings, days) = try fixtures("meetings")
        let (done, donePresentation) = try #require(days.first { $0.0.file == "done.json" })
        #expect { try PushPayloadBuilder(manifest: meetings.manifest).build(.start, presentation: donePresentation, attributes: done.attributes,
                                                                             state: done.state, now: done.now) } throws: { error in
            guard case PayloadError.invalid(let findings) = error else { return false }
            return findings.map(\.code) == [.missingAlert]
        }
    }

    @Test func typedStateBuildsTheSamePayload() throws {
        let (loaded, cases) = try fixtures("match")
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        let (goal, presentation) = try #require(cases.first { $0.0.file == "live-goal-alerts.json" })
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let file = try decoder.decode(File<MatchAttributes, MatchContentState>.self,
                                      from: Data(contentsOf: Paths.rules.appendingPathComponent("match/fixtures/live-goal-alerts.json")))
        let typed = try builder.build(.start, presentation: presentation, attributes: file.attributes, state: file.state,
                                      now: Date(timeIntervalSince1970: goal.now))
        let fromFixture = try builder.build(.start, presentation: presentation, attributes: goal.attributes, state: goal.state, now: goal.now)
        #expect(typed == fromFixture)
    }

    @Test func packWithoutPushSettingsBuildsNothing() throws {
        var manifest = try fixtures("match").0.manifest
        manifest.push = nil
        #expect(throws: PayloadError.self) { try PushPayloadBuilder(manifest: manifest) }
    }

    @Test(arguments: [
        (#""push": {"bundleID": "com.example.scores", "attributesType": "MatchAttributes", "key": {}}"#, "unknown member 'key' — did you mean keys?"),
        (#""push": {"bundleID": "scores", "attributesType": "MatchAttributes"}"#, "'bundleID' must be the app's bundle identifier"),
        (#""push": {"bundleID": "com.example.scores", "attributesType": "Match Attributes"}"#, "'attributesType' must be the Swift type name"),
        (#""push": {"bundleID": "com.example.scores", "attributesType": "MatchAttributes", "keys": {"MatchState": {}}}"#,
         "'MatchState' is not an object type of the schema"),
        (#""push": {"bundleID": "com.example.scores", "attributesType": "MatchAttributes", "keys": {"MatchContentState": {"lastEvnt": "e"}}}"#,
         "'lastEvnt' is not a field of MatchContentState — did you mean lastEvent?"),
        (#""push": {"bundleID": "com.example.scores", "attributesType": "MatchAttributes", "keys": {"MatchContentState": {"minute": "status"}}}"#,
         "MatchContentState.status and MatchContentState.minute would both be sent as 'status'"),
    ])
    func pushSettingsAreChecked(push: String, message: String) throws {
        let text = try TemporaryPack(copying: "match").read("pack.json")
        let start = try #require(text.range(of: "\"push\": {"))
        let end = try #require(text.range(of: "}", range: start.upperBound..<text.endIndex))
        let broken = text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: push)
        #expect { try PackManifest.read(Data(broken.utf8), displayPath: "pack.json") } throws: { error in
            guard let error = error as? DiagnosticError, let diagnostic = error.diagnostics.first else { return false }
            return diagnostic.message.contains(message) && diagnostic.line > 1
        }
    }

    @Test func timingRuleMustGiveAlertTextWhenRelevanceAlerts() throws {
        let pack = try TemporaryPack(copying: "match", files: ["timing.lua": "return function(input) return { stale = input.now + 60 } end\n"])
        let loaded = try RulePack.load(from: pack.directory)
        let fixture = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/live-goal-alerts.json"), displayPath: "goal",
                                       manifest: loaded.manifest)
        #expect { try Presenter(pack: loaded).present(fixture) } throws: { error in
            guard case PresentationError.output(let file, _, _, let path, _) = error else { return false }
            return file.hasSuffix("timing.lua") && path == "timing.alert"
        }
        let quiet = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/live-after-goal-no-alert.json"), displayPath: "quiet",
                                     manifest: loaded.manifest)
        #expect(try Presenter(pack: loaded).present(quiet).timing == Timing(stale: Date(timeIntervalSince1970: quiet.now + 60)))
    }

    @Test func timingRuleIsOptional() throws {
        let text = try TemporaryPack(copying: "match").read("pack.json").replacingOccurrences(of: ",\n    \"timing\": \"timing.lua\"", with: "")
        let pack = try TemporaryPack(copying: "match", files: ["pack.json": text])
        let loaded = try RulePack.load(from: pack.directory)
        #expect(loaded.rules[.timing] == nil)
        let fixture = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/live-goal-alerts.json"), displayPath: "goal",
                                       manifest: loaded.manifest)
        let presentation = try Presenter(pack: loaded).present(fixture)
        #expect(presentation.timing == nil && presentation.json()["timing"] == nil)
    }

    @Test func timingGoldenShapeRoundTrips() throws {
        let timing = Timing(stale: Date(timeIntervalSince1970: 1_778_944_290), dismissal: Date(timeIntervalSince1970: 1_778_944_290.25),
                            alert: AlertText(title: "Goal", body: "Saka"))
        #expect(timing.json["stale"] == .string("2026-05-16T15:11:30Z"))
        #expect(timing.json["dismissal"] == .string("2026-05-16T15:11:30.25Z"))
        let decoded = try JSONDecoder().decode(Timing.self, from: JSONEncoder().encode(timing))
        #expect(decoded == timing)
    }
}
