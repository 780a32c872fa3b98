package dev.liverules.android

/**
 * The notification's one chronometer: `setUsesChronometer(true)`, `setWhen(baseMillis)`,
 * `setChronometerCountDown(countsDown)`, `setShowWhen(true)`. It shows the clock of the timer
 * field [fieldId], without words: Android gives it no format.
 */
data class Chronometer(val baseMillis: Long, val countsDown: Boolean, val fieldId: String) {
    /**
     * What Android draws at [millis] (Unix milliseconds), as its `Chronometer` does: whole seconds
     * with the partial one left out, minutes in two digits under an hour ("09:59"), "h:mm:ss"
     * from an hour on ("1:02:03"), and a minus sign past zero ("−00:05"), which the mapping never
     * shows (it stops a countdown at zero). On every whole second it reads the clock of the
     * rules' reading ("9:59"), with minutes in two digits.
     */
    fun reading(millis: Long): String {
        val span = if (countsDown) difference(baseMillis, millis) else difference(millis, baseMillis)
        val seconds = Math.abs(span / 1000)
        val hours = seconds / 3600
        val minutes = seconds % 3600 / 60
        val rest = seconds % 60
        fun two(value: Long) = if (value < 10) "0$value" else "$value"
        val clock = if (hours > 0) "$hours:${two(minutes)}:${two(rest)}" else "${two(minutes)}:${two(rest)}"
        return if (span / 1000 < 0) "\u2212$clock" else clock
    }

    /** `a - b`, saturating instead of overflowing. */
    private fun difference(a: Long, b: Long): Long {
        val result = a - b
        return if ((a xor b) and (a xor result) < 0) (if (a < 0) Long.MIN_VALUE + 1 else Long.MAX_VALUE) else result
    }
}
