package dev.liverules.android

/** The wire form's clock: dates are seconds since 2001-01-01, as the backend writes them. */
internal object LiveTime {
    /** Seconds from 1970-01-01 to 2001-01-01. */
    private const val SECONDS_1970_TO_2001 = 978_307_200.0

    /** [millis] (Unix milliseconds) as seconds since 2001. */
    fun seconds2001(millis: Long): Double = millis / 1000.0 - SECONDS_1970_TO_2001

    /** [seconds2001] as Unix milliseconds, rounded to the nearest; saturating far outside Long's range. */
    fun millis(seconds2001: Double): Long = Math.round((seconds2001 + SECONDS_1970_TO_2001) * 1000)
}
