import ArgumentParser
import Foundation

/// `liverules`: presentation rules for live, glanceable surfaces, written in Lua.
@main
struct LiveRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "liverules",
        abstract: "Evaluate Lua presentation rules against typed content state.",
        version: LiveRulesVersion.description,
        subcommands: [Eval.self, Check.self, Test.self, Review.self, Watch.self, Bench.self, Payload.self, Types.self,
                      TimelineCommand.self, Explore.self, Preview.self, Serve.self, BundleCommand.self]
    )

    /// Runs the command; usage errors exit with status 2 (as bad input does), not 64.
    static func main() {
        do {
            var command = try parseAsRoot(Eval.completingExplain(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.badInput.rawValue)
            }
            exit(withError: error)
        }
    }
}
