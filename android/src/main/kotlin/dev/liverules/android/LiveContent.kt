package dev.liverules.android

/** What a field draws: its text, or a form the device keeps current between pushes. */
sealed class LiveContent {
    /** The field's text, as it is. */
    object Text : LiveContent()
    /** A clock in place of the text. */
    data class Timer(val timer: LiveTimer) : LiveContent()
    /** A bar in place of the text. */
    data class Progress(val progress: LiveProgress) : LiveContent()
}
