import ArgumentParser

/// `liverules`: presentation rules for live, glanceable surfaces, written in Lua.
@main
struct LiveRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "liverules",
        abstract: "Evaluate Lua presentation rules against typed content state.",
        subcommands: [Demo.self]
    )
}
