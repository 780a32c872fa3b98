package dev.liverules.android

import org.json.JSONObject

/**
 * A bar filling from [start] to [finish] (seconds since 2001-01-01, as sent; [finish] after [start]).
 *
 * Reads `{"start", "finish"}`; fails (the field shows its text) when either is not a finite number
 * or `finish` is not after `start`; other members are ignored.
 */
data class LiveProgress(val start: Double, val finish: Double) {
    /** How full the bar is at [millis] (Unix milliseconds), 0..1: 0 until [start], 1 from [finish] on. */
    fun fraction(millis: Long): Double {
        val now = LiveTime.seconds2001(millis)
        if (!(now < finish)) return 1.0
        if (!(now > start)) return 0.0
        val span = finish - start
        val fraction = if (!span.isInfinite()) (now - start) / span else (now / 2 - start / 2) / (finish / 2 - start / 2)
        return if (fraction >= 1) 1.0 else if (fraction > 0) fraction else 0.0
    }

    /**
     * The whole percentage the bar reads at [millis], as the backend's rules write it ("83%"
     * without the sign): 0 until [start], 100 from [finish] on, between them rounded down and at
     * most 99 (it is not done yet).
     */
    fun percent(millis: Long): Int {
        val now = LiveTime.seconds2001(millis)
        if (!(now < finish)) return 100
        if (!(now > start)) return 0
        val span = finish - start
        val scaled = (now - start) * 100
        val percent = if (!span.isInfinite() && !scaled.isInfinite()) Math.floor(scaled / span) else Math.floor(fraction(millis) * 100)
        return if (percent >= 99) 99 else if (percent > 0) percent.toInt() else 0
    }

    /** What the bar reads at [millis]: [percent] followed by "%". */
    fun reading(millis: Long): String = "${percent(millis)}%"

    companion object {
        internal fun read(value: Any?): LiveProgress? {
            val progress = value as? JSONObject ?: return null
            val start = JsonRead.finite(progress.opt("start")) ?: return null
            val finish = JsonRead.finite(progress.opt("finish")) ?: return null
            return if (finish > start) LiveProgress(start, finish) else null
        }
    }
}
