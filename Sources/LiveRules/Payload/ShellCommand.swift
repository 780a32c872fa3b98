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
