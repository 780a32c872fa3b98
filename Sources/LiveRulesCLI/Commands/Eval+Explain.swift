import ArgumentParser
import LiveRules

extension ExplanationDetail: ExpressibleByArgument {}

extension Eval {
    /// The arguments with a bare `--explain` (not followed by `notes` or `full`) made
    /// `--explain=notes`: the level may be left out, which ArgumentParser's options do not
    /// allow. Only `eval`'s arguments are touched.
    static func completingExplain(_ arguments: [String]) -> [String] {
        guard arguments.first == "eval" else { return arguments }
        var completed: [String] = []
        for (index, argument) in arguments.enumerated() {
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if argument == "--explain", next.flatMap(ExplanationDetail.init(rawValue:)) == nil {
                completed.append("--explain=" + ExplanationDetail.notes.rawValue)
            } else {
                completed.append(argument)
            }
        }
        return completed
    }

    /// `explanation` without the entries of other placements' layouts when `placement` is set.
    static func keeping(_ placement: Placement?, of explanation: Explanation) -> Explanation {
        guard let placement else { return explanation }
        return Explanation(entries: explanation.entries.filter { entry in
            !entry.output.hasPrefix("layout.") || entry.output == "layout." + placement.rawValue
        })
    }

    /// Prints the presentation with its explanation: in text, the table, then `explain (detail)`
    /// and the explanation's lines (escaped); in JSON, one canonical object holding both.
    func printExplained(_ presentation: Presentation, _ explanation: Explanation, detail: ExplanationDetail, placement: Placement?) throws {
        switch input.format {
        case .json:
            let both = JSONValue.object(["presentation": presentation.json(placement: placement),
                                         "explanation": explanation.json(detail)])
            print(try JSONWriter.canonical(both), terminator: "")
        case .text:
            let lines = explanation.text(detail).split(separator: "\n", omittingEmptySubsequences: false).map {
                TerminalText.escaped(String($0))
            }
            print(PresentationTable(presentation, placement: placement).text, terminator: "")
            print("\nexplain (\(detail.rawValue))")
            print(lines.joined(separator: "\n"), terminator: "")
        }
    }
}
