/// One argument of a command for a POSIX shell, made of literal text and the values of
/// environment variables (where the command takes its secrets).
///
/// The contract: the shell hands the program exactly the literal text, byte for byte, with each
/// variable's value in its place and nowhere else. Text is written in single quotes, where a
/// POSIX shell expands nothing (a quote inside is written `'\''`), unless it holds only
/// characters no shell treats specially; a variable is written `"$NAME"` (or inside a double-
/// quoted word whose text is equally plain), so its value is neither split nor expanded again.
/// Text that looks like a variable (`$FCM_TOKEN`) stays text. The one exception is NUL, which no
/// argument can hold: text must have none (JSON text, which every body is, has none).
struct ShellWord: Sendable, Hashable, ExpressibleByStringLiteral {
    enum Piece: Sendable, Hashable {
        case text(String)
        case variable(String)
    }

    private(set) var pieces: [Piece]

    /// Literal text.
    init(_ text: String) {
        pieces = [.text(text)]
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// The value of the environment variable `name` (letters, digits and `_`, not starting with
    /// a digit).
    static func variable(_ name: String) -> ShellWord {
        precondition(isName(name), "not an environment variable name: \(name)")
        return ShellWord(pieces: [.variable(name)])
    }

    private init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// `left` followed by `right` in one argument.
    static func + (left: ShellWord, right: ShellWord) -> ShellWord {
        ShellWord(pieces: left.pieces + right.pieces)
    }

    /// The word as the shell reads it.
    var quoted: String {
        let texts = pieces.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let hasVariable = texts.count < pieces.count
        if !hasVariable, let text = texts.first, texts.count == 1, !text.isEmpty, text.unicodeScalars.allSatisfy(Self.isBare) {
            return text
        }
        if hasVariable, texts.allSatisfy({ $0.unicodeScalars.allSatisfy(Self.isPlain) }), !followsVariableAmbiguously {
            return "\"" + pieces.map { piece in
                switch piece {
                case .text(let text): text
                case .variable(let name): "$" + name
                }
            }.joined() + "\""
        }
        return pieces.map { piece in
            switch piece {
            case .text(let text): "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
            case .variable(let name): "\"$" + name + "\""
            }
        }.joined()
    }

    /// Whether text right after a variable would be read as part of its name.
    private var followsVariableAmbiguously: Bool {
        zip(pieces, pieces.dropFirst()).contains { pair in
            guard case .variable = pair.0, case .text(let text) = pair.1, let first = text.unicodeScalars.first else { return false }
            return isNameScalar(first)
        }
    }

    /// Characters that need no quotes at all.
    private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        isNameScalar(scalar) || "-./:=@,+%".unicodeScalars.contains(scalar)
    }

    /// Characters that mean nothing to a shell inside double quotes (no `$`, `` ` ``, `"`, `\`,
    /// `!`, no controls, nothing outside ASCII).
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        isBare(scalar) || " '()[]{}<>;&|*?#~^".unicodeScalars.contains(scalar)
    }

    private static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy(isNameScalar)
    }
}

private func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
}

// MARK: - ShellCommand

/// A command for a POSIX shell (`sh`, `bash`), one option and its value per line: what
/// `--format curl` prints. Each argument is a ``ShellWord``, so the program receives exactly the
/// arguments given, however hostile their text.
struct ShellCommand: Sendable, Hashable {
    private var lines: [[ShellWord]]

    /// `program` and, on its line, `arguments`.
    init(_ program: ShellWord, _ arguments: ShellWord...) {
        lines = [[program] + arguments]
    }

    /// Adds `arguments` on a line of their own.
    mutating func add(_ arguments: ShellWord...) {
        lines.append(arguments)
    }

    /// The command's text: lines continued with ` \`, the later ones indented, ending in a newline.
    var text: String {
        lines.map { $0.map(\.quoted).joined(separator: " ") }.joined(separator: " \\\n  ") + "\n"
    }
}
