package dev.liverules.android

/**
 * The `data` of a LiveRules FCM message (`RemoteMessage.data`), read without throwing whatever it
 * holds: strings as FCM delivers them.
 *
 * `presentation` is the wire form ([LivePresentation]); null when it is missing or not a JSON
 * object, and the notification then shows the message's own [title], [text] and
 * [shortCriticalText]. `ongoing` and
 * `requestPromotedOngoing` read `"true"` and `"false"`, anything else as true until the `end`
 * event; `alert` is true only for `"true"`; a number that does not read is null.
 */
class LiveMessage private constructor(
    /** `start`, `update`, `end`, or what a later backend sends; `update` when missing. */
    val event: String,
    /** The notification's title at the push, for an app that draws no presentation. */
    val title: String,
    /** The notification's text at the push, for an app that draws no presentation. */
    val text: String,
    /** The status-bar chip's text at the push (empty: none), for an app that draws no presentation. */
    val shortCriticalText: String,
    /** Whether the notification is ongoing (false from the `end` event on). */
    val ongoing: Boolean,
    /** Whether the notification asks to be promoted (Live Updates). */
    val requestPromotedOngoing: Boolean,
    /** Whether this push should alert (sound, vibration, heads-up); a local redraw never does. */
    val alert: Boolean,
    /** When the backend sent the message, in Unix seconds. */
    val timestamp: Long?,
    /** When the content goes stale without a newer push, in Unix seconds. */
    val staleAt: Long?,
    /** When an ended notification should go away, in Unix seconds. */
    val dismissAt: Long?,
    /** The rules' presentation; null when it does not read. */
    val presentation: LivePresentation?
) {
    companion object {
        /** The message [data] holds; never throws. */
        fun read(data: Map<String, String?>): LiveMessage {
            val event = data["event"] ?: "update"
            fun flag(key: String) = when (data[key]) {
                "true" -> true
                "false" -> false
                else -> event != "end"
            }
            return LiveMessage(
                event = event,
                title = data["title"] ?: "",
                text = data["text"] ?: "",
                shortCriticalText = data["shortCriticalText"] ?: "",
                ongoing = flag("ongoing"),
                requestPromotedOngoing = flag("requestPromotedOngoing"),
                alert = data["alert"] == "true",
                timestamp = data["timestamp"]?.toLongOrNull(),
                staleAt = data["staleAt"]?.toLongOrNull(),
                dismissAt = data["dismissAt"]?.toLongOrNull(),
                presentation = data["presentation"]?.let(LivePresentation.Companion::read)
            )
        }
    }
}
