import LiveRules

/// Why a moment has no presentation: the problems, compiler style.
package struct TimelineFailure: Error, Sendable, Hashable {
    /// The problems, as `path:line:col: error: message`.
    package var diagnostics: [Diagnostic]
}
