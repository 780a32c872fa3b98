/// Deterministic JSON text for a `JSONValue`.
///
/// Object keys are sorted by their UTF-8 bytes. Strings escape `"`, `\`, and the control
/// characters U+0000–U+001F and U+007F (`\b` `\f` `\n` `\r` `\t` where they exist, otherwise
/// `\u00xx` with lowercase hex); everything else, `/` included, is written as raw UTF-8.
/// `.number` is written as described in `numberText(_:)`; an integral `.number` below 2^53 is
/// therefore read back as `.integer`, and canonical text is a fixed point of parse-then-write.
/// The text is written by ``JSONText``, which values with a ``JSONShaped`` form also write to
/// without building a `JSONValue`.
package enum JSONWriter {
    /// A NaN or infinite `.number`, which JSON cannot represent.
    package struct NonFiniteNumberError: Error, CustomStringConvertible {
        /// The `JSONPath` of the offending value.
        let path: String
        let value: Double

        package var description: String {
            "cannot write non-finite number \(value) at \(path.isEmpty ? "the document root" : path)"
        }
    }

    /// Two-space indentation, one member or element per line, `"key": value`, `[]` and `{}` for
    /// empty containers, and exactly one trailing newline.
    package static func canonical(_ value: JSONValue) throws(NonFiniteNumberError) -> String {
        try text(of: value, indented: true)
    }

    /// The canonical text without whitespace or trailing newline: keys sorted the same way, on
    /// one line (what push payloads and JSON Lines carry).
    package static func compact(_ value: JSONValue) throws(NonFiniteNumberError) -> String {
        try text(of: value, indented: false)
    }

    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONText.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON text of a finite double: integral values below 2^53 in magnitude as plain
    /// integers (`80`; `-0.0` becomes `0`, so there is one canonical zero); anything else in
    /// Swift's shortest round-trip form (`0.1`, `1e-05`, `1.5e+300`, `9007199254740992.0`),
    /// which is always valid JSON.
    package static func numberText(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no text for \(value)")
        var bytes: [UInt8] = []
        JSONText.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `value`; the path of a non-finite number is looked for only when there is one.
    private static func text(of value: JSONValue, indented: Bool) throws(NonFiniteNumberError) -> String {
        var output = JSONText(indented: indented, capacity: 1024)
        value.write(to: &output)
        if output.wroteNonFinite, let (steps, number) = value.firstNonFinite() {
            throw NonFiniteNumberError(path: JSONPath.following(steps, from: JSONPath.root), value: number)
        }
        return output.finished()
    }
}
