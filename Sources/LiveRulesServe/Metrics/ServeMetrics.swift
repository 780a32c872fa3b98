#if Service
import Foundation

/// What `liverules serve` counts, and its Prometheus exposition (`GET /metrics`):
/// - `liverules_presentations_total{pack, route}`: inputs presented (a batch counts each line);
/// - `liverules_errors_total{kind}`: failed requests and batch lines, by ``ServeError/Kind``;
/// - `liverules_request_duration_seconds{route}`: a histogram of the time from a request's
///   start to its answer (for a batch, to the end of its stream);
/// - `liverules_requests_in_flight`: requests to `/v1` being answered;
/// - `liverules_presentations_moved_total{pack, reason}`: presentations of `/present` and
///   `/payload` moved off the event loop that received them, by pack and ``PresentationSite/Move``;
/// - `liverules_pack_info{path, pack, version, hash}`: 1 for each pack's version served;
/// - `liverules_pack_serving{path}`: 1 when the folder's pack has a good version, else 0;
/// - `liverules_reloads_total{path, outcome}`: versions `accepted` (activated, the first load
///   included) and `refused`;
/// - `liverules_bundle_polls_total{path, outcome}`: polls of a bundle URL that `fetched` a
///   bundle, found it `not_modified`, or `failed` (no answer, or one other than 200 and 304).
///
/// Safe to use from any thread.
package final class ServeMetrics: @unchecked Sendable {
    private struct Presented: Hashable {
        var pack: String
        var route: ServeRoute
    }

    private struct Moved: Hashable {
        var pack: String
        var reason: PresentationSite.Move
    }

    private let lock = NSLock()
    private var presentations: [Presented: Int] = [:]
    private var errors: [ServeError.Kind: Int] = [:]
    private var latencies: [ServeRoute: LatencyHistogram] = [:]
    private var reloads: [String: (accepted: Int, refused: Int)] = [:]
    private var polls: [String: [PollOutcome: Int]] = [:]
    private var moves: [Moved: Int] = [:]

    /// What a poll of a bundle URL found.
    package enum PollOutcome: String, CaseIterable, Sendable {
        case fetched
        case notModified = "not_modified"
        case failed
    }

    /// Empty metrics.
    package init() {}

    /// Counts `count` inputs of `pack` presented on `route`.
    package func presented(_ pack: String, on route: ServeRoute, count: Int = 1) {
        lock.withLock { presentations[Presented(pack: pack, route: route), default: 0] += count }
    }

    /// Counts one failure of `kind`.
    package func failed(_ kind: ServeError.Kind) {
        lock.withLock { errors[kind, default: 0] += 1 }
    }

    /// Records a request to `route` answered in `seconds`.
    package func answered(_ route: ServeRoute, seconds: Double) {
        lock.withLock { latencies[route, default: LatencyHistogram()].record(seconds) }
    }

    /// Counts a reload of the folder `path`, accepted or refused.
    package func reloaded(_ path: String, accepted: Bool) {
        lock.withLock {
            var counts = reloads[path] ?? (0, 0)
            if accepted { counts.accepted += 1 } else { counts.refused += 1 }
            reloads[path] = counts
        }
    }

    /// Counts a presentation of `pack` moved off the event loop that received it.
    func moved(_ pack: String, _ reason: PresentationSite.Move) {
        lock.withLock { moves[Moved(pack: pack, reason: reason), default: 0] += 1 }
    }

    /// Counts a poll of the bundle URL `source`.
    package func polled(_ source: String, _ outcome: PollOutcome) {
        lock.withLock { polls[source, default: [:]][outcome, default: 0] += 1 }
    }

    /// The exposition, with `packs` as they are now and `inFlight` requests being answered.
    package func exposition(packs: [PackStatus], inFlight: Int) -> String {
        lock.withLock {
            var text = PrometheusText()
            text.family("liverules_presentations_total", "counter", "Inputs presented, by pack and route (a batch counts each line).")
            for (key, count) in presentations.sorted(by: { ($0.key.pack, $0.key.route.rawValue) < ($1.key.pack, $1.key.route.rawValue) }) {
                text.sample("liverules_presentations_total", ["pack": key.pack, "route": key.route.rawValue], Double(count))
            }
            text.family("liverules_errors_total", "counter", "Failed requests and batch lines, by kind.")
            for kind in ServeError.Kind.allCases {
                text.sample("liverules_errors_total", ["kind": kind.rawValue], Double(errors[kind] ?? 0))
            }
            text.family("liverules_request_duration_seconds", "histogram", "Time from a request's start to its answer (a batch: to the end of its stream).")
            for route in ServeRoute.allCases {
                let histogram = latencies[route] ?? LatencyHistogram()
                for (bound, count) in histogram.cumulative {
                    text.sample("liverules_request_duration_seconds_bucket", ["route": route.rawValue, "le": PrometheusText.number(bound)], Double(count))
                }
                text.sample("liverules_request_duration_seconds_sum", ["route": route.rawValue], histogram.sum)
                text.sample("liverules_request_duration_seconds_count", ["route": route.rawValue], Double(histogram.count))
            }
            text.family("liverules_requests_in_flight", "gauge", "Requests to /v1 being answered.")
            text.sample("liverules_requests_in_flight", [:], Double(inFlight))
            text.family("liverules_presentations_moved_total", "counter",
                        "Presentations moved off the event loop that received them, by pack and reason: busy, overstayed, paused.")
            for (key, count) in moves.sorted(by: { ($0.key.pack, $0.key.reason.rawValue) < ($1.key.pack, $1.key.reason.rawValue) }) {
                text.sample("liverules_presentations_moved_total", ["pack": key.pack, "reason": key.reason.rawValue], Double(count))
            }
            text.family("liverules_pack_info", "gauge", "The version of each pack served: its manifest version and content hash.")
            for status in packs {
                guard let pack = status.pack, let hash = status.hash else { continue }
                text.sample("liverules_pack_info", ["path": status.path, "pack": pack, "version": status.version ?? "", "hash": hash], 1)
            }
            text.family("liverules_pack_serving", "gauge", "1 when the folder's pack has a good version served, else 0.")
            for status in packs {
                text.sample("liverules_pack_serving", ["path": status.path], status.isServing ? 1 : 0)
            }
            text.family("liverules_reloads_total", "counter", "Versions of a pack folder accepted (activated, the first load included) and refused.")
            for (path, counts) in reloads.sorted(by: { $0.key < $1.key }) {
                text.sample("liverules_reloads_total", ["path": path, "outcome": "accepted"], Double(counts.accepted))
                text.sample("liverules_reloads_total", ["path": path, "outcome": "refused"], Double(counts.refused))
            }
            if !polls.isEmpty {
                text.family("liverules_bundle_polls_total", "counter", "Polls of a bundle URL, by what they found.")
                for (source, counts) in polls.sorted(by: { $0.key < $1.key }) {
                    for outcome in PollOutcome.allCases {
                        text.sample("liverules_bundle_polls_total", ["path": source, "outcome": outcome.rawValue], Double(counts[outcome] ?? 0))
                    }
                }
            }
            return text.text
        }
    }
}

/// The routes that present: the `route` label of the presentation counts and latencies.
package enum ServeRoute: String, Sendable, CaseIterable {
    /// `POST /v1/{pack}/present`.
    case present
    /// `POST /v1/{pack}/payload`.
    case payload
    /// `POST /v1/{pack}/batch`.
    case batch
}
#endif
