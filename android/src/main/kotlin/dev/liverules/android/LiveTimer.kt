package dev.liverules.android

import org.json.JSONObject

/**
 * A clock the device keeps current: counting down to [date] (stopping at zero) or up from it,
 * between [prefix] and [suffix], with hours or, when [showsHours] is false, every minute ("67:20").
 * [date] is in seconds since 2001-01-01, as sent; [dateMillis] in Unix milliseconds, for `setWhen`.
 *
 * Reads `{"date", "counts": "down"|"up", "prefix"?, "suffix"?, "showsHours"?}`; fails (the field
 * shows its text) when `date` is not a finite number, `counts` is neither, a `prefix` or `suffix`
 * is present and not a string (null reads as empty), or a `showsHours` is present and not a
 * boolean (null reads as true); other members are ignored.
 */
data class LiveTimer(val date: Double, val countsDown: Boolean, val prefix: String, val suffix: String, val showsHours: Boolean = true) {
    /** [date] as Unix milliseconds. */
    val dateMillis: Long get() = LiveTime.millis(date)

    /**
     * What the timer reads at [millis] (Unix milliseconds), as the backend's rules write it:
     * prefix, clock and suffix ("in 9:59"). The clock is "m:ss" under an hour, "h:mm:ss" from an
     * hour on, or "m:ss" with every minute without hours ("67:20", "125:03"); the span is rounded
     * to the millisecond, then a countdown counts a partial second as a whole one and a count-up
     * leaves it out; never below zero.
     */
    fun reading(millis: Long): String = readingAt(LiveTime.seconds2001(millis))

    /** [reading] at [now], in seconds since 2001: a moment between milliseconds too. */
    internal fun readingAt(now: Double): String = prefix + clock(seconds(now), showsHours) + suffix

    /**
     * What Android draws at [millis] for a timer without hours, as text: prefix, the whole
     * minutes of [reading] and "'", suffix ("66'" for "66:20", "90+3'" for "90+3:20").
     */
    fun minuteText(millis: Long): String = "$prefix${minutes(millis)}'$suffix"

    /**
     * The first moment after [millis] at which [minuteText] reads otherwise: for a count-up the
     * next whole minute of its reading, for a countdown the moment its minutes drop. Null when
     * they never change again (a countdown at zero, a reading at its largest).
     */
    fun nextMinuteChange(millis: Long): Long? {
        val shown = minutes(millis)
        if (countsDown && shown == 0L) return null
        val expected = LiveTime.millis(if (countsDown) date - (shown * 60 - 1) else date + (shown + 1) * 60.0)
        return LiveTime.firstChange(millis, expected) { minutes(it) }
    }

    /** Whole minutes the clock shows at [millis]: its seconds, see [reading], over 60. */
    private fun minutes(millis: Long): Long = seconds(LiveTime.seconds2001(millis)) / 60

    /** Whole seconds the clock shows at [now] (seconds since 2001): see [reading]. */
    private fun seconds(now: Double): Long {
        val span = if (countsDown) date - now else now - date
        val milliseconds = Math.floor(span * 1000 + 0.5)
        if (!(milliseconds > 0)) return 0
        if (milliseconds >= 1e15) return 1_000_000_000_000
        val whole = milliseconds.toLong()
        return if (countsDown) (whole + 999) / 1000 else whole / 1000
    }

    companion object {
        internal fun read(value: Any?): LiveTimer? {
            val timer = value as? JSONObject ?: return null
            val date = JsonRead.finite(timer.opt("date")) ?: return null
            val countsDown = when (JsonRead.string(timer.opt("counts"))) {
                "down" -> true
                "up" -> false
                else -> return null
            }
            val showsHours = timer.opt("showsHours").let { if (it == null || it == JSONObject.NULL) true else it as? Boolean ?: return null }
            return LiveTimer(date, countsDown, words(timer.opt("prefix")) ?: return null, words(timer.opt("suffix")) ?: return null, showsHours)
        }

        /** A prefix or suffix: empty when absent or null, null when not a string. */
        private fun words(value: Any?): String? = if (value == null || value == JSONObject.NULL) "" else JsonRead.string(value)

        /** [seconds] as a clock: "9:59", "1:02:03"; without hours "67:20". */
        private fun clock(seconds: Long, showsHours: Boolean): String {
            val hours = if (showsHours) seconds / 3600 else 0
            val minutes = (seconds - hours * 3600) / 60
            val rest = seconds % 60
            fun two(value: Long) = if (value < 10) "0$value" else "$value"
            return if (hours > 0) "$hours:${two(minutes)}:${two(rest)}" else "$minutes:${two(rest)}"
        }
    }
}
