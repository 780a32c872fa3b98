/// What a field draws: its text, or a form the device keeps current between pushes.
public enum LiveContent: Hashable, Sendable {
    /// The field's ``LiveField/text``, as it is.
    case text
    /// A clock: draw the timer in place of the text.
    case timer(LiveTimer)
    /// A bar: draw the progress in place of the text.
    case progress(LiveProgress)
}
