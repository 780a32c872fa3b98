import ArgumentParser
import Foundation
import LiveRules

/// `liverules eval <pack-dir> <fixture.json>`: presents one fixture with a pack's rules.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Present one fixture with a pack's rules.",
        discussion: """
            Prints the presentation: canonical JSON (sorted keys, 2-space indent) or a readable
            table per placement. With --explain, also why: the decision-table rows that matched
            and the values they compared, the fields dropped with their widths against the
            slot's, the colours that fell back with their contrast, and the rules' note(...)
            calls, each at its rule line (`--explain` alone is `--explain notes`). In JSON the
            output is then { "presentation": …, "explanation": { "entries": [ … ] } }.
            With --next-update, also when the presentation next needs a push with the same
            attributes and state, to the second, and why (see `liverules timeline`); in JSON
            the output is then { "presentation": …, "nextUpdate": { "at", "timestamp", "why" }
            or null }.
            Exit status: 0 success; 1 a rule failed; 2 bad usage or bad input.
            """)

    enum Format: String, CaseFormat {
        case json, text
        static let standard = Format.json
    }

    @OptionGroup var input: CaseArguments<Format>

    @Option(help: "Show only this placement's layout (e.g. islandMinimal).")
    var placement: String?

    @Option(help: ArgumentHelp("Also say why: notes (the default; the rules' notes and one reason per output) or full.",
                               valueName: "notes|full"))
    var explain: ExplanationDetail?

    @Flag(help: "Also print when the presentation next needs a push with this state, to the second, and why.")
    var nextUpdate = false

    func validate() throws {
        if nextUpdate && explain != nil { throw ValidationError("--next-update and --explain: choose one") }
        if let placement, Placement(rawValue: placement) == nil {
            let ids = Placement.allCases.map(\.rawValue)
            throw ValidationError("unknown placement '\(placement)'; placements: \(ids.joined(separator: ", "))")
        }
    }

    func run() throws {
        let read = try input.load()
        let loaded = read.pack, fixture = read.fixture
        let presentation: Presentation
        let explanation: Explanation?
        var next: NextUpdate?
        do {
            if nextUpdate {
                (presentation, next) = try Presenter(pack: loaded).presentWithNextUpdate(fixture)
                explanation = nil
            } else if explain != nil {
                (presentation, explanation) = try Presenter(pack: loaded, explains: true).explain(fixture)
            } else {
                (presentation, explanation) = (try Presenter(pack: loaded).present(fixture), nil)
            }
        } catch {
            report(error.diagnostics(inputFile: fixture.file))
            throw (error.isInputError ? ExitStatus.badInput : .ruleFailed).exitCode
        }
        let only = placement.flatMap(Placement.init(rawValue:))
        if let explain, let explanation {
            try printExplained(presentation, Self.keeping(only, of: explanation), detail: explain, placement: only)
            return
        }
        switch (input.format, nextUpdate) {
        case (.json, false): print(try presentation.canonicalJSON(placement: only), terminator: "")
        case (.text, false): print(PresentationTable(presentation, placement: only).text, terminator: "")
        case (.json, true):
            let both = JSONValue.object(["presentation": presentation.json(placement: only), "nextUpdate": NextUpdate.json(next)])
            print(try JSONWriter.canonical(both), terminator: "")
        case (.text, true):
            print(PresentationTable(presentation, placement: only).text, terminator: "")
            print("\nnext update: " + TerminalText.escaped(next?.description ?? "none"))
        }
    }
}
