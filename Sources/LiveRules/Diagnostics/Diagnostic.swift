/// One problem found in a pack, a fixture or a rule, located in a file.
///
/// `description` is the format compilers use, `path:line:col: error: message`, so editors and CI
/// annotations link it to the source. Lua reports lines only: the column of a problem in a rule is
/// found by reading the rule's source once the problem happened (1 when nothing better is known).
/// A problem with no place in a file (about a folder, an argument or the command itself) names
/// no position: `rules: error: message` (``init(about:severity:message:)``).
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is; its raw value is the word `description` shows.
    public enum Severity: String, Sendable {
        /// The pack, fixture or rule cannot be used as it is.
        case error
        /// Something likely wrong that does not stop the pack from loading.
        case warning
    }

    /// The file the problem is in, as messages name it (`rules/meetings/pack.json`).
    public var file: String
    /// 1-based line in `file`; 0 when the problem has no position (``hasPosition``).
    public var line: Int
    /// 1-based column in `line`, counted in UTF-8 bytes; 1 when only the line is known; 0 when
    /// the problem has no position.
    public var column: Int
    /// Whether the problem is an error or a warning.
    public var severity: Severity
    /// What is wrong, in one line, without the location.
    public var message: String

    /// A diagnostic at `line` and `column` of `file` (by default its start), an error unless
    /// `severity` says otherwise.
    public init(file: String, line: Int = 1, column: Int = 1, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// A problem with no position in a file: about `subject`, a folder, a path given on the command
    /// line or the command itself (`liverules`); an error unless `severity` says otherwise.
    public init(about subject: String, severity: Severity = .error, message: String) {
        self.init(file: subject, line: 0, column: 0, severity: severity, message: message)
    }

    /// Whether the problem is at a line and column of `file` (false for
    /// ``init(about:severity:message:)``).
    public var hasPosition: Bool { line > 0 }

    /// `path:line:col: severity: message`, or `path: severity: message` without a position.
    public var description: String {
        hasPosition ? "\(file):\(line):\(column): \(severity.rawValue): \(message)" : "\(file): \(severity.rawValue): \(message)"
    }
}
