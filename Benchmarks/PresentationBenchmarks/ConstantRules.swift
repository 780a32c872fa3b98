import Foundation
import LiveRules

/// A copy of a pack whose rules return one fixed presentation: presenting it measures what the
/// host does around the rules (encode, check, views, driver, decode, validate) and nothing else.
enum ConstantRules {
    static func pack(like folder: URL, presenting presentation: Presentation) throws -> RulePack {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-constant-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: folder, to: copy)
        let table = try lua(ruleForm(presentation.json()))
        for stage in RuleStage.allCases {
            let body = stage == .phase ? "return \"\(presentation.phase)\", {}" : "return PRESENTATION.\(stage.rawValue)"
            let source = "local PRESENTATION = \(table)\nreturn function(input) \(body) end\n"
            try source.write(to: copy.appendingPathComponent("\(stage.rawValue).lua"), atomically: true, encoding: .utf8)
        }
        return try RulePack.load(from: copy, displayPath: "constant")
    }

    /// The golden form as rules return it: every date (the timing's, a live field's) as Unix
    /// seconds, not the goldens' ISO-8601 text (no other text of a meetings presentation reads as one).
    private static func ruleForm(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): ISO8601.parse(text).map(JSONValue.number) ?? value
        case .array(let items): .array(items.map(ruleForm))
        case .object(let members): .object(members.mapValues(ruleForm))
        default: value
        }
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
