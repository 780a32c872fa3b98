import Foundation

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
