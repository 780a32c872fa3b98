import CurlCapture
import Foundation
@testable import LiveRules
import Testing

/// ``ShellWord`` in each of its spellings (bare, double-quoted, single-quoted pieces), read by
/// real shells: the program gets the literal text as it is and each variable's value only where
/// the word puts it.
@Suite struct ShellWordTests {
    private let token = CapturedCurl.environment["FCM_TOKEN"]!

    /// What `curl` receives for `words` when each shell runs `curl <words>`.
    private func expectArguments(_ words: [ShellWord], _ expected: [String]) throws {
        let command = "curl " + words.map(\.quoted).joined(separator: " ") + "\n"
        for shell in CapturedCurl.shells {
            let captured = try CapturedCurl(command, shell: shell)
            #expect(captured.arguments == expected, "\(shell): \(command)")
            #expect(captured.leftovers.isEmpty && captured.errors.isEmpty && captured.status == 0, "\(shell): \(captured.errors)")
        }
    }

    @Test func hostileTextAroundAVariableStaysText() throws {
        // No argument can hold a NUL; JSON text, which every payload is, has none.
        for text in try HostilePushTexts.all() where !text.contains("\0") {
            try expectArguments([ShellWord(text), ShellWord(text) + .variable("FCM_TOKEN") + ShellWord(text)],
                                [text, text + token + text])
        }
    }

    @Test func plainSpellingsKeepTheirMeaning() throws {
        let words: [ShellWord] = ["--http2", "a:b/c.d", "x" + .variable("FCM_TOKEN") + "/y z", "x" + .variable("FCM_TOKEN") + "y", ""]
        #expect(words.map(\.quoted) == ["--http2", "a:b/c.d", #""x$FCM_TOKEN/y z""#, #"'x'"$FCM_TOKEN"'y'"#, "''"])
        try expectArguments(words, ["--http2", "a:b/c.d", "x\(token)/y z", "x\(token)y", ""])
    }
}
