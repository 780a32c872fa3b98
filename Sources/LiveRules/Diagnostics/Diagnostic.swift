/// One problem found in a pack, a fixture or a rule, located in a file.
///
/// `description` is the format compilers use, `path:line:col: error: message`, so editors and CI
/// annotations link it to the source. Lua reports lines only: the column of a problem in a rule is
/// found by reading the rule's source once the problem happened (1 when nothing better is known).
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
    /// 1-based line in `file`.
    public var line: Int
    /// 1-based column in `line`, counted in UTF-8 bytes; 1 when only the line is known.
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

    /// `path:line:col: severity: message`.
    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
