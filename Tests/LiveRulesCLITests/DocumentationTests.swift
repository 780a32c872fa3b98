import Foundation
import Testing
import TestPacks

/// The README and the manual run as written: every console block's commands print what the
/// document shows, every diff applies, and commands are shown without running only where a test
/// cannot run them. A document that drifts from the program fails here (see `aDriftFails`).
@Suite struct DocumentationTests {
    /// README.md, Benchmarks/README.md and every article of the package's documentation catalogs.
    static let documents: [String] = {
        var found = ["README.md", "Benchmarks/README.md"]
        let sources = Paths.root.appendingPathComponent("Sources")
        if let walker = FileManager.default.enumerator(atPath: sources.path) {
            for case let path as String in walker where path.hasSuffix(".md") && path.contains(".docc/") {
                found.append("Sources/" + path)
            }
        }
        return found.filter { FileManager.default.fileExists(atPath: Paths.root.appendingPathComponent($0).path) }.sorted()
    }()

    /// How a shown-only command may start: what installs, builds, serves or watches.
    static let shownOnly = ["./scripts/", "scripts/", "android/", "Benchmarks/", "swift ", "sudo ", "apt-get ", "apt ", "brew ", "export ", "cd ",
                            "liverules preview", "liverules serve", "liverules watch", "git ", "PKG_CONFIG_PATH=", "LIVERULES_DEVELOPMENT=", "CI="]

    @Test(arguments: documents)
    func everyCommandPrintsWhatTheDocumentShows(_ document: String) throws {
        let text = try String(contentsOf: Paths.root.appendingPathComponent(document), encoding: .utf8)
        let session = try DocumentSession()
        for problem in try Self.drift(in: text, session: session) {
            Issue.record("\(document):\(problem)")
        }
    }

    @Test(arguments: documents)
    func commandsAreShownWithoutRunningOnlyWhereATestCannotRunThem(_ document: String) throws {
        let text = try String(contentsOf: Paths.root.appendingPathComponent(document), encoding: .utf8)
        for case .shown(let commands) in DocumentBlocks(text).blocks {
            for (line, command) in commands where !Self.shownOnly.contains(where: command.hasPrefix) {
                Issue.record("\(document):\(line): `\(command)` is shown in a sh block but could run: put it in a console block with its output")
            }
        }
    }

    /// A shown output matches what a command prints line for line: `…` alone stands for any
    /// lines and `⋯` within a line for any text, and nothing else is let through.
    @Test func shownOutputMatchesOnlyWhatItShows() {
        let printed = ["wrote m.tar: 89 files, signed by key d4e28140ec57fe42", "40 passed, 0 failed"]
        #expect(DocumentBlocks.matches(printed, ["wrote m.tar: 89 files, signed by key ⋯", "40 passed, 0 failed"]))
        #expect(DocumentBlocks.matches(printed, ["wrote ⋯: 89 files, ⋯ key ⋯", "…"]))
        #expect(DocumentBlocks.matches(printed, ["…", "40 passed, 0 failed"]))
        #expect(!DocumentBlocks.matches(printed, ["wrote m.tar: 88 files, signed by key ⋯", "40 passed, 0 failed"]))
        #expect(!DocumentBlocks.matches(printed, ["wrote m.tar: 89 files, signed by key ⋯"]))
        #expect(!DocumentBlocks.matches(printed, ["⋯ failed ⋯", "40 passed, 0 failed"]))
        #expect(!DocumentBlocks.matches(["ab"], ["ab⋯b"]), "the text around a ⋯ may not overlap")
    }

    /// Every relative link (`[text](path)`, an image's too) leads to a file of the repository; in
    /// a documentation catalog a bare file name is a resource of the catalog, as DocC finds it.
    @Test(arguments: documents)
    func everyLinkLeadsToAFile(_ document: String) throws {
        let url = Paths.root.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let catalog = document.range(of: ".docc/").map { Paths.root.appendingPathComponent(String(document[..<$0.lowerBound]) + ".docc") }
        let resources = catalog.flatMap { FileManager.default.enumerator(atPath: $0.path)?.allObjects as? [String] } ?? []
        for match in text.matches(of: /\]\(([^)\s#]+)(#[^)\s]*)?\)/) {
            let target = String(match.1)
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
            let file = url.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
            let isResource = !target.contains("/") && resources.contains { ($0 as NSString).lastPathComponent == target }
            #expect(FileManager.default.fileExists(atPath: file.path) || isResource, "\(document) links to \(target), which is not there")
        }
    }

    /// A document whose shown output is not what the command prints, or whose edit does not
    /// apply, is reported at its line; the same document with the real output is not.
    @Test func aDriftFails() throws {
        let version = try DocumentSession().run("liverules --version").first ?? ""
        func problems(_ shown: String) throws -> [String] {
            try Self.drift(in: "```console\n$ liverules --version\n\(shown)\n```\n", session: DocumentSession())
        }
        #expect(try problems(version).isEmpty)
        #expect(try problems("liverules 0.0.0 (Lua 5.4.6)").first?.hasPrefix("2: `liverules --version` printed") == true)
        #expect(try problems("…").isEmpty)
        let badEdit = "```diff\n--- rules/meetings/pack.json\n+++ rules/meetings/pack.json\n@@ -1,1 +1,1 @@\n-no such line\n+x\n```\n"
        #expect(try Self.drift(in: badEdit, session: DocumentSession()).first?.hasPrefix("1: the edit does not apply") == true)
    }

    /// `line: what differs` for every block of `text` run in `session`, in order.
    static func drift(in text: String, session: DocumentSession) throws -> [String] {
        var problems: [String] = []
        for block in DocumentBlocks(text).blocks {
            switch block {
            case .console(let steps):
                for step in steps {
                    let printed = try session.run(step.command)
                    if !DocumentBlocks.matches(printed, step.expected) {
                        problems.append("\(step.line): `\(step.command)` printed\n\(printed.joined(separator: "\n"))\nwhere the document shows\n\(step.expected.joined(separator: "\n"))")
                    }
                }
            case .diff(let line, let diff):
                if let complaint = try session.apply(diff) { problems.append("\(line): the edit does not apply: \(complaint)") }
            case .shown:
                break
            }
        }
        return problems
    }
}
