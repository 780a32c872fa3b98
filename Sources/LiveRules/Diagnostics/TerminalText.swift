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
