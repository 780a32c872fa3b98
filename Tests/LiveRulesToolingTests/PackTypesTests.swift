import Foundation
import LiveRules
import LiveRulesTooling
import Lua
import TestPacks
import Testing

/// The editor definitions `liverules types` writes, checked on the bundled packs.
@Suite struct PackTypesTests {
    static let packs = ["meetings", "match", "delivery"]

    static func load(_ pack: String) throws -> RulePack {
        try RulePack.load(from: Paths.rules.appendingPathComponent(pack), displayPath: "rules/\(pack)")
    }

    /// The committed files are what `liverules types` writes today: after a change to a pack's
    /// schema, its phase rule's facts, the rule stages or the helpers' comments, run
    /// `liverules types rules` and commit the result.
    @Test(arguments: packs)
    func theCommittedDefinitionsAreUpToDate(_ name: String) throws {
        let pack = try Self.load(name)
        #expect(PackTypes(pack: pack).stale(in: pack.folder) == [], "run `liverules types rules/\(name)`")
    }

    /// The host's live forms, as a layout field's `live` and what time.countdown, time.elapsed and
    /// time.progress_field return, are in every pack's definitions.
    @Test func theDefinitionsDescribeLiveForms() throws {
        let files = PackTypes(pack: try Self.load("meetings")).files
        func text(_ path: String) throws -> String { try #require(files.first { $0.path == path }).text }
        let host = try text("types/host.lua")
        #expect(host.contains("---@alias liverules.TimerCounting \"down\"|\"up\"\n"))
        #expect(!host.contains("TimerStyle"))
        #expect(host.contains("---@class liverules.LiveForm\n---@field timer? liverules.LiveTimer\n---@field progress? liverules.LiveProgress\n"))
        #expect(host.contains("---@class liverules.LiveTimer\n---@field date liverules.Date"))
        #expect(host.contains("---@field prefix? string the text before the clock"))
        #expect(host.contains("---@class liverules.LiveProgress\n---@field start liverules.Date\n---@field finish liverules.Date"))
        let layout = try text("types/liverules/layout.lua")
        #expect(layout.contains("---@field live? liverules.LiveForm "))
        #expect(layout.contains("---@param live_of? fun(id: string): liverules.LiveForm?\n"))
        let time = try text("types/liverules/time.lua")
        #expect(time.contains("---@class liverules.LiveField\n---@field text string"))
        #expect(host.contains("---@field showsHours? boolean false: every minute, no hours"))
        #expect(host.contains("---@class liverules.TimerOptions\n---@field showsHours? boolean"))
        #expect(time.contains("---@param options? liverules.TimerOptions\n"))
        for helper in ["countdown(to, now, format, options)", "elapsed(since, now, format, options)", "progress_field(start, finish, now)"] {
            #expect(time.contains("---@return liverules.LiveField\nfunction time.\(helper) end"), "\(helper)")
        }
    }

    @Test(arguments: packs)
    func everyDefinitionFileCompilesInLua54(_ name: String) throws {
        let lua = try LuaState()
        for file in PackTypes(pack: try Self.load(name)).files where file.path.hasSuffix(".lua") {
            #expect(throws: Never.self, "\(file.path)") { _ = try lua.load(file.text, chunkName: file.path) }
            #expect(file.text.hasPrefix("---@meta\n"), "\(file.path)")
        }
    }

    /// A pack's own text in the definitions — its enums' values, with quotes, backslashes, line
    /// breaks, `]]` and control characters — is quoted or escaped: every file still compiles, no
    /// line of code appears that the generator did not write, and each enum value reads back as
    /// exactly its bytes. (A pack's name cannot hold such text: the manifest refuses it.)
    @Test func hostileNamesAndValuesStayInsideTheirLiteralsAndComments() throws {
        let values = ["a\"b", "c\nd", "e]]f", "g\\h", "i\rj", "k\u{1B}[2Jl", "--[[", "m\"..os.exit(1)..\"n"]
        let enumJSON = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        let temporary = try TemporaryPack(files: [:])
        var manifest = try temporary.read("pack.json")
        manifest = manifest.replacingOccurrences(of: #""channel": "string""#, with: #""channel": "Channel""#)
            .replacingOccurrences(of: #""LateNotice": {"#, with: "\"Channel\": \(enumJSON),\n      \"LateNotice\": {")
        try manifest.write(to: temporary.directory.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let lua = try LuaState()
        for file in PackTypes(pack: pack).files where file.path.hasSuffix(".lua") {
            #expect(throws: Never.self, "\(file.path)") { _ = try lua.load(file.text, chunkName: file.path) }
            // Lua breaks lines at \n and \r: every line holding the pack's text is a comment.
            let lines = file.text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            #expect(lines.filter { $0.contains("os.exit") }.allSatisfy { $0.hasPrefix("--") }, "\(file.path)")
        }
        let text = try #require(PackTypes(pack: pack).files.first { $0.path == "types/pack.lua" }?.text)
        let alias = try #require(text.split(separator: "\n").first { $0.hasPrefix("---@alias") && $0.contains(".Channel ") })
        let literals = String(alias.drop { $0 != "\"" })
        #expect(try lua.run("return { \(literals.replacingOccurrences(of: "|", with: ", ")) }", chunkName: "check.lua", returning: [String].self) == values)
    }

    @Test(arguments: packs)
    func thePackFileMentionsEverySchemaFieldPhaseFieldIdAndRule(_ name: String) throws {
        let pack = try Self.load(name)
        let text = try #require(PackTypes(pack: pack).files.first { $0.path == "types/pack.lua" }?.text)
        for (typeName, type) in pack.manifest.schema.types {
            switch type {
            case .object(_, let fields):
                #expect(text.contains("---@class \(name).\(typeName)\n"))
                for field in fields {
                    #expect(text.contains("\n---@field \(field.name)\(field.type.isOptional ? "?" : "") "), "\(typeName).\(field.name)")
                }
            case .enumeration(_, let values):
                #expect(text.contains("---@alias \(name).\(typeName) " + values.map { "\"\($0)\"" }.joined(separator: "|")))
            default:
                Issue.record("\(typeName) is neither an object nor an enum")
            }
        }
        #expect(text.contains("---@alias \(name).Phase " + pack.manifest.phases.map { "\"\($0)\"" }.joined(separator: "|") + "\n"))
        #expect(text.contains("---@alias \(name).FieldId " + pack.manifest.fields.map { "\"\($0)\"" }.joined(separator: "|") + "\n"))
        for stage in RuleStage.allCases {
            #expect(text.contains("Rule fun(input: \(name).\(stage == .phase ? "PhaseInput" : "Input")): "), "\(stage)")
        }
        for fact in try #require(PhaseFacts.names(in: pack.sources["phase.lua"]!)) {
            #expect(text.contains("\n---@field \(fact) any\n"), "fact \(fact)")
        }
    }

    /// Every helper function the rules may call is defined with a `---@param` for each of its
    /// parameters and a `---@return`, taken from the helper's source, and every value has a
    /// `---@type`.
    @Test func everyHelperMemberIsAnnotatedInItsSource() throws {
        #expect(Set(HelperModule.all.keys).isSuperset(of: ["liverules.colour", "liverules.decide", "liverules.layout", "liverules.palette",
                                                           "liverules.placements", "liverules.text", "liverules.time"]))
        #expect(HelperModule.internalNames.contains("liverules.support") && HelperModule.all["liverules.support"] == nil)
        for module in HelperModule.all.values {
            #expect(!module.members.isEmpty, "\(module.name)")
            for member in module.members {
                let where_ = "\(module.name).\(member.name)"
                guard let parameters = member.parameters else {
                    #expect(member.comments.contains { $0.hasPrefix("---@type ") }, "\(where_)")
                    continue
                }
                let names = parameters.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                for parameter in names {
                    #expect(member.comments.contains { $0.hasPrefix("---@param \(parameter) ") || $0.hasPrefix("---@param \(parameter)? ") },
                            "\(where_): \(parameter)")
                }
                #expect(member.comments.contains { $0.hasPrefix("---@return ") }, "\(where_)")
                #expect(module.definitions.contains("function \(module.name.split(separator: ".").last!).\(member.name)\(parameters) end"))
            }
        }
    }

    /// Files under `types/` describe the pack for editors: they are not loaded, linted or covered.
    @Test func theTypesFolderIsNotPartOfThePack() throws {
        let pack = try Self.load("meetings")
        #expect(!pack.sources.keys.contains { $0.hasPrefix("types/") })
        #expect(pack.sources.keys.sorted() == ["badge.lua", "badges.lua", "content.lua", "layout.lua", "lines.lua", "palette.lua", "phase.lua", "promises.lua", "relevance.lua", "timing.lua"])
    }

    /// Editing or adding files under `types/` leaves the pack's content hash alone, so a reload
    /// sees the version already active (`ReloadEvent.unchanged`).
    @Test func theTypesFolderDoesNotChangeThePacksVersion() throws {
        let copy = TemporaryFolder.path("types")
        try FileManager.default.copyItem(at: Paths.rules.appendingPathComponent("meetings"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let before = try RulePack.load(from: copy).contentHash
        try "---@meta\n-- edited\n".write(to: copy.appendingPathComponent("types/pack.lua"), atomically: true, encoding: .utf8)
        try "local x = 1\n".write(to: copy.appendingPathComponent("types/extra.lua"), atomically: true, encoding: .utf8)
        #expect(try RulePack.load(from: copy).contentHash == before)
        try "-- a comment\n".write(to: copy.appendingPathComponent("extra.lua"), atomically: true, encoding: .utf8)
        #expect(try RulePack.load(from: copy).contentHash != before, "a pack file outside types/ is part of the version")
    }
}
