#if Studio
import Foundation

/// Edits of `meetings/badge.lua` that make timelines expensive, failing or long, each only from
/// ``StudioRuleEdits/from`` on: after every fixture's `now` (all on 2026-03-02), so the pack
/// still loads and renders as it is, and a timeline from that moment on meets the edit.
enum StudioRuleEdits {
    /// 2026-03-10T00:00:00Z, in Unix seconds.
    static let from = 1_773_100_800
    /// The case whose timelines the tests step through.
    static let caseID = "meetings/combo-back-to-back-5-min"
    static let badge = "meetings/badge.lua"

    /// Every step spends most of the badge's instruction budget (600,000 of a million), and
    /// succeeds.
    static let slow: [String: @Sendable (String) -> String] = [badge: { insert("local n = 0 for i = 1, 300000 do n = n + i end", into: $0) }]
    /// Every step runs out of the badge's instruction budget.
    static let failing: [String: @Sendable (String) -> String] = [badge: { insert("while true do end", into: $0) }]
    /// Every other minute runs out of the badge's instruction budget, and the others spend most
    /// of it: never 20 failures in a row, so the timeline does not stop early, and every step
    /// costs a counted budget's work, so a long timeline stays long on any machine, as `slow`.
    static let failingEveryOtherStep: [String: @Sendable (String) -> String] = [
        badge: { insert("if input.now % 120 == 0 then while true do end end local n = 0 for i = 1, 300000 do n = n + i end", into: $0) },
    ]
    /// Every step's badge text differs from the step before: every step is an update.
    static let changing: [String: @Sendable (String) -> String] = [
        badge: { $0.replacingOccurrences(of: "return { text = case.text,", with: "return { text = input.now >= \(from) and \"at \" .. (input.now // 60 % 1000) or case.text,") },
    ]

    /// `code` run first in the badge rule, from ``from`` on.
    private static func insert(_ code: String, into rule: String) -> String {
        rule.replacingOccurrences(of: "return function(input)\n", with: "return function(input)\n  if input.now >= \(from) then \(code) end\n")
    }

    /// The timeline of ``caseID`` in the pack at `pack` from ``from``, `steps` steps of a minute.
    static func timeline(pack: String, steps: Int) -> String {
        let query = [
            "pack": pack, "case": caseID, "from": time(from), "to": time(from + (steps - 1) * 60), "step": "60",
        ].sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
        return "/api/timeline?" + query.joined(separator: "&")
    }

    /// A long timeline: 18,721 steps (13 days of minutes), many minutes of work when each is slow.
    static func long(pack: String) -> String {
        timeline(pack: pack, steps: 18_721)
    }

    private static func time(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}
#endif
