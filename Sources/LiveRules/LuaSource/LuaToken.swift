/// One token of a Lua source text, with where it starts: what error messages read to point at
/// the column of a mistake and the code around it, and what the host's static checks read.
package struct LuaToken: Hashable, Sendable {
    /// What kind of token it is.
    package enum Kind: Hashable, Sendable {
        /// A name (`input`, `badge`).
        case name
        /// A reserved word (`local`, `end`, `nil`).
        case keyword
        /// A string literal, quoted or long.
        case string
        /// A numeral.
        case number
        /// Punctuation (`{`, `==`, `..`, `.`), or a byte Lua does not know, alone.
        case symbol
    }

    /// The token's kind.
    package var kind: Kind
    /// The name, keyword, numeral or symbol as written; a string's contents as written (escapes
    /// left as they are), without its quotes or long brackets.
    package var text: String
    /// A string's value as Lua reads it: escapes decoded, a long string's first line break left
    /// out. For any other token, ``text``.
    package var value: String
    /// 1-based line of the token's first byte.
    package var line: Int
    /// 1-based column of the token's first byte, in UTF-8 bytes (as ``Diagnostic`` counts).
    package var column: Int
    /// Whether the token is a string without its closing quote or bracket, which Lua refuses: a
    /// quoted one then ends at its line's end, a long one at the source's end.
    package var isUnfinished = false

    /// Whether the token is the name, keyword, numeral or symbol `text` (never a string).
    package func `is`(_ text: String) -> Bool { kind != .string && self.text == text }
}
