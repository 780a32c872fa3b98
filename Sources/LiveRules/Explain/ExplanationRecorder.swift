import Lua

/// Collects the entries of one presentation for an explaining ``Presenter``: the helpers'
/// records, located in the pack from the Lua stack they were made on.
///
/// An entry's place is the innermost pack file on the stack (the rule line that called the
/// helper) unless the helper gives one (a decision row's line). A rule that returns a helper's
/// result directly (`return layout.each(…)`) leaves no line on the stack: Lua's tail call
/// replaces its frame. Such entries are placed at the rule function's first line. Its stage is
/// the rule the driver is running, which the driver says through `liverules_host_explain_stage`.
final class ExplanationRecorder {
    /// The entries since the last ``reset()``.
    private(set) var entries: [ExplanationEntry] = []
    /// The rule running now.
    var stage: RuleStage?
    /// Where each rule function is written.
    var definitions: [RuleStage: SourceLocation] = [:]
    /// The text of every pack file, by chunk name.
    private let sources: [String: String]

    init(pack: RulePack) {
        sources = Dictionary(uniqueKeysWithValues: pack.sources.map { (pack.displayPath + "/" + $0.key, $0.value) })
    }

    /// Forgets the entries: the next presentation starts a new explanation.
    func reset() {
        entries.removeAll(keepingCapacity: true)
        stage = nil
    }

    /// Records `entry`, made with `callers` on the stack (innermost first): its stage, its output
    /// when it names none (the stage's), and its place when it has none.
    func record(_ entry: ExplanationEntry, callers: [SourceLocation]) {
        var entry = entry
        entry.stage = stage?.rawValue
        if entry.output.isEmpty { entry.output = stage?.rawValue ?? "" }
        if entry.file == nil || entry.line == nil,
           let place = callers.first(where: { sources[$0.file] != nil }) ?? stage.flatMap({ definitions[$0] }) {
            entry.file = place.file
            entry.line = place.line
        }
        entries.append(entry)
    }

    /// Where the rows of the decision table being built with `callers` on the stack are written:
    /// the innermost pack file and the line of each of the `count` rows of the table written at
    /// its line (``DecisionRowLines``); no lines when they cannot be told, no file outside the pack.
    func rows(count: Int, callers: [SourceLocation]) -> (file: String?, lines: [Int]) {
        guard let place = callers.first(where: { sources[$0.file] != nil }) else { return (nil, []) }
        let lines = DecisionRowLines.lines(in: sources[place.file]!, from: place.line)
        return (place.file, lines.count == count ? lines : [])
    }

    /// The length of the pack file `chunkName` in bytes, what finding its rows reads at most.
    func sourceLength(of chunkName: String) -> Int? {
        sources[chunkName]?.utf8.count
    }
}
