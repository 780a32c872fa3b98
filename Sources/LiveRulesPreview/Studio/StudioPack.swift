#if Studio
import LiveRules

/// One pack as the studio shows it: its cases as the active version presents them, and the
/// problems of the last save that was refused (the banner), while the cases stay as they were.
package struct StudioPack: Sendable, Encodable {
    /// The pack's name from its manifest (empty until a version of it loads).
    package var name: String
    /// How messages name the pack folder (`rules/meetings`).
    package var path: String
    /// The manifest's phases, in order.
    package var phases: [String]
    /// The cases, fixtures sorted.
    package var cases: [StudioCase]
    /// Why the last save was refused, compiler style; empty when the files on disk serve.
    package var banner: [String]
    /// What the reloader warned of when it activated the version shown (content-state changes
    /// that break activities already running), compiler style.
    package var warnings: [String]
}
#endif
