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
