/// Why a presentation came out as it did: what the helpers and the rule author's `note(...)`
/// calls recorded while the rules ran, in the order they ran.
///
/// The same inputs give the same entries, in the same order, on every run and in every process.
/// Get one from ``Presenter/explain(_:)``; show it with ``text(_:)`` or ``json(_:)``.
public struct Explanation: Codable, Sendable, Hashable {
    /// Every entry, in the order the rules recorded them.
    public var entries: [ExplanationEntry]

    /// An explanation of `entries`.
    public init(entries: [ExplanationEntry]) {
        self.entries = entries
    }

    /// The entries `detail` shows, in order: with ``ExplanationDetail/full`` all of them; with
    /// ``ExplanationDetail/notes`` the notes and, per output, the first decisive entry (a matched
    /// row, a dropped field or a fallback).
    public func entries(_ detail: ExplanationDetail) -> [ExplanationEntry] {
        guard detail == .notes else { return entries }
        var explained: Set<String> = []
        return entries.filter { entry in
            if entry.kind == .note { return true }
            guard entry.kind.isDecisive else { return false }
            return explained.insert(entry.output).inserted
        }
    }

    /// The entry that best says where the value at `path` of the presentation (`badge.text`,
    /// `layout.lockScreen.fields[1].text`) was produced: of the located entries whose output is
    /// `path` or contains it, those of the longest output; of them the first decisive one, or
    /// else the first. Nil when no entry explains the path.
    public func origin(of path: String) -> ExplanationEntry? {
        var best: [ExplanationEntry] = []
        var bestLength = -1
        for entry in entries where entry.file != nil && entry.kind != .note && entry.kind != .skipped
            && Self.path(path, isWithin: entry.output) {
            if entry.output.count > bestLength {
                best = [entry]
                bestLength = entry.output.count
            } else if entry.output.count == bestLength {
                best.append(entry)
            }
        }
        // A shown field comes from the placing, whatever else the placement dropped.
        if let output = best.first?.output, path.dropFirst(output.count).hasPrefix(".fields"),
           let placed = best.first(where: { $0.kind == .placed }) {
            return placed
        }
        return best.first(where: \.kind.isDecisive) ?? best.first
    }

    /// Whether `path` is `output` or a path inside it (`output.x`, `output[0]`).
    private static func path(_ path: String, isWithin output: String) -> Bool {
        guard path.hasPrefix(output) else { return false }
        let rest = path.dropFirst(output.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }
}

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

    /// The entries `detail` shows as JSON: `{ "entries": [ … ] }`, each entry with the members
    /// of ``ExplanationEntry`` that are set. `JSONDecoder` reads it back as an ``Explanation``.
    public func json(_ detail: ExplanationDetail) -> JSONValue {
        .object(["entries": .array(entries(detail).map(\.json))])
    }
}

/// How much of an explanation to show.
public enum ExplanationDetail: String, Codable, Sendable, CaseIterable {
    /// The rule author's notes and, per output, the one decisive reason (the first matched
    /// row, dropped field or colour fallback recorded for it).
    case notes
    /// Every entry: also the rows passed over, the fields each placement shows and the accents
    /// that did not fall back.
    case full
}
