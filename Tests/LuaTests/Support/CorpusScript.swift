import Foundation
import HostileCorpus
import Testing

/// What a corpus script may declare on its first line, parsed from what follows `-- expect: `.
protocol CorpusOutcome {
    init?(_ header: Substring)
}

/// A script of a test corpus (`Resources/<corpus>/*.lua`, copied into the test bundle as a
/// folder): its source and the outcome its first line declares, `-- expect: <outcome>`,
/// explained by the comment on its second.
struct CorpusScript<Outcome: CorpusOutcome> {
    let corpus: String
    let name: String
    let source: String
    let expected: Outcome

    /// The corpus folder in the test bundle, or nil when it is missing.
    static func folderURL(of corpus: String) -> URL? {
        Bundle.module.url(forResource: "Resources/\(corpus)", withExtension: nil)
    }

    /// The script names of a corpus (its `.lua` files, not its subfolders), sorted; empty when
    /// the folder is missing.
    static func scriptNames(in corpus: String) -> [String] {
        guard let folder = folderURL(of: corpus), let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".lua") }.sorted()
    }

    /// How errors name the script.
    var chunkName: String { "\(corpus)/\(name)" }

    /// Reads `name` from the corpus; throws unless its first line is an `-- expect: ` header
    /// naming a valid outcome and its second a comment.
    init(named name: String, in corpus: String) throws {
        self.corpus = corpus
        self.name = name
        let file = try #require(Self.folderURL(of: corpus)).appendingPathComponent(name)
        source = try String(contentsOf: file, encoding: .utf8)
        guard let header = CorpusHeader.outcome(of: source), let expected = Outcome(header) else { throw MalformedHeader(name: name) }
        self.expected = expected
    }
}

/// A script whose first two lines are not an expectation header and a comment, or whose header
/// names no outcome the corpus knows.
struct MalformedHeader: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name): the first line must be `-- expect: <outcome>`, the second a comment" }
}
