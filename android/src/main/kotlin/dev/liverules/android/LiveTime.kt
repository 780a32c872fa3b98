package dev.liverules.android

/** The wire form's clock: dates are seconds since 2001-01-01, as the backend writes them. */
internal object LiveTime {
    /** Seconds from 1970-01-01 to 2001-01-01. */
    private const val SECONDS_1970_TO_2001 = 978_307_200.0

    /** [millis] (Unix milliseconds) as seconds since 2001. */
    fun seconds2001(millis: Long): Double = millis / 1000.0 - SECONDS_1970_TO_2001

    /** [seconds2001] as Unix milliseconds, rounded to the nearest; saturating far outside Long's range. */
    fun millis(seconds2001: Double): Long = Math.round((seconds2001 + SECONDS_1970_TO_2001) * 1000)

    /**
     * The first moment after [millis] at which [reads], a value that moves one way only as time
     * passes, differs from what it reads at [millis]; null when it does not by the last moment a
     * Long holds. [expected] is where the change is thought to be: the search starts there, steps
     * on (1, 2, 4… ms) while the value is unchanged, then halves back to the first moment.
     */
    fun <T> firstChange(millis: Long, expected: Long, reads: (Long) -> T): Long? {
        if (millis == Long.MAX_VALUE) return null
        val now = reads(millis)
        var same = millis
        var later = maxOf(expected, millis + 1)
        var step = 1L
        while (reads(later) == now) {
            if (later == Long.MAX_VALUE) return null
            same = later
            later = if (later > Long.MAX_VALUE - step) Long.MAX_VALUE else later + step
            if (step < 1L shl 62) step *= 2
        }
        // Where the change is where it was expected, one read confirms it.
        if (later - 1 > same && reads(later - 1) == now) same = later - 1
        while (later - 1 > same) {
            val middle = same + ((later - same) ushr 1)
            if (reads(middle) == now) same = middle else later = middle
        }
        return later
    }
}
