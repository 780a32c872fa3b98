#if Service
import LiveRules

/// The answer of `GET /health`: healthy when every folder's pack has a good version served.
struct PackHealth {
    /// Every folder's status, by path.
    let statuses: [PackStatus]

    /// The health of `statuses`, taken at one moment.
    init(_ statuses: [PackStatus]) {
        self.statuses = statuses
    }

    /// Whether every folder's pack has a good version served.
    var isHealthy: Bool {
        !statuses.isEmpty && statuses.allSatisfy(\.isServing)
    }

    /// `{"status": "ok"|"unavailable", "packs": [{"path", "pack", "version", "hash", "serving",
    /// "refused"?: {"hash", "problems"}}]}`, compact, with a trailing newline.
    var json: String {
        let packs = statuses.map { status -> JSONValue in
            var members: [String: JSONValue] = [
                "path": .string(status.path),
                "pack": status.pack.map(JSONValue.string) ?? .null,
                "version": status.version.map(JSONValue.string) ?? .null,
                "hash": status.hash.map(JSONValue.string) ?? .null,
                "serving": .bool(status.isServing),
            ]
            if let refusal = status.refusal {
                members["refused"] = .object([
                    "hash": refusal.hash.map(JSONValue.string) ?? .null,
                    "problems": .array(refusal.problems.map { .string($0.description) }),
                ])
            }
            return .object(members)
        }
        let body = JSONValue.object(["status": .string(isHealthy ? "ok" : "unavailable"), "packs": .array(packs)])
        return ((try? JSONWriter.compact(body)) ?? "{}") + "\n"
    }
}
#endif
