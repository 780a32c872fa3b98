#if Service
/// Prometheus' text exposition format (version 0.0.4), written a family at a time: each
/// metric's `# HELP` and `# TYPE` lines, then its samples, `name{label="value",…} number`.
struct PrometheusText {
    /// The content type of the exposition.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) var text = ""

    /// Starts the family `name` of `type` (counter, gauge, histogram) described by `help`.
    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(Self.escaped(help, quotes: false))\n# TYPE \(name) \(type)\n"
    }

    /// One sample of `name` with `labels` (in the order given).
    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        sample(name, Array(labels), value)
    }

    /// One sample of `name` with `labels` (in the order given).
    mutating func sample(_ name: String, _ labels: [(key: String, value: String)], _ value: Double) {
        let set = labels.isEmpty ? "" : "{" + labels.map { "\($0.key)=\"\(Self.escaped($0.value, quotes: true))\"" }.joined(separator: ",") + "}"
        text += "\(name)\(set) \(Self.number(value))\n"
    }

    /// `value` as the format writes numbers: integers without a fraction, `+Inf`.
    static func number(_ value: Double) -> String {
        if value == .infinity { return "+Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `text` with `\`, a newline and (in a label value) `"` escaped.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\"" where quotes: escaped += "\\\""
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
#endif
