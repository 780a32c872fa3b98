/// Deterministic JSON text for a `JSONValue`.
///
/// Object keys are sorted by their UTF-8 bytes. Strings escape `"`, `\`, and the control
/// characters U+0000–U+001F and U+007F (`\b` `\f` `\n` `\r` `\t` where they exist, otherwise
/// `\u00xx` with lowercase hex); everything else, `/` included, is written as raw UTF-8.
/// `.number` is written as described in `numberText(_:)`; an integral `.number` below 2^53 is
/// therefore read back as `.integer`, and canonical text is a fixed point of parse-then-write.
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
        var output = ""
        try write(value, path: JSONPath.root, indentLevel: 0, into: &output)
        output.append("\n")
        return output
    }

    /// The canonical text without whitespace or trailing newline: keys sorted the same way, on
    /// one line (what push payloads and JSON Lines carry).
    package static func compact(_ value: JSONValue) throws(NonFiniteNumberError) -> String {
        var output = ""
        try write(value, path: JSONPath.root, indentLevel: nil, into: &output)
        return output
    }

    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let digits = String(scalar.value, radix: 16, uppercase: false)
                output.append("\\u00" + (digits.count == 1 ? "0" : "") + digits)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
        return output
    }

    /// The JSON text of a finite double: integral values below 2^53 in magnitude as plain
    /// integers (`80`; `-0.0` becomes `0`, so there is one canonical zero); anything else in
    /// Swift's shortest round-trip form (`0.1`, `1e-05`, `1.5e+300`, `9007199254740992.0`),
    /// which is always valid JSON.
    package static func numberText(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no text for \(value)")
        if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            return String(Int64(value))
        }
        return value.description
    }

    /// Appends `value`, whose container is `indentLevel` levels deep; nil writes no whitespace.
    private static func write(_ value: JSONValue, path: String, indentLevel: Int?, into output: inout String) throws(NonFiniteNumberError) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .integer(let integer): output.append(String(integer))
        case .number(let number):
            guard number.isFinite else { throw NonFiniteNumberError(path: path, value: number) }
            output.append(numberText(number))
        case .string(let text): output.append(quoted(text))
        case .array(let elements):
            output.append("[")
            for (index, element) in elements.enumerated() {
                startItem(first: index == 0, indentLevel: indentLevel, into: &output)
                try write(element, path: JSONPath.element(index, in: path), indentLevel: indentLevel.map { $0 + 1 }, into: &output)
            }
            endContainer(empty: elements.isEmpty, indentLevel: indentLevel, into: &output)
            output.append("]")
        case .object(let members):
            output.append("{")
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, (key, member)) in sorted.enumerated() {
                startItem(first: index == 0, indentLevel: indentLevel, into: &output)
                output.append(quoted(key))
                output.append(indentLevel == nil ? ":" : ": ")
                try write(member, path: JSONPath.member(key, in: path), indentLevel: indentLevel.map { $0 + 1 }, into: &output)
            }
            endContainer(empty: members.isEmpty, indentLevel: indentLevel, into: &output)
            output.append("}")
        }
    }

    private static func startItem(first: Bool, indentLevel: Int?, into output: inout String) {
        if !first {
            output.append(",")
        }
        guard let indentLevel else { return }
        output.append("\n")
        output.append(String(repeating: "  ", count: indentLevel + 1))
    }

    private static func endContainer(empty: Bool, indentLevel: Int?, into output: inout String) {
        if !empty, let indentLevel {
            output.append("\n")
            output.append(String(repeating: "  ", count: indentLevel))
        }
    }
}
