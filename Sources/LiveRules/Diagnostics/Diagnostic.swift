import Lua

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

// MARK: - From Lua errors

extension Diagnostic {
    /// A Lua error as a diagnostic: at its own location when it has one, else in `file`.
    init(luaError: LuaError, file: String) {
        let location = luaError.location
        self.init(file: location?.file ?? file, line: location?.line ?? 1, column: location?.column ?? 1, message: luaError.message)
    }
}

// MARK: - Same mistake

extension Diagnostic {
    /// Whether `other` reports the same mistake: the same place and severity, and a message that
    /// differs at most in the texts it quotes (`got string "In progress"` and `got string
    /// "Next up"` from one `return` in different fixtures).
    func isSameMistake(as other: Diagnostic) -> Bool {
        file == other.file && line == other.line && column == other.column && severity == other.severity
            && Self.unquoted(message) == Self.unquoted(other.message)
    }

    /// `message` with the text inside each pair of double quotes left out.
    private static func unquoted(_ message: String) -> String {
        var kept = "", quoted = false
        for character in message {
            if character == "\"" { quoted.toggle() }
            if !quoted { kept.append(character) }
        }
        return kept
    }
}

// MARK: - DiagnosticError

/// Problems that stopped a pack or a fixture from loading: all of them, not just the first.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order found; never empty when thrown.
    public var diagnostics: [Diagnostic]
    /// Whether a file or folder was refused because it leads outside its pack folder (or its
    /// name does): bad input, whatever kind of file it is.
    public var isOutsidePack: Bool

    /// An error carrying `diagnostics`; `isOutsidePack` marks a refused path outside the pack.
    public init(_ diagnostics: [Diagnostic], isOutsidePack: Bool = false) {
        self.diagnostics = diagnostics
        self.isOutsidePack = isOutsidePack
    }

    /// Each diagnostic's `description`, one per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

// MARK: - Suggestion

/// "Did you mean …?" for a name that is almost one of the known names: the one implementation
/// the sandbox's C checks use too (``LuaText``), so every layer suggests and words alike.
package enum Suggestion {
    /// The known name closest to `name` by edit distance (ignoring ASCII case), when it is close
    /// enough to be a typo: one edit for names under six characters, two otherwise.
    package static func closest(to name: String, among known: some Sequence<String>) -> String? {
        LuaText.closestName(to: name, among: known)
    }

    /// " — did you mean x?" or "".
    package static func hint(for name: String, among known: some Sequence<String>) -> String {
        LuaText.didYouMean(name, among: known)
    }
}

// MARK: - TerminalText

/// Text from packs made safe to show on a terminal.
///
/// Rule error messages, fixture and file names and the strings rules return come from people
/// and tools the host does not control. Written raw, an escape sequence in them could set the
/// window title, write the clipboard (OSC 52) or, with a carriage return, overwrite a line such
/// as `0 errors`. Every text output applies ``escaped(_:)`` to each line it shows before adding
/// its own colours and joining lines.
package enum TerminalText {
    /// `text` with every control character written as a visible Swift escape, `\u{1B}` (hex,
    /// uppercase, no leading zeros): C0 (U+0000–U+001F, newline, tab and ESC included), DEL
    /// (U+007F) and C1 (U+0080–U+009F). Everything else, backslashes included, is unchanged.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
