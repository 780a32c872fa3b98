import Foundation
import LiveRulesActivity

/// The sample bodies under `Resources/` and small bodies written in a test, decoded as an app
/// decodes them: a plain `JSONDecoder()`.
enum Samples {
    /// Bodies a v1 producer writes: the schema accepts them.
    static let valid = ["meetings-countdown", "match-live"]
    /// Bodies only a lenient consumer accepts: newer, older or partial forms.
    static let lenient = ["v2-extra-members", "older-no-glyph-no-palette", "older-phase-and-fields-only"]

    /// The bytes of sample `name` (`Resources/Bodies` or `Resources/Lenient`).
    static func data(_ name: String) throws -> Data {
        let folder = valid.contains(name) ? "Bodies" : "Lenient"
        guard let url = Bundle.module.url(forResource: "Resources/\(folder)/\(name)", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(folder)/\(name).json"])
        }
        return try Data(contentsOf: url)
    }

    /// Sample `name`, decoded.
    static func presentation(_ name: String) throws -> LivePresentation {
        try JSONDecoder().decode(LivePresentation.self, from: data(name))
    }

    /// `json`, decoded.
    static func decode(_ json: String) throws -> LivePresentation {
        try JSONDecoder().decode(LivePresentation.self, from: Data(json.utf8))
    }

    /// The moment `seconds` after 2001-01-01T00:00:00Z, as the wire counts.
    static func at(_ seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// A complete palette, each appearance with an accent of its own.
    static let palette = """
        {"light": {"background": "#FFFFFF", "foreground": "#000000", "accent": "#0A84FF"}, \
        "dark": {"background": "#000000", "foreground": "#FFFFFF", "accent": "#5E5CE6"}, \
        "standByNight": {"background": "#000000", "foreground": "#FF0000", "accent": "#CC0000"}}
        """

    /// A small v1 body; each part replaced by the JSON given, a nil part left out, `extra`
    /// members added at the top level. Unchanged, a body the schema accepts.
    static func body(fields: String = #"[{"id": "title", "text": "Design review"}]"#,
                     placements: String = #"{"lockScreen": [0]}"#,
                     badge: String? = #"{"text": "Next up", "tone": "neutral"}"#,
                     palette: String? = Samples.palette,
                     version: String? = "1",
                     extra: String = "") -> String {
        var members = [#""phase": "countdown""#, #""fields": \#(fields)"#, #""placements": \#(placements)"#]
        if let version { members.insert(#""v": \#(version)"#, at: 0) }
        if let badge { members.append(#""badge": \#(badge)"#) }
        if let palette { members.append(#""palette": \#(palette)"#) }
        if !extra.isEmpty { members.append(extra) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A body whose only field is `field` (JSON), shown on the lock screen.
    static func body(field: String) -> String {
        body(fields: "[\(field)]")
    }

    /// A field as a test compares it: `id: text`, then the glyph and the live form.
    static func summary(_ field: LiveField) -> String {
        var text = "\(field.id): \(field.text)"
        if let glyph = field.glyph { text += " (\(glyph.spelling))" }
        switch field.content {
        case .text: break
        case .timer(let timer):
            text += " [timer \(timer.countsDown ? "down" : "up") \(timer.date.timeIntervalSinceReferenceDate)"
                + (timer.prefix.isEmpty ? "" : " prefix '\(timer.prefix)'") + (timer.suffix.isEmpty ? "" : " suffix '\(timer.suffix)'") + "]"
        case .progress(let progress):
            text += " [progress \(progress.start.timeIntervalSinceReferenceDate)...\(progress.finish.timeIntervalSinceReferenceDate)]"
        }
        return text
    }

    /// What `placement` shows, summarised.
    static func shown(_ presentation: LivePresentation, _ placement: LivePlacement) -> [String] {
        presentation.fields(in: placement).map(summary)
    }
}
