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

    func validate() throws {
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
        do {
            if explain != nil {
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
        switch input.format {
        case .json: print(try presentation.canonicalJSON(placement: only), terminator: "")
        case .text: print(PresentationTable(presentation, placement: only).text, terminator: "")
        }
    }
}
