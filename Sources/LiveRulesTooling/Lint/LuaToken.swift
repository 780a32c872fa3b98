/// One token of a Lua source, with where it starts: what the host's static checks read.
package struct LuaToken: Sendable, Equatable {
    /// What kind of token it is.
    package enum Kind: Sendable, Equatable {
        /// A name or a keyword (`local`, `input`, `end`).
        case name
        /// A string literal; ``LuaToken/text`` is its value, escapes decoded.
        case string
        /// A numeral.
        case number
        /// Punctuation: `{`, `==`, `..`, `.`.
        case symbol
    }

    /// The token's kind.
    package var kind: Kind
    /// The name, the symbol, the numeral as written, or a string's value.
    package var text: String
    /// 1-based line of the token's first byte.
    package var line: Int
    /// 1-based column of the token's first byte, in UTF-8 bytes (as ``Diagnostic`` counts).
    package var column: Int

    /// Whether the token is the symbol `symbol`.
    package func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// Whether the token is the name or keyword `name`.
    package func isName(_ name: String) -> Bool { kind == .name && text == name }
}
