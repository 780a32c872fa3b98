import ArgumentParser
import Foundation
import LiveRules

/// `liverules eval <pack-dir> <fixture.json>`: presents one fixture with a pack's rules.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Present one fixture with a pack's rules.",
        discussion: """
            Prints the presentation: canonical JSON (sorted keys, 2-space indent) or a readable
            table per placement. Exit status: 0 success; 1 a rule failed; 2 bad usage or bad input.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "The pack folder, e.g. rules/meetings.")
    var pack: String

    @Argument(help: "The fixture, e.g. rules/meetings/fixtures/countdown-middle.json.")
    var fixture: String

    @Option(help: "Show only this placement's layout (e.g. islandMinimal).")
    var placement: String?

    @Option(help: "json or text.")
    var format: Format = .json

    func validate() throws {
        if let placement, Placement(rawValue: placement) == nil {
            let ids = Placement.allCases.map(\.rawValue)
            throw ValidationError("unknown placement '\(placement)'; placements: \(ids.joined(separator: ", "))")
        }
    }

    func run() throws {
        let input = try PackAndFixture(pack: pack, fixture: fixture)
        let presentation: Presentation
        do {
            presentation = try Presenter(pack: input.pack).present(input.fixture)
        } catch {
            report(error.diagnostics(inputFile: fixture))
            throw (error.isInputError ? ExitStatus.badInput : .ruleFailed).exitCode
        }
        let only = placement.flatMap(Placement.init(rawValue:))
        switch format {
        case .json: print(try presentation.canonicalJSON(placement: only), terminator: "")
        case .text: print(PresentationTable(presentation, placement: only).text, terminator: "")
        }
    }
}
