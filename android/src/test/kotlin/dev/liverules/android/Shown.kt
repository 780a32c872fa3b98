package dev.liverules.android

/**
 * What a notification shows at one moment, as text to compare: each part of [OngoingNotification]
 * with the chronometer as its base, direction, field and the clock Android draws.
 */
data class Shown(
    val title: String,
    val text: String,
    val subText: String,
    val chronometer: String?,
    val progress: String?,
    val chip: String?,
    val actions: List<String>,
    val accents: String,
    val ongoing: Boolean
) {
    companion object {
        /** What [notification], drawn at some moment, shows at [millis] (its chronometer ticks on by itself). */
        fun of(notification: OngoingNotification, millis: Long) = Shown(
            notification.title, notification.text, notification.subText,
            notification.chronometer?.let { "${it.fieldId} ${if (it.countsDown) "down to" else "up from"} ${it.baseMillis}: ${it.reading(millis)}" },
            notification.progress?.let { "${it.fieldId} ${it.progress}/${it.max}${if (it.indeterminate) " indeterminate" else ""}" },
            notification.shortCriticalText,
            notification.actions.map { "${it.fieldId}: ${it.label}" },
            "${notification.light.accent.hex} ${notification.dark.accent.hex}",
            notification.ongoing
        )
    }
}
