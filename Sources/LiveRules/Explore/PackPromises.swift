import Foundation
import Lua

/// A pack's own promises: its `promises.lua`, a table of cases built with `liverules.promise`
/// (what its presentations keep whatever the state), run in a sandboxed state of their own.
/// Used by one thread at a time.
package final class PackPromises {
    /// The file a pack states its promises in.
    package static let file = "promises.lua"

    /// One promise a presentation broke: the row of `promises.lua` (its line) and the placement.
    package struct Broken: Sendable, Hashable, Decodable {
        /// The row's position in the cases, from 1.
        package var row: Int
        package var placement: String
        package var message: String
    }

    private let lua: LuaState
    private let check: LuaRef
    /// The line of each row of the cases (its `when`, or its table's first line), by position.
    package let rowLines: [Int]
    /// The chunk name of the file (`rules/meetings/promises.lua`).
    package let chunkName: String

    /// Loads `pack`'s promises; nil when the pack states none. Errors name the file and line.
    package init?(_ pack: RulePack) throws(PresentationError) {
        guard let source = pack.sources[Self.file] else { return nil }
        chunkName = pack.displayPath + "/" + Self.file
        do {
            lua = try LuaState(sandbox: HostResources.sandbox(for: pack, log: { _ in }))
            HostFunctions.install(in: lua, explaining: nil)
            check = try lua.run("return require 'promises'", chunkName: "liverules/promises.lua", returning: LuaRef.self)
            try lua.sealGlobals(freezing: [check])
        } catch {
            throw .setup([Diagnostic(luaError: error.restoringChunkName(in: pack), file: chunkName)])
        }
        rowLines = Self.rowLines(in: source)
    }

    /// The promises `presentation` breaks, for the rules' input `fixture` (its phase the
    /// presentation's). Errors are the promises' own, at their line.
    package func broken(by presentation: Presentation, of fixture: Fixture) throws(PresentationError) -> [Broken] {
        let input = JSONValue.object([
            "attributes": fixture.attributes, "state": fixture.state, "now": .number(fixture.now),
            "phase": .string(presentation.phase),
        ])
        var shown: [String: JSONValue] = [:]
        for (placement, layout) in presentation.layout {
            shown[placement.rawValue] = .array(layout.fields.map { .string($0.id) })
        }
        do {
            return try lua.call(check, input, JSONValue.object(shown), returning: [Broken].self)
        } catch {
            throw .rule(error)
        }
    }

    /// The line of each row of the cases: the tables opened directly inside the last table
    /// argument of `cases(`, in order.
    private static func rowLines(in source: String) -> [Int] {
        let tokens = LuaToken.tokens(of: source)
        guard let call = tokens.indices.first(where: { tokens[$0].text == "cases" && $0 + 1 < tokens.count && tokens[$0 + 1].text == "(" })
        else { return [] }
        var lines: [Int] = [], depth = 0, parentheses = 1
        for token in tokens[(call + 2)...] where token.kind == .symbol {
            switch token.text {
            case "{":
                depth += 1
                if depth == 1 { lines = [] }
                if depth == 2 { lines.append(token.line) }
            case "}": depth -= 1
            case "(": parentheses += 1
            case ")":
                parentheses -= 1
                if parentheses == 0 { return lines }
            default: break
            }
        }
        return lines
    }
}
