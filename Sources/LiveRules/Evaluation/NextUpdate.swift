import Foundation

/// When an activity's presentation next changes in a way its device cannot derive from the live
/// fields it was pushed: the moment a backend pushes next, with no new state.
///
/// The host finds it from the moments the rules compared `now` with (`time.reached`) and proves
/// it by presenting there: the rules' answers hold until the soonest of those moments, and at
/// ``at`` the presentation needs a push for ``reasons`` (see ``Presenter/presentWithNextUpdate(_:)``).
public struct NextUpdate: Sendable, Hashable, CustomStringConvertible {
    /// The moment, a whole second: the rules present the change from it on.
    public var at: Date
    /// What changes then; empty when ``failing`` or ``recheck``.
    public var reasons: [PushReason]
    /// The rules fail at ``at``: presenting then throws (fix the rules; push nothing then).
    public var failing: Bool
    /// No change was found within ``Presenter/nextUpdateTries`` moments the rules compared
    /// `now` with: present again at ``at`` and go on from there.
    public var recheck: Bool

    /// A next update at `at` for `reasons`.
    public init(at: Date, reasons: [PushReason], failing: Bool = false, recheck: Bool = false) {
        self.at = at
        self.reasons = reasons
        self.failing = failing
        self.recheck = recheck
    }

    /// Why a backend pushes then: each reason (`phase`, `location gone`), or `the rules fail`,
    /// or `recheck`.
    public var why: [String] {
        if failing { return ["the rules fail"] }
        if recheck { return ["recheck"] }
        return reasons.map(\.description)
    }

    /// `2026-03-02T10:45:00Z (location gone, runningLate gone)`.
    public var description: String {
        "\(ISO8601.format(at.timeIntervalSince1970)) (\(why.joined(separator: ", ")))"
    }

    /// The JSON form: `{"at": "2026-03-02T10:45:00Z", "timestamp": 1772448300, "why": [...]}`,
    /// `timestamp` in Unix seconds; `null` for no next update.
    public static func json(_ next: NextUpdate?) -> JSONValue {
        guard let next else { return .null }
        let seconds = next.at.timeIntervalSince1970
        return .object([
            "at": .string(ISO8601.format(seconds)), "timestamp": .integer(Int64(seconds)),
            "why": .array(next.why.map(JSONValue.string)),
        ])
    }
}
