import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import TestPacks
import Testing

/// Pack checks, lint and the explanations of Lua's errors read Lua's blocks from one reader
/// (``LuaBlocks``), so they agree on where loops open and close.
@Suite struct BlockConsumersTests {
    /// The meetings pack's badge rule, with a `while` holding a `for` that never runs.
    static let loops = """
        local badges = require "badges"
        return function(input)
          local case = badges.of(input)
          local n = 0
          while n < 0 do
            for i = 1, 2 do
              local facts = input.facts
              n = n + i + #facts.nosuch
            end
            n = n + #facts.other
          end
          return { text = case.text, tone = case.tone }
        end
        """

    /// The badge rule with a `for` left open around its `return`.
    static let unclosedFor = """
        local badges = require "badges"
        for _, name in ipairs({ "a" }) do
          badges[name] = true
        return function(input)
          local case = badges.of(input)
          return { text = case.text, tone = case.tone }
        end
        """

    /// The host's lint of `source`, read as the meetings pack's badge rule.
    static func lint(_ source: String) throws -> RuleLint {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        return RuleLint(source: source, file: "rules/meetings/badge.lua", vocabulary: PackVocabulary(pack: pack), isPhaseRule: false, isPromises: false)
    }

    @Test func loopsInARuleNestAlikeForEachReader() throws {
        var lint = try Self.lint(Self.loops)
        lint.run()
        // The local holding the facts is seen in the `for` (line 8), not after its `end` (line 10).
        #expect(lint.found.map(\.line) == [8])
        let blocks = lint.blocks
        #expect(blocks.blocks.map { "\($0.kind) \(blocks.tokens[$0.opener].line)-\($0.closer.map { blocks.tokens[$0].line } ?? 0) d\($0.depth)" }
                == ["function 2-13 d0", "while 5-11 d1", "for 6-9 d2"])
        let sources = RuleSources(pack: ["rules/meetings/badge.lua": Self.loops])
        #expect(sources.blocks(of: "rules/meetings/badge.lua").blocks == blocks.blocks)
        let function = try #require(sources.returnedFunction(in: "rules/meetings/badge.lua"))
        #expect(function.returns.map(\.line) == [12] && function.end.line == 13)
        let pack = try TemporaryPack(files: ["badge.lua": Self.loops])
        let badge = try PackCheck.run(packAt: pack.directory, displayPath: "rules/meetings")
            .filter { $0.file == "rules/meetings/badge.lua" }.map(\.description)
        #expect(badge == lint.found.map(\.description))
    }

    @Test func anUnclosedForIsReportedAtItsOpeningLine() throws {
        let lint = try Self.lint(Self.unclosedFor)
        #expect(lint.blocks.unclosed.map { lint.blocks.tokens[lint.blocks.blocks[$0].opener].line } == [2])
        let pack = try TemporaryPack(files: ["badge.lua": Self.unclosedFor])
        let badge = try PackCheck.run(packAt: pack.directory, displayPath: "rules/meetings")
            .filter { $0.file == "rules/meetings/badge.lua" }.map(\.description)
        #expect(badge == ["rules/meetings/badge.lua:7:1: error: 'end' expected near <eof>: missing 'end'? the 'for' at line 2, column 1 is not closed"])
    }
}
