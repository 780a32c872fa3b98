/// One problem found in a pack, a fixture or a rule, located in a file.
///
/// `description` is the format compilers use, `path:line:col: error: message`, so editors and CI
/// annotations link it to the source. Lua reports lines only: problems it found say column 1.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int = 1, column: Int = 1, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
