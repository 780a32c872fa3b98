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
