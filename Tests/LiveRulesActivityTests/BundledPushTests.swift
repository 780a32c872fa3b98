import Foundation
import LiveRules
import LiveRulesActivity
import TestPacks
import Testing

/// The presentation a backend sends, as the device reads it: every bundled fixture's update push
/// and FCM message, built by LiveRules, fits the size goals, decodes with a default
/// `JSONDecoder` to exactly what the host presented, and satisfies the wire form's JSON Schema.
@Suite struct BundledPushTests {
    /// Every fixture of every bundled pack: its presentation, and the presentation form its
    /// update push's content state and its FCM message carry.
    static func pushes() throws -> [(name: String, now: Date, presentation: Presentation, body: Int, apns: Data, fcm: Data)] {
        try ["meetings", "match", "delivery"].flatMap { name in
            let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(name), displayPath: "rules/\(name)")
            let presenter = try Presenter(pack: pack)
            let builder = try PushPayloadBuilder(manifest: pack.manifest)
            return try pack.fixtureNames().map { file in
                let fixture = try Fixture.load("fixtures/\(file)", in: pack.folder, manifest: pack.manifest)
                let presentation = try presenter.present(fixture)
                let payload = try builder.build(.update, presentation: presentation, attributes: fixture.attributes,
                                                state: fixture.state, now: fixture.now)
                guard case .object(let body) = payload.body, case .object(let aps)? = body["aps"], var form = aps["content-state"] else {
                    throw Missing(what: "\(name)/\(file): content-state")
                }
                if case .both(let key) = builder.settings.contentState, case .object(let members) = form, let inner = members[key] { form = inner }
                let android = try AndroidMessage(.update, presentation: presentation, now: fixture.now)
                let fcm = try #require(android.data["presentation"])
                return ("\(name)/\(file)", Date(timeIntervalSince1970: fixture.now), presentation,
                        try JSONWriter.compact(payload.body).utf8.count, Data(try JSONWriter.compact(form).utf8), Data(fcm.utf8))
            }
        }
    }

    struct Missing: Error { var what: String }

    /// What the device must draw for `presentation`: per placement, each field's id, text,
    /// glyph, live form, region and line; the badge; the colours of each appearance.
    static func expected(_ presentation: Presentation) -> [String] {
        var lines = ["phase \(presentation.phase)", "badge \(presentation.badge.text) \(presentation.badge.tone.rawValue)"]
        for placement in Placement.allCases {
            for field in presentation.layout[placement]?.fields ?? [] {
                let live: String = switch field.live {
                case .timer(let date, let counts, let prefix, let suffix, let showsHours)?:
                    "timer \(date.timeIntervalSinceReferenceDate) \(counts == .down) [\(prefix)|\(suffix)] hours \(showsHours)"
                case .progress(let start, let finish)?:
                    "progress \(start.timeIntervalSinceReferenceDate) \(finish.timeIntervalSinceReferenceDate)"
                case nil:
                    "text"
                }
                lines.append("\(placement.rawValue) \(field.id) \(field.text) \(field.glyph?.spelling ?? "-") \(live) "
                             + "\(field.slot ?? "-"):\(field.line ?? 0)")
            }
        }
        for (name, look) in [("light", presentation.palette.light), ("dark", presentation.palette.dark), ("standByNight", presentation.palette.standByNight)] {
            lines.append("\(name) \(look.background.hex) \(look.foreground.hex) \(look.accent.hex)")
        }
        return lines
    }

    /// The same lines from what the device decoded.
    static func drawn(_ device: LivePresentation) -> [String] {
        var lines = ["phase \(device.phase)", "badge \(device.badge.text) \(device.badge.tone.rawValue)"]
        for placement in Placement.allCases {
            let id = LivePlacement(rawValue: placement.rawValue)
            for field in device.fields(in: id) {
                let region = device.region(of: field, in: id)
                let live: String = switch field.content {
                case .timer(let timer):
                    "timer \(timer.date.timeIntervalSinceReferenceDate) \(timer.countsDown) [\(timer.prefix)|\(timer.suffix)] hours \(timer.showsHours)"
                case .progress(let bar): "progress \(bar.start.timeIntervalSinceReferenceDate) \(bar.finish.timeIntervalSinceReferenceDate)"
                case .text: "text"
                }
                lines.append("\(placement.rawValue) \(field.id) \(field.text) \(field.glyph?.spelling ?? "-") \(live) "
                             + "\(region?.slot ?? "-"):\(region?.line ?? 0)")
            }
        }
        for appearance in LiveAppearance.allCases {
            let colours = device.colours(for: appearance)
            lines.append("\(appearance.rawValue) \(colours.background.hex) \(colours.foreground.hex) \(colours.accent.hex)")
        }
        return lines
    }

    /// The goals: the presentation alone at most 2,048 bytes, the body (state and presentation
    /// where the pack sends both) within APNs' 4,096.
    @Test func everyBundledPushFitsTheGoals() throws {
        for push in try Self.pushes() {
            #expect(push.apns.count <= 2_048, "\(push.name): the presentation has \(push.apns.count) bytes")
            #expect(push.body <= PayloadValidator.maximumBytes, "\(push.name): the body has \(push.body) bytes")
        }
    }

    @Test func everyBundledPushDecodesToWhatTheHostPresented() throws {
        let pushes = try Self.pushes()
        #expect(pushes.count >= 90)
        for push in pushes {
            for (platform, data) in [("APNs", push.apns), ("FCM", push.fcm)] {
                let device = try JSONDecoder().decode(LivePresentation.self, from: data)
                #expect(Self.drawn(device) == Self.expected(push.presentation), "\(push.name) (\(platform))")
                // What the device's clocks and bars read at the push's moment is the text the rules gave.
                for placement in LivePlacement.known {
                    for field in device.fields(in: placement) {
                        switch field.content {
                        case .timer(let timer): #expect(timer.reading(at: push.now) == field.text, "\(push.name) \(placement.rawValue).\(field.id)")
                        case .progress(let bar): #expect(bar.reading(at: push.now) == field.text, "\(push.name) \(placement.rawValue).\(field.id)")
                        case .text: break
                        }
                    }
                }
            }
        }
    }

    @Test func everyBundledPushSatisfiesTheSchema() throws {
        var bodies: [String: Data] = [:]
        for push in try Self.pushes() {
            bodies[push.name + " (APNs)"] = push.apns
            bodies[push.name + " (FCM)"] = push.fcm
        }
        let errors = try SchemaValidator.errors(in: bodies)
        #expect(errors.count == bodies.count)
        for (name, found) in errors.sorted(by: { $0.key < $1.key }) { #expect(found.isEmpty, "\(name): \(found)") }
    }
}
