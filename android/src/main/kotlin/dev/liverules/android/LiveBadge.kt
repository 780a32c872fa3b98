package dev.liverules.android

import org.json.JSONObject

/**
 * The short label an activity wears ("In progress"); an empty [text] means none.
 *
 * Reads `{"text", "tone"}` from any object: a missing or non-string `text` reads as empty, a
 * missing or non-string `tone` as [LiveTone.NEUTRAL], an unknown tone as itself; a value that is
 * not an object as no badge.
 */
data class LiveBadge(val text: String, val tone: LiveTone) {
    companion object {
        /** No label, in the neutral tone. */
        @JvmField val NONE = LiveBadge("", LiveTone.NEUTRAL)

        internal fun read(value: Any?): LiveBadge {
            val badge = value as? JSONObject ?: return NONE
            return LiveBadge(JsonRead.string(badge.opt("text")) ?: "", JsonRead.string(badge.opt("tone"))?.let(::LiveTone) ?: LiveTone.NEUTRAL)
        }
    }
}
