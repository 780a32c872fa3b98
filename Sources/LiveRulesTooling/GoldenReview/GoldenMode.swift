/// What a golden run may write, and how it treats files that belong to no case.
package enum GoldenMode: Sendable, Hashable {
    /// Writes nothing; orphan goldens and pending `.new` files are reported as warnings.
    case check
    /// Writes missing goldens, and changed results as pending `.new` files (``GoldenRecorder``).
    case record
    /// `CI` is set: writes nothing, whatever was asked, and orphans and pending files fail the run.
    case ci

    /// The mode for a run that asked to record or not, in an environment with or without `CI`.
    package init(recording: Bool, ci: Bool) {
        self = ci ? .ci : recording ? .record : .check
    }
}
