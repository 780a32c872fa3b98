#if Service
import LiveRules

/// What `liverules serve` knows of one pack folder: the version it serves, if any, and the last
/// version it refused since then.
package struct PackStatus: Sendable {
    /// A version that failed its checks and was not activated.
    package struct Refusal: Sendable {
        /// Its content hash; nil when it did not load far enough to have one.
        package var hash: String?
        /// Why it was refused, as the reload log says.
        package var problems: [Diagnostic]
    }

    /// The folder, as the command line named it (`rules/meetings`).
    package var path: String
    /// The pack's name in its manifest (the `{pack}` of the routes); nil until a version loads.
    package var pack: String?
    /// The manifest's `version` of the version served.
    package var version: String?
    /// The content hash of the version served; nil when none is.
    package var hash: String?
    /// The last refused version since the one served was activated.
    package var refusal: Refusal?

    /// Whether a good version is served.
    package var isServing: Bool { hash != nil }
}
#endif
