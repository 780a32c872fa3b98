package dev.liverules.android

/**
 * The colour family a badge or a dot is drawn in: green for anything ongoing, the others by urgency.
 *
 * Open: a tone a later backend adds reads as itself, so a `when` over the known values needs an
 * `else` (draw an unknown tone as [NEUTRAL]).
 */
data class LiveTone(val rawValue: String) {
    companion object {
        /** Something going on as planned. */
        @JvmField val GREEN = LiveTone("green")
        /** Information, nothing to act on. */
        @JvmField val NEUTRAL = LiveTone("neutral")
        /** Needs attention soon. */
        @JvmField val WARNING = LiveTone("warning")
        /** Needs attention now. */
        @JvmField val CRITICAL = LiveTone("critical")
    }
}
