import Foundation

/// A pack's `pack.json`: what the pack is, its schema, its phases, its rule files and the field
/// ids its layouts use.
public struct PackManifest: Sendable, Hashable {
    /// The host API this host implements; a pack names the one it was written for.
    public static let hostAPIVersion = 1

    /// The pack's name: engines and reloaders know the pack by it.
    public var name: String
    /// `MAJOR.MINOR.PATCH`.
    public var version: String
    /// The host API the pack was written for; always ``hostAPIVersion`` in a loaded manifest.
    public var hostAPI: Int
    /// What the pack presents, for people; `nil` when the manifest has none.
    public var description: String?
    /// The types of the attributes and the state the rules receive.
    public var schema: Schema
    /// Every phase the phase rule may return.
    public var phases: [String]
    /// Each rule's file, relative to the pack folder.
    public var rules: [RuleStage: String]
    /// Every field id layouts may show.
    public var fields: [String]
    /// How `liverules check` reports what the output checks find: `"checks"` in `pack.json`,
    /// ``OutputChecks/warn`` when it is absent.
    public var checks: OutputChecks = .warn
    /// How the app receives pushes for the pack's activities: `"push"` in `pack.json`; `nil`
    /// when the pack has none, and then no payloads can be built for it.
    public var push: PushSettings?

    /// How seriously `liverules check` takes the output checks' findings (empty texts, a text
    /// shown twice, an empty minimal view, a text wider than its slot).
    public enum OutputChecks: String, Sendable, Hashable, CaseIterable {
        /// Findings are warnings: the default.
        case warn
        /// Findings are errors.
        case strict
    }
}

extension PackManifest {
    static let members = ["name", "version", "hostAPI", "description", "schema", "phases", "rules", "fields", "checks", "push"]

    /// Reads a manifest from the bytes of the file `displayPath` names, as ``RulePack/load(from:displayPath:)``
    /// does before it reads the rules.
    package static func read(_ data: Data, displayPath: String) throws(DiagnosticError) -> PackManifest {
        var reader = DocumentReader(document: try JSONFile.parse(data, displayPath: displayPath), file: displayPath)
        guard let manifest = read(in: &reader) else { throw DiagnosticError(reader.diagnostics) }
        return manifest
    }

    /// Reads the manifest file at `url`, refusing one over ``InputLimits/manifestBytes`` as a
    /// pack load does.
    package static func read(contentsOf url: URL, displayPath: String) throws(DiagnosticError) -> PackManifest {
        try read(JSONFile.contents(of: url, displayPath: displayPath, limit: InputLimits.manifestBytes, kind: "a pack manifest"),
                 displayPath: displayPath)
    }

