import Foundation
import Lua

/// A loaded rule pack: its manifest and the text of every Lua file in it, validated and
/// immutable.
///
/// Loading reads the manifest and every `.lua` file of the pack folder once, and checks
/// everything it can without running a rule — the manifest, the schema, that every rule file
/// exists and compiles — reporting every problem at once. What a ``Presenter`` of the pack runs
/// is this snapshot, never the folder as it is later: the pack is one version, named by
/// ``contentHash``.
public struct RulePack: Sendable {
    /// The manifest's file name in a pack folder.
    public static let manifestFile = "pack.json"
    /// The folder of a pack that `liverules types` writes the editor definitions to: its `.lua`
    /// files describe the pack for editors and are never loaded, required, linted or covered.
    public static let typesFolder = "types"

    /// The pack folder: every file of the pack is read through it.
    package let folder: PackFolder
    /// The pack folder as given.
    public var directory: URL { folder.url }
    /// How messages name the folder: `rules/meetings`.
    public var displayPath: String { folder.displayPath }
    /// The pack's checked `pack.json`.
    public let manifest: PackManifest
    package let rules: [RuleStage: RuleSource]
    /// The text of every Lua file in the pack folder, by path inside it (`badges.lua`, `lib/x.lua`).
    package let sources: [String: String]
    /// A hash of the manifest and every Lua file: the same content gives the same hash.
    public let contentHash: String
    /// Where each value of the manifest starts, by JSON path: diagnostics about the manifest
    /// point there.
    package let manifestPositions: JSONPositions

    /// Loads the pack in `directory`. `displayPath` names it in messages (by default the path
    /// relative to the current directory). Throws every problem found in the manifest, the
    /// schema and the rule files at once; a manifest over ``InputLimits/manifestBytes`` is refused
    /// before it is read.
    public static func load(from directory: URL, displayPath: String? = nil) throws(DiagnosticError) -> RulePack {
        try load(folder: PackFolder(directory, displayPath: displayPath ?? PackFinder.displayPath(of: directory)))
    }

    /// Loads the pack in `folder`. A file or folder of the pack that leads outside it fails the
    /// load (``DiagnosticError/isOutsidePack``).
    package static func load(folder: PackFolder) throws(DiagnosticError) -> RulePack {
        let display = folder.displayPath
        let manifestName = folder.display(manifestFile)
        guard let manifestURL = try folder.location(of: manifestFile) else {
            throw DiagnosticError([Diagnostic(file: manifestName, message: "cannot read the file")])
        }
        let manifestData = try JSONFile.contents(of: manifestURL, displayPath: manifestName, limit: InputLimits.manifestBytes,
                                                 kind: "a pack manifest")
        let document = try JSONFile.parse(manifestData, displayPath: manifestName)
        var reader = DocumentReader(document: document, file: manifestName)
        guard let manifest = PackManifest.read(in: &reader) else { throw DiagnosticError(reader.diagnostics) }
        var diagnostics = reader.diagnostics
        var rules: [RuleStage: RuleSource] = [:]
        let sources = try luaFiles(in: folder)
        let compiler: LuaState
        do { compiler = try LuaState() } catch { throw DiagnosticError([Diagnostic(file: manifestName, message: error.message)]) }
        for stage in RuleStage.allCases {
            guard let file = manifest.rules[stage] else { continue }
            let chunkName = display + "/" + file
            guard let text = sources[file] else {
                let position = reader.position(of: JSONPath.member(stage.rawValue, in: "rules"))
                diagnostics.append(Diagnostic(file: manifestName, line: position.line, column: position.column,
                                              message: "cannot read the \(stage.rawValue) rule \(chunkName)"))
                continue
            }
            do {
                _ = try compiler.load(text, chunkName: chunkName)
            } catch {
                diagnostics.append(Diagnostic(luaError: error.restoringChunkName(among: [chunkName])
                    .explained(by: RuleSources(pack: [chunkName: text])), file: chunkName))
                continue
            }
            rules[stage] = RuleSource(stage: stage, file: file, chunkName: chunkName, text: text)
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw DiagnosticError(diagnostics) }
        var hash = ContentHash()
        hash.add(manifestFile, manifestData)
        for path in sources.keys.sorted() { hash.add(path, Data(sources[path]!.utf8)) }
        return RulePack(folder: folder, manifest: manifest, rules: rules, sources: sources,
                        contentHash: hash.hex, manifestPositions: document.positions)
    }

