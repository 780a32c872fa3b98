import ArgumentParser
import LiveRules

/// The values a numeric option may take. Commands check theirs in `validate()`, before any
/// value sizes work (threads, durations, ports, timestamps), so no value can trap the process:
/// one out of range is a usage error naming the option, the range and the unit.
struct OptionRange<Value: Comparable & CustomStringConvertible & Sendable>: Sendable {
    /// The option as typed, `--deadline`.
    let name: String
    let range: ClosedRange<Value>
    /// What the number counts, `milliseconds`; empty for a bare count.
    let unit: String

    /// Throws the usage error for a value outside the range; nil passes.
    func check(_ value: Value?) throws {
        guard let value, !range.contains(value) else { return }
        let unit = unit.isEmpty ? "" : " " + unit
        throw ValidationError("\(name) must be between \(range.lowerBound) and \(range.upperBound)\(unit), got \(value)")
    }
}

extension OptionRange<Int> {
    /// Worker threads: far past any machine's cores, short of what a process can start.
    static func threads(_ name: String) -> OptionRange { OptionRange(name: name, range: 1...256, unit: "threads") }
    /// A CPU deadline per call, up to an hour; `allowingNone` admits 0, no deadline.
    static func deadline(allowingNone: Bool) -> OptionRange {
        OptionRange(name: "--deadline", range: (allowingNone ? 0 : 1)...3_600_000, unit: "milliseconds")
    }
    /// States to explore per pack, up to ten million; `allowingNone` admits 0, none.
    static func states(_ name: String, allowingNone: Bool) -> OptionRange {
        OptionRange(name: name, range: (allowingNone ? 0 : 1)...10_000_000, unit: "states")
    }
    /// A push's timestamp in Unix seconds: not before 1970, within the dates presentations may
    /// hold (``OutputLimits/maximumSeconds``, about 3,000 years).
    static let timestamp = OptionRange(name: "--previous-timestamp", range: 0...Int(OutputLimits.maximumSeconds), unit: "Unix seconds")
}
