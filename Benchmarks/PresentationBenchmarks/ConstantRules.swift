import Foundation
import LiveRules

/// A copy of a pack whose rules return one fixed presentation: presenting it measures what the
/// host does around the rules (encode, check, views, driver, decode, validate) and nothing else.
enum ConstantRules {
    static func pack(like folder: URL, presenting presentation: Presentation) throws -> RulePack {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-constant-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: folder, to: copy)
        guard case .object(var json) = presentation.json() else { preconditionFailure("a presentation is a JSON object") }
        if let timing = presentation.timing {
            // Rules return dates as Unix seconds, not the goldens' ISO-8601 text.
            var members: [String: JSONValue] = [:]
            if let stale = timing.stale { members["stale"] = .number(stale.timeIntervalSince1970) }
            if let dismissal = timing.dismissal { members["dismissal"] = .number(dismissal.timeIntervalSince1970) }
            if let alert = timing.alert { members["alert"] = .object(["title": .string(alert.title), "body": .string(alert.body)]) }
            json["timing"] = .object(members)
        }
        let table = try lua(.object(json))
        for stage in RuleStage.allCases {
            let body = stage == .phase ? "return \"\(presentation.phase)\", {}" : "return PRESENTATION.\(stage.rawValue)"
            let source = "local PRESENTATION = \(table)\nreturn function(input) \(body) end\n"
            try source.write(to: copy.appendingPathComponent("\(stage.rawValue).lua"), atomically: true, encoding: .utf8)
        }
        return try RulePack.load(from: copy, displayPath: "constant")
    }

    /// A Lua table constructor for a JSON value (strings quoted with %q-safe escapes).
    private static func lua(_ value: JSONValue) throws -> String {
        switch value {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .string(let text):
            return "\"" + text.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : String($0) }.joined() + "\""
        case .array(let items): return "{" + (try items.map(lua).joined(separator: ", ")) + "}"
        case .object(let members):
            return "{" + (try members.sorted { $0.key < $1.key }.map { "[\"\($0.key)\"] = \(try lua($0.value))" }.joined(separator: ", ")) + "}"
        }
    }
}
