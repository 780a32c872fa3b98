/// What a Live Activity push does: the `event` of its `aps` body.
public enum PushEvent: String, Sendable, Hashable, CaseIterable {
    /// Starts an activity (push to start): carries `attributes-type`, `attributes` and an alert.
    case start
    /// Replaces the content state of a running activity.
    case update
    /// Ends the activity; it may stay on the lock screen until its `dismissal-date`.
    case end
}
