import ArgumentParser
import Foundation
import LiveRules

/// What `liverules` commands exit with.
enum ExitStatus: Int32 {
    case success = 0
    /// A rule failed, or a check found errors.
    case ruleFailed = 1
    /// Bad usage or bad input: an unreadable file, invalid JSON, a schema mismatch.
    case badInput = 2

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// Writes diagnostics to standard error, one per line, control characters escaped.
func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data((TerminalText.escaped(diagnostic.description) + "\n").utf8))
    }
}
