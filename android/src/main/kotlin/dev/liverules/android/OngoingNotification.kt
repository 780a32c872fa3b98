package dev.liverules.android

/**
 * What the ongoing notification shows at one moment, platform-neutral: each member is one call
 * on `NotificationCompat.Builder` (the adapter in `android/adapter` makes them). [OngoingLayout]
 * makes it from a message, by the mapping of the `androidOngoing` placement.
 */
data class OngoingNotification(
    /** `setContentTitle`. */
    val title: String,
    /** `setContentText`; empty: none. */
    val text: String,
    /** `setSubText`, drawn in the header before the chronometer: the chronometer's words; empty: none. */
    val subText: String,
    /** The chronometer in the header (and the chip when [shortCriticalText] is null); null: `setShowWhen(false)`. */
    val chronometer: Chronometer?,
    /** `setProgress`; null: no bar. */
    val progress: ProgressBar?,
    /** `setShortCriticalText`, the status-bar chip's text; null: none (the chip shows the chronometer, if any). */
    val shortCriticalText: String?,
    /** `addAction` with a `RemoteInput`, in display order. */
    val actions: List<QuickReply>,
    /** The colours in light mode: `setColor(light.accent.argb)`. */
    val light: LiveColours,
    /** The colours in dark mode: `setColor(dark.accent.argb)`. */
    val dark: LiveColours,
    /** `setOngoing`. */
    val ongoing: Boolean,
    /** `setRequestPromotedOngoing`. */
    val requestPromotedOngoing: Boolean,
    /** Whether posting this push alerts: `setOnlyAlertOnce(!alert)`; a local redraw passes true. */
    val alert: Boolean,
    /** When an ended notification goes away (`setTimeoutAfter`), in Unix milliseconds; null: it stays. */
    val dismissAtMillis: Long?
)
