import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules review [path...]`: shows each pending golden change and accepts or rejects it.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Review pending golden changes (<case>.json.new): accept or reject each.",
        discussion: """
            Shows each pending change as the field paths that changed and a unified diff. On a \
            terminal it asks: [a]ccept (the .new file becomes the golden), [r]eject (the .new file \
            is deleted), [s]kip, [q]uit, each a single key (no Enter). --accept or --reject \
            decides every change without asking; without a terminal and without either, the \
            changes are shown and none is decided. --filter limits the review to cases whose id (pack/case, e.g. meetings/countdown-*) \
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
            report([Diagnostic(about: "liverules", message: "CI is set: review writes nothing")])
            throw ExitStatus.badInput.exitCode
        }
        let suite = GoldenSuite.discover(paths)
        guard suite.empty.isEmpty, suite.refused.isEmpty else {
            report(suite.empty.map { PathArgument.noPack(at: $0, command: "review") })
            report(suite.refused)
            throw ExitStatus.badInput.exitCode
        }
        let pending = suite.pending.filter { change in
            filter.map { fnmatch($0, change.id, 0) == 0 } ?? true
        }
        guard !pending.isEmpty else {
            print(Self.nothingToReview(filter: filter, pending: suite.pending))
            return
        }
        let decision: Decision = accept ? .acceptAll : reject ? .rejectAll
            : !Environment.isCI && Terminal.isInteractive ? .ask : .skipAll
        let counts: (accepted: Int, rejected: Int, skipped: Int)
        do { counts = try review(pending, decision) } catch {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
        print("\(counts.accepted) accepted, \(counts.rejected) rejected, \(counts.skipped) skipped")
        if decision == .skipAll {
            FileHandle.standardError.write(Data(("not a terminal, so nothing was decided: run `liverules review` on a terminal to answer "
                + "each change, or pass --accept or --reject (with --filter GLOB to choose the cases)\n").utf8))
        }
    }

    /// What review says when no pending change is left to show: none at all, or none matching
    /// `filter` while `pending` holds some.
    static func nothingToReview(filter: String?, pending: [GoldenCase]) -> String {
        guard let filter, !pending.isEmpty else { return "no pending changes" }
        let count = pending.count == 1 ? "1 pending change" : "\(pending.count) pending changes"
        let ids = pending.prefix(5).map { TerminalText.escaped($0.id) }.joined(separator: ", ") + (pending.count > 5 ? ", …" : "")
        return "no pending change matches --filter '\(TerminalText.escaped(filter))'; \(count) in all: \(ids)"
    }

    /// How the pending changes are decided.
    private enum Decision {
        /// The person at the terminal answers for each change.
        case ask
        case acceptAll, rejectAll
        /// No terminal to ask and no flag: every change is shown and left pending.
        case skipAll
    }

    /// Shows each change and decides it.
    private func review(_ pending: [GoldenCase], _ decision: Decision) throws(DiagnosticError) -> (accepted: Int, rejected: Int, skipped: Int) {
        let colour = Terminal.isOutput
        var accepted = 0, rejected = 0, skipped = 0
        review: for (index, change) in pending.enumerated() {
            print(try PendingChange(change).text(colour: colour))
            var answer: Character = decision == .acceptAll ? "a" : decision == .rejectAll ? "r" : "s"
            if decision == .ask { answer = ask("[\(index + 1)/\(pending.count)] accept (a), reject (r), skip (s), quit (q)? ") }
            switch answer {
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

    /// Asks `question` until one of a, r, s or q is pressed (no Enter needed; either case);
    /// returns it. Enter or another key asks again, naming the keys; Ctrl-C, Ctrl-D and the end
    /// of the input quit.
    private func ask(_ question: String) -> Character {
        let terminal = FileHandle.standardOutput
        terminal.write(Data(question.utf8))
        while true {
            guard let byte = SingleKey.next(), byte != SingleKey.interrupt, byte != SingleKey.endOfInput else {
                terminal.write(Data("q\n".utf8))
                return "q"
            }
            let key = Character(Unicode.Scalar(byte)).lowercased().first!
            if "arsq".contains(key) {
                terminal.write(Data("\(key)\n".utf8))
                return key
            }
            let pressed = byte == 0x0A || byte == 0x0D ? "Enter" : (0x21...0x7E).contains(byte) ? "'\(key)'" : String(format: "byte 0x%02X", byte)
            terminal.write(Data("\n\(pressed) is not an answer: press a (accept), r (reject), s (skip) or q (quit) ".utf8))
        }
    }
}
