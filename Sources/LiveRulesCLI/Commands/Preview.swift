import ArgumentParser
import Foundation
import LiveRules

/// `liverules preview [path...]`: the preview studio, served on loopback, or exported. Built
/// with the package's `Studio` trait (Preview+Studio.swift); without it, says how to get it.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the preview studio: every fixture on every surface and appearance, live.",
        discussion: """
            Starts a web server (127.0.0.1:4747 by default) and prints its URL. The page draws each \
            pack's fixtures on every surface, to scale, in light, dark and StandBy night, with each \
            case's golden status; Accept and Reject decide changed cases as `liverules review` does \
            (refused when CI is set). Saving a rule, helper or fixture updates the page within a \
            second; a save the pack refuses shows a banner and keeps the last good rendering. \
            --export DIR writes a static copy (DIR/index.html) instead, viewable with no server.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Option(help: "The port to listen on (0: any free port).")
    var port = 4747

    @Option(help: "The address to listen on. Anything but loopback exposes the studio to the network.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Write a static copy of the page into this folder and exit.", valueName: "dir"))
    var export: String?

    func validate() throws {
        try OptionRange(name: "--port", range: 0...65_535, unit: "").check(port)
    }

    func run() throws {
        #if Studio
        try runStudio()
        #else
        report([Diagnostic(about: "liverules", message: Self.withoutStudio)])
        throw ExitStatus.badInput.exitCode
        #endif
    }

    /// Why a build without the `Studio` trait has no studio, and how to get one.
    static let withoutStudio = """
        this liverules was built without the preview studio (the package's Studio trait, which \
        adds its web server): install it with scripts/install.sh, or build it with \
        `swift build --traits Studio --product liverules`
        """
}
