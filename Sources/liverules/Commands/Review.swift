import ArgumentParser
import Foundation
import LiveRules

/// `liverules review [path...]`: shows each pending golden change and accepts or rejects it.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Review pending golden changes (<case>.json.new): accept or reject each.",
        discussion: """
            Shows each pending change as the field paths that changed and a unified diff. On a \
            terminal it asks: [a]ccept (the .new file becomes the golden), [r]eject (the .new file \
            is deleted), [s]kip, [q]uit. --accept or --reject decides every change without asking; \
            --filter limits the review to cases whose id (pack/case, e.g. meetings/countdown-*) \
            matches a glob. With CI set in the environment nothing is written. A golden or pending \
            file, or golden folder, that leads outside its pack is refused (exit status 2).
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Flag(help: "Accept every pending change shown.")
    var accept = false

    @Flag(help: "Reject every pending change shown.")
    var reject = false

    @Option(help: "Only cases whose id (pack/case) matches this glob.")
    var filter: String?

    func validate() throws {
        if accept && reject { throw ValidationError("--accept and --reject cannot be used together") }
    }

    func run() throws {
        if Environment.isCI && (accept || reject) {
            report([Diagnostic(file: "liverules review", message: "CI is set: review writes nothing")])
            throw ExitStatus.badInput.exitCode
        }
        let suite = GoldenSuite.discover(paths)
        guard suite.refused.isEmpty else {
            report(suite.refused)
            throw ExitStatus.badInput.exitCode
        }
        let pending = suite.pending.filter { change in
            filter.map { fnmatch($0, change.id, 0) == 0 } ?? true
        }
        guard !pending.isEmpty else {
            print("no pending changes")
            return
        }
        let interactive = !accept && !reject && !Environment.isCI && Terminal.isInteractive
        let counts: (accepted: Int, rejected: Int, skipped: Int)
        do { counts = try review(pending, interactive: interactive) } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
        print("\(counts.accepted) accepted, \(counts.rejected) rejected, \(counts.skipped) skipped")
    }

    /// Shows each change and decides it: as the flags say, or as the person at the terminal answers.
    private func review(_ pending: [GoldenCase], interactive: Bool) throws(DiagnosticError) -> (accepted: Int, rejected: Int, skipped: Int) {
        let colour = Terminal.isOutput
        var accepted = 0, rejected = 0, skipped = 0
        review: for (index, change) in pending.enumerated() {
            print(try PendingChange(change).text(colour: colour))
            var decision: Character = accept ? "a" : reject ? "r" : "s"
            if interactive {
                print("[\(index + 1)/\(pending.count)] accept (a), reject (r), skip (s), quit (q)? ", terminator: "")
                decision = readLine()?.lowercased().first ?? "q"
            }
            switch decision {
            case "a":
                try PendingChange(change).accept()
                print("accepted \(TerminalText.escaped(change.goldenPath))\n")
                accepted += 1
            case "r":
                try PendingChange(change).reject()
                print("rejected \(TerminalText.escaped(change.pendingPath))\n")
                rejected += 1
            case "q":
                skipped += pending.count - index
                break review
            default:
                skipped += 1
            }
        }
        return (accepted, rejected, skipped)
    }
}
