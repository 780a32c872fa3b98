import Foundation
import LiveRules

extension Timeline {
    /// `2026-03-02T09:15:00Z`: how timelines write moments (UTC, whatever the machine's zone).
    package static func time(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formatted(.iso8601)
    }

    /// The readable report, line by line: a header, one line per push (time, phase, badge and
    /// tone, score, `ALERT`, why it is needed) and per failing moment with its problems under
    /// it, the ``stopNote`` when it stopped early, each ``TimelineUnannounced`` and
    /// ``TimelineMismatch`` as an error, then `N pushes needed, N presentations differ, N alerts`.
    package var lines: [String] {
        var lines = ["\(fixture): \(Self.time(range.from)) to \(Self.time(range.to)) every \(Self.duration(range.step)), \(range.count) steps"]
        for moment in moments {
            let time = Self.time(moment.now)
            switch moment.outcome {
            case .success(let presentation):
                guard !moment.push.isEmpty else { continue }
                let score = JSONWriter.numberText(presentation.relevance.score)
                lines.append("\(time)  \(presentation.phase)  \(presentation.badge.text) [\(presentation.badge.tone.rawValue)]  score \(score)"
                    + (presentation.relevance.alert ? "  ALERT" : "") + "  push: " + moment.push.map(\.description).joined(separator: ", "))
            case .failure(let failure):
                lines.append("\(time)  ERROR  changed: " + moment.changes.map(\.description).joined(separator: ", "))
                lines += failure.diagnostics.map { "    " + $0.description }
            }
        }
        if let stopNote { lines.append(stopNote) }
        lines += unannounced.map { "error: \(fixture): \($0)" }
        lines += mismatches.map { "error: \($0)" }
        lines.append("\(pushes) push\(pushes == 1 ? "" : "es") needed, \(updates) presentation\(updates == 1 ? " differs" : "s differ"), "
            + "\(alerts) alert\(alerts == 1 ? "" : "s")")
        return lines
    }

    /// The timeline as JSON: the range, the counts (`steps` in the range, `presented`, `updates`:
    /// presentations that differ, `pushes` needed, `alerts`), the ``stopNote`` as `stopped` (null
    /// when every step was presented), the `unannounced` pushes and the `mismatches`, and each moment with its time, what
    /// changed (`changes`, and `placements` whose fields changed), why it needs a push (`push`:
    /// `{ reason, placements }`, empty for none) and its `presentation` or `problems`.
    package var json: JSONValue {
        .object([
            "fixture": .string(fixture), "from": .string(Self.time(range.from)), "to": .string(Self.time(range.to)),
            "step": .number(range.step), "steps": .integer(Int64(range.count)), "presented": .integer(Int64(presented)),
            "stopped": stopNote.map(JSONValue.string) ?? .null,
            "updates": .integer(Int64(updates)), "pushes": .integer(Int64(pushes)), "alerts": .integer(Int64(alerts)),
            "mismatches": .array(mismatches.map { .string($0.description) }),
            "unannounced": .array(unannounced.map { .string($0.description) }),
            "moments": .array(moments.map(\.json)),
        ])
    }

    /// `stopped after 20 of 481 steps: 20 steps in a row failed; 461 steps skipped`, or nil when
    /// every step was presented.
    package var stopNote: String? {
        stop.map { "stopped after \(presented) of \(range.count) steps: \($0); \(skipped) steps skipped" }
    }

    /// `1 min`, `90 s`, `2 h`: a step as the header writes it.
    static func duration(_ seconds: Double) -> String {
        if seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(JSONWriter.numberText(seconds)) s"
    }
}

extension TimelineMoment {
    /// The moment as JSON; see ``Timeline/json``.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "now": .string(Timeline.time(now)), "alert": .bool(alerts),
            "changes": .array(changes.map { change in
                if case .fields = change { .string("fields") } else { .string(change.description) }
            }),
            "placements": .array(changes.flatMap { change -> [JSONValue] in
                if case .fields(let placements) = change { placements.map { .string($0.rawValue) } } else { [] }
            }),
            "push": .array(push.map { reason in
                .object(["reason": .string(reason.description), "placements": .array(reason.placements.map { .string($0.rawValue) })])
            }),
        ]
        switch outcome {
        case .success(let presentation): members["presentation"] = presentation.json()
        case .failure(let failure): members["problems"] = .array(failure.diagnostics.map { .string($0.description) })
        }
        return .object(members)
    }
}
