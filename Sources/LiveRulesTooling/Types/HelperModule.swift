import LiveRules

/// One module of the helper library as its source declares it: the members rules may use and
/// the comments written above each — a description, then LuaCATS annotations (`---@param`,
/// `---@return`, `---@type`) — which are the source of the editor definitions. A member is
/// `function M.name(…)` or `M.name = …` at the start of a line; comment blocks that declare a
/// `---@class` or `---@alias` on their own are kept as well.
package struct HelperModule: Sendable {
    /// One function or value of the module.
    package struct Member: Sendable {
        /// Its name: `minutes` for `time.minutes`.
        package var name: String
        /// The parameter list as written, `(from, to)`; nil for a value.
        package var parameters: String?
        /// The comment lines above it, in order, as LuaCATS writes them (`---` for `--`).
        package var comments: [String]
    }

    /// What rules require it as: `liverules.time`.
    package var name: String
    /// The members, in source order.
    package var members: [Member]
    /// Comment blocks declaring types on their own (`---@class liverules.Slot` …).
    package var declarations: [[String]]

    /// The helper modules rules may require, by name: every module of the helper library but
    /// those whose opening comment says they are "not meant for rules" (`liverules.support`).
    package static let all: [String: HelperModule] = modules.rules

    /// The names of the helper library's own modules, not meant for rules.
    package static let internalNames: Set<String> = modules.own

    private static let modules: (rules: [String: HelperModule], own: Set<String>) = {
        var rules: [String: HelperModule] = [:], own: Set<String> = []
        for (path, source) in HostResources.helpers where path.hasSuffix(".lua") {
            let name = String(path.dropLast(4)).replacingOccurrences(of: "/", with: ".")
            let opening = source.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("--") }.joined(separator: " ")
            if opening.contains("not meant for rules") { own.insert(name) } else { rules[name] = HelperModule(name: name, source: source) }
        }
        return (rules, own)
    }()

    /// The module `name` declared by `source`.
    package init(name: String, source: String) {
        self.name = name
        members = []
        declarations = []
        var block: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("---") {
                block.append(line)
                continue
            }
            if line.hasPrefix("--") {
                block.append("-" + line)
                continue
            }
            if let match = line.firstMatch(of: /^function M\.([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))/) {
                members.append(Member(name: String(match.1), parameters: String(match.2), comments: block))
            } else if let match = line.firstMatch(of: /^M\.([A-Za-z_][A-Za-z0-9_]*)\s*=/) {
                members.append(Member(name: String(match.1), parameters: nil, comments: block))
            } else if block.contains(where: { $0.hasPrefix("---@class") || $0.hasPrefix("---@alias") }) {
                declarations.append(block)
            }
            block = []
        }
    }

    /// The names rules may read from the module: its members, and for `liverules.placements`
    /// each placement's record.
    package var memberNames: [String] {
        members.map(\.name) + (name == HostResources.modulePrefix + ".placements" ? Placement.allCases.map(\.rawValue) : [])
    }
}

// MARK: - Definitions

extension HelperModule {
    /// The module's definition file (`types/liverules/time.lua`): its declarations, and each
    /// member with the LuaCATS comments written above it in the helper's source.
    package var definitions: String {
        let local = String(name.split(separator: ".").last!)
        var parts = [LuaCATS.header("the helper library (\(name.replacingOccurrences(of: ".", with: "/")).lua)")]
        parts += declarations.map { $0.joined(separator: "\n") }
        parts.append("---@class \(name)\nlocal \(local) = {}")
        for member in members {
            let comments = member.comments.isEmpty ? "" : member.comments.joined(separator: "\n") + "\n"
            if let parameters = member.parameters {
                parts.append(comments + "function \(local).\(member.name)\(parameters) end")
            } else {
                parts.append(comments + "\(local).\(member.name) = nil")
            }
        }
        if name == HostResources.modulePrefix + ".placements" {
            for placement in Placement.allCases {
                parts.append("---@type liverules.Placement\n\(local).\(placement.rawValue) = nil")
            }
        }
        parts.append("return \(local)")
        return parts.joined(separator: "\n\n") + "\n"
    }
}
