#if Service
import Foundation
import HTTPTestSupport

/// A Prometheus text exposition (format 0.0.4), parsed strictly: every sample belongs to a
/// family declared by `# TYPE` before it, every line is a comment or a sample, every value a
/// number. Samples are keyed by their series: `name{label="value",…}` as written.
struct PrometheusExposition {
    /// Each family's type, by name.
    var types: [String: String] = [:]
    /// Each sample's value, by series.
    var samples: [String: Double] = [:]

    /// Parses `text`; throws at the first line that is not of the format.
    init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw HTTPTestError("the exposition does not end with a newline") }
        let sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*\})? (\S+)$/
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                    throw HTTPTestError("line \(index + 1): bad TYPE: \(line)")
                }
                types[String(parts[2])] = String(parts[3])
            } else if line.hasPrefix("# HELP ") || line.hasPrefix("#") {
                continue
            } else if let match = try sample.wholeMatch(in: String(line)) {
                let name = String(match.1)
                let declared = types[name] != nil || ["_bucket", "_sum", "_count"].contains { suffix in
                    name.hasSuffix(suffix) && types[String(name.dropLast(suffix.count))] == "histogram"
                }
                guard declared else { throw HTTPTestError("line \(index + 1): \(name) has no TYPE before it") }
                guard let value = Double(match.3 == "+Inf" ? "inf" : String(match.3)) else {
                    throw HTTPTestError("line \(index + 1): not a number: \(match.3)")
                }
                samples[name + (match.2.map(String.init) ?? "")] = value
            } else {
                throw HTTPTestError("line \(index + 1) is not of the text format: \(line)")
            }
        }
    }

    /// The value of `series` (`liverules_errors_total{kind="json"}`), 0 when absent.
    subscript(_ series: String) -> Double {
        samples[series] ?? 0
    }
}
#endif