    /// The UTF-8 text of every Lua file of the pack (``luaFileNames(in:)``), by relative path;
    /// files that are not UTF-8 are left out. A file over ``InputLimits/luaFileBytes`` is refused
    /// before it is read (all such files in one error).
    private static func luaFiles(in folder: PackFolder) throws(DiagnosticError) -> [String: String] {
        var files: [String: String] = [:]
        var refused: [Diagnostic] = []
        for path in try luaFileNames(in: folder) {
            guard let url = try folder.location(of: path) else { throw DiagnosticError([Diagnostic(file: folder.display(path), message: "cannot read the file")]) }
            do {
                let data = try JSONFile.contents(of: url, displayPath: folder.display(path), limit: InputLimits.luaFileBytes,
                                                 kind: "a rule file or module")
                if let text = String(data: data, encoding: .utf8) { files[path] = text }
            } catch {
                refused += error.diagnostics
            }
        }
        guard refused.isEmpty else { throw DiagnosticError(refused) }
        return files
    }

    /// The paths of the pack's own `.lua` files (`badge.lua`, `lib/x.lua`), sorted: every one in
    /// the folder but those under ``typesFolder``.
    package static func luaFileNames(in folder: PackFolder) throws(DiagnosticError) -> [String] {
        try folder.files(in: "", ending: ".lua").map { $0 + ".lua" }.filter { !$0.hasPrefix(typesFolder + "/") }
    }

    /// The fixture files (`fixtures/**/*.json`), as paths relative to `fixtures/`, sorted; empty
    /// when the pack has no `fixtures` folder. Throws when a fixture file or folder leads outside
    /// the pack.
    public func fixtureNames() throws(DiagnosticError) -> [String] {
        try folder.files(in: "fixtures", ending: ".json").map { $0 + ".json" }
    }
}

// MARK: - Schema changes

extension RulePack {
    /// The content-state changes since `older`'s manifest, each located at the field's
    /// declaration in this pack's `pack.json` (a removed field at its type): errors for breaking
    /// changes when `breakingIsError`, warnings otherwise.
    package func schemaDiagnostics(since older: PackManifest, breakingIsError: Bool) -> [Diagnostic] {
        let file = folder.display(Self.manifestFile)
        return manifest.contentStateChanges(since: older).map { change in
            let type = JSONPath.member(change.typeName, in: "schema.types")
            let position = manifestPositions[JSONPath.member(change.fieldName, in: type)] ?? manifestPositions[type]
                ?? manifestPositions["schema"] ?? SourcePosition(line: 1, column: 1)
            return Diagnostic(file: file, line: position.line, column: position.column,
                              severity: breakingIsError && change.isBreaking ? .error : .warning, message: "\(change)")
        }
    }
}

extension PackManifest {
    /// The content-state changes since `older`, fields matched by the keys each version's push
    /// key map gives them (a Swift property renamed behind an unchanged `CodingKeys` key is no
    /// change; a key map entry that changes a key is a rename).
    package func contentStateChanges(since older: PackManifest) -> [SchemaChange] {
        schema.changes(since: older.schema, keys: Schema.Keys(older: { older.push?.key(for: $1, in: $0) ?? $1 },
                                                               newer: { [push] in push?.key(for: $1, in: $0) ?? $1 }))
    }
}

// MARK: - RuleStage

/// The rules of a pack, in the order the host runs them. The phase rule runs first; the others
/// see the phase it chose and the facts it returned. Every rule but ``timing`` is required.
public enum RuleStage: String, CaseIterable, Sendable, Hashable {
    /// Chooses the phase (one of the manifest's phases) and returns facts the later rules see.
    case phase
    /// The badge: its text and tone.
    case badge
    /// The relevance score and whether the update alerts.
    case relevance
    /// Which fields each placement shows.
    case layout
    /// The colours, with fallbacks.
    case palette
    /// Optional: when the activity goes stale and is dismissed, and what an alert says (see
    /// ``Timing``). A pack without it presents no timing.
    case timing

    /// Whether every pack must name a file for this rule.
    public var isRequired: Bool { self != .timing }
}

// MARK: - RuleSource

/// The text of one rule file of a pack.
package struct RuleSource: Sendable, Hashable {
    package var stage: RuleStage
    /// The file, relative to the pack folder.
    package var file: String
    /// How errors name the file: `rules/meetings/badge.lua`.
    package var chunkName: String
    package var text: String
}

// MARK: - ContentHash

/// FNV-1a (64 bits) over named byte strings: identifies a version of a pack by its content (not
/// a security hash). Each part is its name, a NUL, its length and its bytes, so different splits
/// of the same bytes hash differently.
struct ContentHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ name: String, _ bytes: Data) {
        feed(Data(name.utf8))
        feed(Data([0]))
        feed(Data(String(bytes.count).utf8))
        feed(bytes)
    }

    private mutating func feed(_ bytes: Data) {
        for byte in bytes {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01b3
        }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
