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

// MARK: - Terminal

/// What the process is attached to.
enum Terminal {
    /// Standard output is a terminal and colour is not switched off (`NO_COLOR`).
    static var isOutput: Bool { isatty(STDOUT_FILENO) != 0 && Environment.value("NO_COLOR") == nil }
    /// Standard error is a terminal.
    static var isError: Bool { isatty(STDERR_FILENO) != 0 }
    /// Standard input and output are a terminal: someone can answer a question.
    static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }
}

/// The environment the command runs in.
enum Environment {
    static func value(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }

    /// `CI` is set (to anything but an empty string): nothing may be written.
    static var isCI: Bool { !(value("CI") ?? "").isEmpty }
}