    /// Reads a parsed manifest; problems go to `reader`. Returns nil when there were errors.
    static func read(in reader: inout DocumentReader) -> PackManifest? {
        let before = reader.diagnostics.count
        guard case .object(let members) = reader.document.value else {
            reader.error("a pack manifest is a JSON object", at: "")
            return nil
        }
        for key in members.keys.sorted() where !Self.members.contains(key) {
            reader.error("unknown member '\(key)'" + Suggestion.hint(for: key, among: Self.members), at: key)
        }
        func string(_ key: String, _ what: String) -> String? {
            guard case .string(let text)? = members[key], !text.isEmpty else {
                reader.error("'\(key)' must be \(what)", at: key)
                return nil
            }
            return text
        }
        var name = string("name", "the pack's name")
        if let given = name, !Self.isPackName(given) {
            reader.error("'name' must be 1 to \(InputLimits.nameBytes) letters, digits, '-', '_' or '.', starting with a letter "
                + "or digit (it names the pack in files, commands and URLs); got \(JSONWriter.quoted(given))", at: "name")
            name = nil
        }
        let version = string("version", "a version such as \"1.0.0\"")
        if let version, !Self.isVersion(version) {
            reader.error("'version' must be MAJOR.MINOR.PATCH, e.g. \"1.0.0\"; got \"\(version)\"", at: "version")
        }
        var hostAPI: Int?
        switch members["hostAPI"] {
        case .integer(let value)? where value == Int64(Self.hostAPIVersion):
            hostAPI = Int(value)
        case .integer(let value)?:
            reader.error("this host implements API \(Self.hostAPIVersion); the pack was written for API \(value)", at: "hostAPI")
        default:
            reader.error("'hostAPI' must be the host API version the pack was written for: \(Self.hostAPIVersion)", at: "hostAPI")
        }
        var description: String?
        if let value = members["description"] {
            if case .string(let text) = value { description = text } else { reader.error("'description' must be a string", at: "description") }
        }
        let schema = Schema.read(members["schema"], at: "schema", in: &reader)
        let phases = identifiers("phases", members["phases"], in: &reader)
        let fields = identifiers("fields", members["fields"], in: &reader)
        let rules = ruleFiles(members["rules"], in: &reader)
        var checks = OutputChecks.warn
        if let value = members["checks"] {
            let levels = OutputChecks.allCases.map(\.rawValue)
            if case .string(let text) = value, let level = OutputChecks(rawValue: text) {
                checks = level
            } else {
                let hint = if case .string(let text) = value { Suggestion.hint(for: text, among: levels) } else { "" }
                reader.error("'checks' must be \(levels.map { "\"\($0)\"" }.joined(separator: " or ")), got \(value.brief)" + hint, at: "checks")
            }
        }
        var push: PushSettings?
        if let schema, let value = members["push"] { push = PushSettings.read(value, at: "push", schema: schema, in: &reader) }
        guard reader.diagnostics.count == before, let name, let version, let hostAPI, let schema, let phases,
              let fields, let rules
        else { return nil }
        return PackManifest(name: name, version: version, hostAPI: hostAPI, description: description,
                            schema: schema, phases: phases, rules: rules, fields: fields, checks: checks, push: push)
    }

    /// Whether `text` can name a pack: ASCII letters, digits, `-`, `_` and `.`, a letter or
    /// digit first, at most ``InputLimits/nameBytes``.
    private static func isPackName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= InputLimits.nameBytes, Self.isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// A non-empty list of at most ``InputLimits/listedNames`` distinct identifiers.
    private static func identifiers(_ key: String, _ value: JSONValue?, in reader: inout DocumentReader) -> [String]? {
        guard case .array(let items)? = value, !items.isEmpty else {
            reader.error("'\(key)' must be a non-empty list of names", at: key)
            return nil
        }
        guard items.count <= InputLimits.listedNames else {
            reader.error("'\(key)' lists \(items.count) names; at most \(InputLimits.listedNames) are allowed", at: key)
            return nil
        }
        var names: [String] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let at = JSONPath.element(index, in: key)
            guard case .string(let name) = item, JSONPath.isIdentifier(name), name.utf8.count <= InputLimits.nameBytes else {
                reader.error("\(key) entries are names of letters, digits and '_', at most \(InputLimits.nameBytes) bytes, got \(item.brief)", at: at)
                continue
            }
            if !seen.insert(name).inserted { reader.error("'\(name)' is listed twice", at: at) }
            names.append(name)
        }
        return names.count == items.count ? names : nil
    }

    /// `{ "phase": "phase.lua", … }`: one Lua file per rule, inside the pack folder; the
    /// optional rules may be left out.
    private static func ruleFiles(_ value: JSONValue?, in reader: inout DocumentReader) -> [RuleStage: String]? {
        let stages = RuleStage.allCases.map(\.rawValue)
        guard case .object(let members)? = value else {
            reader.error("'rules' must name the file of each rule: \(stages.joined(separator: ", "))", at: "rules")
            return nil
        }
        var rules: [RuleStage: String] = [:]
        var complete = true
        for key in members.keys.sorted() where RuleStage(rawValue: key) == nil {
            reader.error("unknown rule '\(key)'" + Suggestion.hint(for: key, among: stages), at: JSONPath.member(key, in: "rules"))
        }
        for stage in RuleStage.allCases {
            let at = JSONPath.member(stage.rawValue, in: "rules")
            guard let member = members[stage.rawValue] else {
                if stage.isRequired {
                    reader.error("the \(stage.rawValue) rule is missing: name its file, e.g. \"\(stage.rawValue).lua\"", at: "rules")
                    complete = false
                }
                continue
            }
            guard case .string(let file) = member, file.hasSuffix(".lua"), !file.hasPrefix("/"),
                  !file.split(separator: "/").contains("..")
            else {
                reader.error("a rule file is a .lua path inside the pack folder, got \(member.brief)", at: at)
                complete = false
                continue
            }
            rules[stage] = file
        }
        return complete ? rules : nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
