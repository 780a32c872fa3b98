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

    /// One row of the cases as `promise.cases` checked it: what it promises, where.
    package struct Row: Sendable, Hashable, Decodable {
        /// Its position in the cases, from 1.
        package var index: Int
        package var placements: [String]
        package var shows: [String]
        package var showsOneOf: [String]?
        package var hides: [String]
        /// The phases its `when` names; nil when it names none.
        package var phases: [String]?
    }

    /// What the cases' check returns for one presentation.
    private struct Outcome: Decodable {
        var broken: [Broken]
        /// The rows that matched, by position.
        var applied: [Int]
    }

    private struct Cases: Decodable {
        var rows: [Row]
    }

    private let lua: LuaState
    private let check: LuaRef
    /// The rows, in order.
    package let rows: [Row]
    /// The line of each row of the cases (its table's first line), by position.
    package let rowLines: [Int]
    /// The chunk name of the file (`rules/meetings/promises.lua`).
    package let chunkName: String

    /// Loads `pack`'s promises; nil when the pack states none. Errors name the file and line: a
    /// row's mistake (an unknown placement, field or phase, with the closest known name) is
    /// reported at the row.
    package init?(_ pack: RulePack) throws(PresentationError) {
        guard let source = pack.sources[Self.file] else { return nil }
        let chunkName = pack.displayPath + "/" + Self.file
        let rowLines = Self.rowLines(in: source)
        /// The line of row `index` (from 1), or `fallback` when the source does not show it.
        func line(ofRow index: Int, fallback: Int = 1) -> Int {
            rowLines.indices.contains(index - 1) ? rowLines[index - 1] : fallback
        }
        do {
            lua = try LuaState(sandbox: HostResources.sandbox(for: pack, log: { _ in }))
            HostFunctions.install(in: lua, explaining: nil)
            rows = try lua.run("return { rows = require('promises').rows }", chunkName: "liverules/promises.lua", returning: Cases.self).rows
            check = try lua.run("return require('promises').check", chunkName: "liverules/promises.lua", returning: LuaRef.self)
            try lua.sealGlobals(freezing: [check])
        } catch {
            var diagnostic = Diagnostic(luaError: error.restoringChunkName(in: pack), file: chunkName)
            if let row = Self.row(named: diagnostic.message) {
                (diagnostic.file, diagnostic.line, diagnostic.column) = (chunkName, line(ofRow: row, fallback: diagnostic.line), 1)
            } else if diagnostic.file.hasPrefix("liverules/") {
                diagnostic.message += " (\(chunkName) must return promise.cases(facts, rows))"
                (diagnostic.file, diagnostic.line, diagnostic.column) = (chunkName, 1, 1)
            }
            throw .setup([diagnostic])
        }
        self.chunkName = chunkName
        self.rowLines = rowLines
        let mistakes = rows.flatMap { Self.mistakes(in: $0, of: pack.manifest) }.map {
            Diagnostic(file: chunkName, line: line(ofRow: $0.row), column: 1, message: "row \($0.row): " + $0.message)
        }
        if !mistakes.isEmpty { throw .setup(mistakes) }
    }

    /// What `row` names that the pack does not have: placements, field ids and phases.
    private static func mistakes(in row: Row, of manifest: PackManifest) -> [(row: Int, message: String)] {
        var mistakes: [String] = []
        func check(_ names: [String], _ what: String, among known: [String]) {
            for name in names where !known.contains(name) {
                mistakes.append("unknown \(what) '\(name)'" + Suggestion.hint(for: name, among: known))
            }
        }
        check(row.placements, "placement", among: Placement.allCases.map(\.rawValue))
        check(row.shows + (row.showsOneOf ?? []) + row.hides, "field", among: manifest.fields)
        check(row.phases ?? [], "phase", among: manifest.phases)
        return mistakes.map { (row.index, $0) }
    }

    /// The row a `promise.cases` message is about (`promise.cases: row 3: …`).
    private static func row(named message: String) -> Int? {
        guard let range = message.range(of: "promise.cases: row ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    /// The promises `presentation` broke, for the rules' input `fixture` (its phase the
    /// presentation's), and the rows that applied. Errors are the promises' own, at their line.
    package func check(_ presentation: Presentation, of fixture: Fixture) throws(PresentationError) -> (broken: [Broken], applied: [Int]) {
        let input = JSONValue.object([
            "attributes": fixture.attributes, "state": fixture.state, "now": .number(fixture.now),
            "phase": .string(presentation.phase),
        ])
        var shown: [String: JSONValue] = [:]
        for (placement, layout) in presentation.layout {
            shown[placement.rawValue] = .array(layout.fields.map { .string($0.id) })
        }
        do {
            let outcome = try lua.call(check, input, JSONValue.object(shown), returning: Outcome.self)
            return (outcome.broken, outcome.applied)
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
