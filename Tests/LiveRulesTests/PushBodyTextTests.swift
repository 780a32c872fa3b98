import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// The push a batch writes straight to text, its body written once, is the push `build` makes
/// as a tree and validates: the same bytes, and the same refusals where only the validator can
/// decide.
@Suite struct PushBodyTextTests {
    /// The request `{"body", "headers"}` as the batch writes it, or the builder's error.
    private static func written(_ builder: PushPayloadBuilder, _ event: PushEvent, _ presentation: Presentation, _ fixture: Fixture,
                                previousTimestamp: Int? = nil) -> Result<String, PayloadError> {
        var text = JSONText(indented: false, capacity: 4096)
        text.beginObject()
        do throws(PayloadError) {
            try builder.write(event, presentation: presentation, attributes: fixture.attributes, state: fixture.state, now: fixture.now,
                              previousTimestamp: previousTimestamp, into: &text)
        } catch {
            return .failure(error)
        }
        text.endObject()
        return .success(text.finished())
    }

    /// The same request built as a tree, validated, then written, or the builder's error.
    private static func built(_ builder: PushPayloadBuilder, _ event: PushEvent, _ presentation: Presentation, _ fixture: Fixture,
                              previousTimestamp: Int? = nil) -> Result<String, PayloadError> {
        do throws(PayloadError) {
            let payload = try builder.build(event, presentation: presentation, attributes: fixture.attributes, state: fixture.state,
                                            now: fixture.now, previousTimestamp: previousTimestamp)
            return .success(try! JSONWriter.compact(payload.json))
        } catch {
            return .failure(error)
        }
    }

    private static func same(_ written: Result<String, PayloadError>, _ built: Result<String, PayloadError>) -> Bool {
        switch (written, built) {
        case (.success(let text), .success(let other)): text == other
        case (.failure(.invalid(let findings)), .failure(.invalid(let others))): findings == others
        default: false
        }
    }

    /// Every fixture of every bundled pack, pushed as each event, first and after a push stamped
    /// with its own time (which only an end may follow).
    @Test(arguments: ["meetings", "match", "delivery"])
    func everyBundledPushIsWrittenAsBuilt(_ pack: String) throws {
        let loaded = try RulePack.load(from: Paths.rules.appendingPathComponent(pack), displayPath: "rules/\(pack)")
        let presenter = try Presenter(pack: loaded)
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        var refused = 0
        for name in try loaded.fixtureNames() {
            let fixture = try Fixture.load("fixtures/\(name)", in: loaded.folder, manifest: loaded.manifest)
            let presentation = try presenter.present(fixture)
            for event in PushEvent.allCases {
                for previous in [nil, Int(fixture.now)] {
                    let written = Self.written(builder, event, presentation, fixture, previousTimestamp: previous)
                    #expect(Self.same(written, Self.built(builder, event, presentation, fixture, previousTimestamp: previous)),
                            "\(pack)/\(name) \(event) after \(previous.map(String.init) ?? "none")")
                    if case .failure = written { refused += 1 }
                }
            }
        }
        // Updates and starts after a push of the same second are refused, and more besides.
        #expect(refused >= 2 * BundledFixtures.count(pack))
    }

    /// What only the validator can decide: a body over APNs' limit, and a content-state date
    /// that reads as Unix time on the device.
    @Test func aBodyTheValuesCannotVouchForIsRefusedAsBuilt() throws {
        let loaded = try RulePack.load(from: Paths.rules.appendingPathComponent("match"), displayPath: "rules/match")
        let fixture = try Fixture.load("fixtures/live-goal-alerts.json", in: loaded.folder, manifest: loaded.manifest)
        let presentation = try Presenter(pack: loaded).present(fixture)
        let builder = try PushPayloadBuilder(manifest: loaded.manifest)
        guard case .object(var state) = fixture.state, case .object(var event)? = state["lastEvent"] else {
            Issue.record("the fixture has no last event")
            return
        }
        event["player"] = .string(String(repeating: "Saka ", count: 900))
        state["lastEvent"] = .object(event)
        var large = fixture
        large.state = .object(state)
        var late = fixture
        late.state = .object(fixture.state.objectMembers.merging(["updatedAt": .number(fixture.now + DeviceTime.referenceDate)]) { $1 })
        for (changed, code) in [(large, PayloadFinding.Code.bodyTooLarge), (late, .dateUnixTime)] {
            let written = Self.written(builder, .update, presentation, changed)
            #expect(Self.same(written, Self.built(builder, .update, presentation, changed)), "\(code)")
            guard case .failure(.invalid(let findings)) = written else {
                Issue.record("\(code): not refused")
                continue
            }
            #expect(findings.contains { $0.code == code }, "\(findings.map(\.description))")
        }
    }
}
