package dev.liverules.android

import org.json.JSONArray
import org.junit.Assert.assertEquals
import org.junit.Test
import java.io.File

/**
 * The library reads a timer as the host defines it (`LiveForm.reading(at:)`), character for
 * character, over the table of timers and moments every other reading place is held to
 * (`Tests/Browser/clock_readings.json`: edges around the second, the minute and the hour); without
 * hours, each reads the same clock with its hours counted in its minutes ("1:07:20" is "67:20").
 */
class ClockAgreementTest {
    @Test
    fun theClockReadsAsTheHostReads() {
        val table = JSONArray(File(Minutes.root, "Tests/Browser/clock_readings.json").readText())
        val wrong = ArrayList<String>()
        for (index in 0 until table.length()) {
            val row = table.getJSONObject(index)
            val timer = LiveTimer(row.getDouble("date") - UNIX_2001, row.getString("counts") == "down", row.getString("prefix"), row.getString("suffix"))
            val reading = timer.readingAt(row.getDouble("now") - UNIX_2001)
            if (reading != row.getString("reads")) wrong.add("$row reads \"$reading\"")
            val clock = row.getString("reads").removePrefix(timer.prefix).removeSuffix(timer.suffix)
            val parts = clock.split(':')
            val minutes = if (parts.size == 3) "${parts[0].toLong() * 60 + parts[1].toLong()}:${parts[2]}" else clock
            val withoutHours = timer.copy(showsHours = false).readingAt(row.getDouble("now") - UNIX_2001)
            if (withoutHours != timer.prefix + minutes + timer.suffix) wrong.add("$row reads \"$withoutHours\" without hours")
        }
        assertEquals(wrong.take(5).joinToString("\n"), 0, wrong.size)
        assertEquals(470, table.length())
    }

    /** On every whole second the chronometer Android draws shows the clock of the rules' reading, minutes in two digits. */
    @Test
    fun theChronometerShowsTheReadingsClockOnEveryWholeSecond() {
        val date = 1_772_443_800_000L
        for (seconds in listOf(0L, 1, 59, 60, 599, 3599, 3600, 3723, 36_000, 359_999)) {
            for (countsDown in listOf(true, false)) {
                val millis = if (countsDown) date - seconds * 1000 else date + seconds * 1000
                val timer = LiveTimer(date / 1000.0 - UNIX_2001, countsDown, "", "")
                val clock = timer.reading(millis).let { if (it.indexOf(':') == 1 && it.count { c -> c == ':' } == 1) "0$it" else it }
                assertEquals("$seconds s ${if (countsDown) "down" else "up"}", clock, Chronometer(date, countsDown, "x").reading(millis))
            }
        }
        assertEquals("\u221200:05", Chronometer(date, true, "x").reading(date + 5_000))
    }

    private companion object {
        const val UNIX_2001 = 978_307_200.0
    }
}
