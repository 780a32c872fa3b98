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
            matches a glob. With CI set in the environment nothing is written.
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
        let pending = GoldenSuite.discover(paths).pending.filter { change in
            filter.map { fnmatch($0, change.id, 0) == 0 } ?? true
        }
        guard !pending.isEmpty else {
            print("no pending changes")
            return
        }
        let colour = Terminal.isOutput
        let interactive = !accept && !reject && !Environment.isCI && Terminal.isInteractive
        var accepted = 0, rejected = 0, skipped = 0
        review: for (index, change) in pending.enumerated() {
            print(PendingChange(change).text(colour: colour))
            var decision: Character = accept ? "a" : reject ? "r" : "s"
            if interactive {
                print("[\(index + 1)/\(pending.count)] accept (a), reject (r), skip (s), quit (q)? ", terminator: "")
                decision = readLine()?.lowercased().first ?? "q"
            }
            switch decision {
            case "a":
                try PendingChange(change).accept()
                print("accepted \(change.goldenPath)\n")
                accepted += 1
            case "r":
                try PendingChange(change).reject()
                print("rejected \(change.pendingPath)\n")
                rejected += 1
            case "q":
                skipped += pending.count - index
                break review
            default:
                skipped += 1
            }
        }
        print("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped")
    }
}
