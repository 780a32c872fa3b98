import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// A script of the hostile-output corpus (`Resources/hostile-output`): a rule of the meetings
/// pack whose output tries to cost the host more than a legal output can, or to slip something
/// past its readers. Its header names the stage whose rule it replaces and the error presenting
/// `countdown-middle` must end in (what follows `error: `), then says what it tries:
///
///     -- stage: layout
///     -- expect: layout[1]: expected a placement name (a string of valid UTF-8), got integer key 1
///     -- A positional entry in the layout, next to every placement.
struct HostileOutput: CustomStringConvertible {
    static let folder = Paths.resources.appendingPathComponent("hostile-output")
    /// The fixture every script is presented with.
    static let fixture = "countdown-middle"

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
    }

    let name: String
    let stage: RuleStage
    /// `path: message`, as the error shows it.
    let expected: String
    let source: String

    init(named name: String) throws {
        self.name = name
        source = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let lines = source.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0].hasPrefix("-- stage: "), lines[1].hasPrefix("-- expect: "), lines[2].hasPrefix("-- "),
              let stage = RuleStage(rawValue: String(lines[0].dropFirst("-- stage: ".count)))
        else { throw MalformedHostileOutput(name: name) }
        self.stage = stage
        expected = String(lines[1].dropFirst("-- expect: ".count))
        // The header holds the path as printed: `\xFF` and `\n` as escapes, which it is.
    }

    var description: String { name }

    /// The rule file the script replaces, as errors name it.
    var ruleFile: String { "rules/meetings/\(stage.rawValue).lua" }

    /// A copy of the meetings pack with this script as its rule for `stage`.
    func pack() throws -> TemporaryPack {
        try TemporaryPack(files: ["\(stage.rawValue).lua": source])
    }

    /// Whether `error` is the declared one: an output error at the script's rule file.
    func matches(_ error: PresentationError?) -> Bool {
        guard case .output(let file, _, _, let path, let message)? = error else { return false }
        return file == ruleFile && "\(path): \(message)" == expected
    }
}

struct MalformedHostileOutput: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name): the header must be `-- stage: <stage>`, `-- expect: <path>: <message>` and a comment" }
}
