extension Explanation {
    /// The explanation for people: per output, in the order they were first explained, the
    /// output's path, then one indented line per entry, located as compilers locate messages
    /// (`rules/meetings/badges.lua:17: row 5: first = true → …`); notes read `note: …`.
    /// "no explanation recorded" when `detail` shows nothing.
    public func text(_ detail: ExplanationDetail) -> String {
        let shown = entries(detail)
        guard !shown.isEmpty else { return "no explanation recorded\n" }
        var order: [String] = []
        var byOutput: [String: [ExplanationEntry]] = [:]
        for entry in shown {
            if byOutput[entry.output] == nil { order.append(entry.output) }
            byOutput[entry.output, default: []].append(entry)
        }
        var lines: [String] = []
        for output in order {
            lines.append(output)
            for entry in byOutput[output]! {
                let location = entry.location.map { "\($0): " } ?? ""
                lines.append("  " + location + (entry.kind == .note ? "note: " : "") + entry.summary)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
