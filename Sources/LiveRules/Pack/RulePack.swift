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
    public static let manifestFile = "pack.json"

    /// The pack folder.
    public let directory: URL
    /// How messages name the folder: `rules/meetings`.
    public let displayPath: String
    public let manifest: PackManifest
    public let rules: [RuleStage: RuleSource]
    /// The text of every Lua file in the pack folder, by path inside it (`badges.lua`, `lib/x.lua`).
    public let sources: [String: String]
    /// A hash of the manifest and every Lua file: the same content gives the same hash.
    public let contentHash: String
    /// Where each value of the manifest starts, by JSON path: diagnostics about the manifest
    /// point there.
    let manifestPositions: [String: SourcePosition]

    /// Loads the pack in `directory`. `displayPath` names it in messages (by default the path
    /// relative to the current directory).
    public static func load(from directory: URL, displayPath: String? = nil) throws(DiagnosticError) -> RulePack {
        let display = displayPath ?? PackFinder.displayPath(of: directory)
        let manifestName = display + "/" + manifestFile
        guard let manifestData = FileManager.default.contents(atPath: directory.appendingPathComponent(manifestFile).path) else {
            throw DiagnosticError([Diagnostic(file: manifestName, message: "cannot read the file")])
        }
        let document = try JSONFile.parse(manifestData, displayPath: manifestName)
        var reader = DocumentReader(document: document, file: manifestName)
        guard let manifest = PackManifest.read(in: &reader) else { throw DiagnosticError(reader.diagnostics) }
        var diagnostics = reader.diagnostics
        var rules: [RuleStage: RuleSource] = [:]
        let sources = luaFiles(in: directory)
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
                diagnostics.append(Diagnostic(luaError: error.restoringChunkName(among: [chunkName]), file: chunkName))
                continue
            }
            rules[stage] = RuleSource(stage: stage, file: file, chunkName: chunkName, text: text)
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw DiagnosticError(diagnostics) }
        var hash = ContentHash()
        hash.add(manifestFile, manifestData)
        for path in sources.keys.sorted() { hash.add(path, Data(sources[path]!.utf8)) }
        return RulePack(directory: directory, displayPath: display, manifest: manifest, rules: rules, sources: sources,
                        contentHash: hash.hex, manifestPositions: document.positions)
    }

    /// The UTF-8 text of every `.lua` file under `directory`, by relative path.
    private static func luaFiles(in directory: URL) -> [String: String] {
        let root = directory.standardizedFileURL.path + "/"
        var files: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        for case let path as String in walker where path.hasSuffix(".lua") {
            if let text = try? String(contentsOf: URL(fileURLWithPath: root + path), encoding: .utf8) { files[path] = text }
        }
        return files
    }

    /// The fixtures folder: `fixtures/`.
    public var fixturesDirectory: URL { directory.appendingPathComponent("fixtures") }
    /// The goldens folder: `golden/`.
    public var goldenDirectory: URL { directory.appendingPathComponent("golden") }

    /// The fixture files (`fixtures/**/*.json`), as paths relative to `fixtures/`, sorted.
    public func fixtureNames() -> [String] {
        GoldenSuite.files(in: fixturesDirectory, ending: ".json").map { $0 + ".json" }
    }
}
