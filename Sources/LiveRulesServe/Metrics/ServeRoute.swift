#if Service
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
